/**
 * What needs a person (issue 29, decision W9): the orders the dispatcher must act on, above
 * everything in flight. One rule, `queueReason`, which the queue's SQL restates
 * (src/db/dispatchQueue.ts; a test holds them to each other).
 */
import { AT_RISK_MINUTES } from './dispatch';
import { isFinished, NOT_UNDER_WAY_STATUSES, type OrderStatus } from './orderStatus';

const MINUTE = 60_000;

export const QUEUE_REASONS = ['delivery_failed', 'missed', 'autopilot_stuck', 'declined', 'unassigned', 'offer_unanswered', 'at_risk'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  delivery_failed: 'Delivery failed',
  missed: 'Missed pickup',
  autopilot_stuck: 'Autopilot could not place',
  declined: 'Declined',
  unassigned: 'Unassigned',
  offer_unanswered: 'Offer unanswered',
  at_risk: 'At risk',
};

/** An offer to the zone nobody took for this long needs a person. */
export const OFFER_UNANSWERED_MINUTES = 10;
/**
 * The queue's window of hours either side of now: orders picked up or due longer ago are
 * history, and orders whose pickup is further ahead wait in the list's Upcoming (a new order
 * for next month needs nobody today). Only a failed delivery stays whatever its time.
 */
export const QUEUE_WINDOW_HOURS = 12;

export interface QueueFacts {
  status: OrderStatus;
  deliveryFailedAt: number | null;
  pickupTime: number;
  deliveryTime: number;
  /** When the order last changed: for an offer, when it was offered. */
  updatedAt: number;
  /**
   * Its zone's autopilot (issue 30, decision W12) is dispatching it (its cascade is under way,
   * or it is new in a zone whose autopilot runs), or gave up on it; null when a person does.
   */
  autopilot: AutopilotHold | null;
}

export type AutopilotHold = 'dispatching' | 'stuck';

/** Why the order needs a person now, or null when it does not (the first reason that holds, most pressing first). */
export function queueReason(order: QueueFacts, now: number): QueueReason | null {
  if (isFinished(order.status)) return null;
  if (order.deliveryFailedAt != null) return 'delivery_failed';
  const since = now - QUEUE_WINDOW_HOURS * 60 * MINUTE;
  if (order.deliveryTime < since || order.pickupTime < since || order.pickupTime > now + QUEUE_WINDOW_HOURS * 60 * MINUTE) return null;
  if (order.status === 'missed_pickup') return 'missed';
  if (order.autopilot === 'stuck' && NOT_UNDER_WAY_STATUSES.has(order.status)) return 'autopilot_stuck';
  // What the autopilot is dispatching waits for nobody, unless its pickup is at risk.
  if (order.autopilot !== 'dispatching') {
    if (order.status === 'courier_rejected') return 'declined';
    if (order.status === 'new') return 'unassigned';
    if (order.status === 'pending_courier' && order.updatedAt <= now - OFFER_UNANSWERED_MINUTES * MINUTE) return 'offer_unanswered';
  }
  if (NOT_UNDER_WAY_STATUSES.has(order.status) && order.pickupTime <= now + AT_RISK_MINUTES * MINUTE) return 'at_risk';
  return null;
}

/** The statuses an order can need a person in, besides a failed delivery: the queue's SQL reads only these. */
export const QUEUE_STATUSES: readonly OrderStatus[] = [
  ...new Set<OrderStatus>(['missed_pickup', 'courier_rejected', 'new', 'pending_courier', ...NOT_UNDER_WAY_STATUSES]),
];
