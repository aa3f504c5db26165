import { describe, expect, it } from 'vitest';
import { AT_RISK_MINUTES } from './dispatch';
import { OFFER_UNANSWERED_MINUTES, QUEUE_WINDOW_HOURS, queueReason, type QueueFacts } from './dispatchQueue';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 27, 18);
const order = (fields: Partial<QueueFacts>): QueueFacts => ({
  status: 'new',
  deliveryFailedAt: null,
  pickupTime: NOW + 120 * MINUTE,
  deliveryTime: NOW + 180 * MINUTE,
  updatedAt: NOW,
  autopilot: null,
  ...fields,
});

describe('queueReason', () => {
  it('names the most pressing reason first', () => {
    expect(queueReason(order({ status: 'on_way_to_customer', deliveryFailedAt: NOW }), NOW)).toBe('delivery_failed');
    expect(queueReason(order({ status: 'missed_pickup' }), NOW)).toBe('missed');
    expect(queueReason(order({ status: 'courier_rejected', pickupTime: NOW }), NOW)).toBe('declined');
    expect(queueReason(order({ status: 'new', pickupTime: NOW }), NOW)).toBe('unassigned');
  });

  it('leaves what the autopilot is dispatching to it, unless its pickup is at risk, and raises what it gave up on', () => {
    expect(queueReason(order({ status: 'new', autopilot: 'dispatching' }), NOW)).toBeNull();
    expect(queueReason(order({ status: 'courier_rejected', autopilot: 'dispatching' }), NOW)).toBeNull();
    expect(queueReason(order({ status: 'pending_courier', updatedAt: NOW - 60 * MINUTE, autopilot: 'dispatching' }), NOW)).toBeNull();
    expect(queueReason(order({ status: 'assigned', pickupTime: NOW, autopilot: 'dispatching' }), NOW)).toBe('at_risk');
    expect(queueReason(order({ status: 'pending_courier', autopilot: 'stuck' }), NOW)).toBe('autopilot_stuck');
    expect(queueReason(order({ status: 'missed_pickup', autopilot: 'stuck' }), NOW)).toBe('missed');
  });

  it('waits OFFER_UNANSWERED_MINUTES for the zone to answer an offer', () => {
    expect(queueReason(order({ status: 'pending_courier', updatedAt: NOW - (OFFER_UNANSWERED_MINUTES - 1) * MINUTE }), NOW)).toBeNull();
    expect(queueReason(order({ status: 'pending_courier', updatedAt: NOW - OFFER_UNANSWERED_MINUTES * MINUTE }), NOW)).toBe('offer_unanswered');
  });

  it('raises an order nobody is on the way to AT_RISK_MINUTES before pickup, not one under way', () => {
    expect(queueReason(order({ status: 'assigned', pickupTime: NOW + (AT_RISK_MINUTES + 1) * MINUTE }), NOW)).toBeNull();
    expect(queueReason(order({ status: 'assigned', pickupTime: NOW + AT_RISK_MINUTES * MINUTE }), NOW)).toBe('at_risk');
    expect(queueReason(order({ status: 'courier_on_way_to_pickup', pickupTime: NOW }), NOW)).toBeNull();
  });

  it('leaves orders due beyond the window for later: a new order for next week needs nobody today', () => {
    expect(queueReason(order({ pickupTime: NOW + QUEUE_WINDOW_HOURS * 60 * MINUTE }), NOW)).toBe('unassigned');
    expect(queueReason(order({ pickupTime: NOW + (QUEUE_WINDOW_HOURS * 60 + 1) * MINUTE, deliveryTime: NOW + 14 * 60 * MINUTE }), NOW)).toBeNull();
  });

  it('leaves finished orders and history out, but never an unresolved failed delivery', () => {
    expect(queueReason(order({ status: 'delivered', deliveryFailedAt: NOW }), NOW)).toBeNull();
    const old = { pickupTime: NOW - (QUEUE_WINDOW_HOURS * 60 + 90) * MINUTE, deliveryTime: NOW - (QUEUE_WINDOW_HOURS * 60 + 30) * MINUTE };
    expect(queueReason(order({ ...old, status: 'new' }), NOW)).toBeNull();
    expect(queueReason(order({ ...old, status: 'in_pharmacy_delivery', deliveryFailedAt: NOW - 60 * MINUTE }), NOW)).toBe('delivery_failed');
  });
});
