import { describe, expect, it } from 'vitest';
import {
  ADMIN_TABS,
  BUSINESS_CANCELLABLE,
  BUSINESS_EDITABLE,
  BUSINESS_TABS,
  blocksBusinessDeactivation,
  businessStatusBadge,
  canAdminAssign,
  canCourierMove,
  COMPLETED_STATUSES,
  courierNextStatuses,
  FINISHED_STATUSES,
  mayTransition,
  TRANSITIONS,
  courierStatusLabel,
  findTab,
  isActive,
  ORDER_STATUSES,
  pharmacyDisplayStatus,
  statusWords,
} from './orderStatus';

describe('status sets', () => {
  it('counts every status but the three finished ones as active', () => {
    const active = ORDER_STATUSES.filter(isActive);
    expect(active).toHaveLength(ORDER_STATUSES.length - 3);
    expect(active).not.toContain('delivered');
    expect(active).not.toContain('pharmacy_completed');
    expect(active).not.toContain('cancelled');
    expect(active).toContain('missed_pickup');
  });

  it('lets only delivered and cancelled orders leave a business deactivatable', () => {
    expect(blocksBusinessDeactivation('delivered')).toBe(false);
    expect(blocksBusinessDeactivation('cancelled')).toBe(false);
    expect(blocksBusinessDeactivation('pharmacy_completed')).toBe(true);
    expect(blocksBusinessDeactivation('new')).toBe(true);
  });

  it('gives business cancel and edit rights only early in the workflow', () => {
    expect([...BUSINESS_CANCELLABLE]).toEqual(['new', 'pending_courier', 'assigned', 'courier_confirmed']);
    expect(BUSINESS_EDITABLE.has('arrived_at_pickup')).toBe(true);
    expect(BUSINESS_EDITABLE.has('picked_up')).toBe(false);
  });

  it('refuses admin assignment of finished orders only', () => {
    expect(canAdminAssign('missed_pickup')).toBe(true);
    expect(canAdminAssign('delivered')).toBe(false);
    expect(canAdminAssign('cancelled')).toBe(false);
  });
});

describe('tabs', () => {
  it('puts each status in at most one admin tab besides All', () => {
    const seen = new Map<string, string>();
    for (const tab of ADMIN_TABS) {
      for (const status of tab.statuses ?? []) {
        expect(seen.get(status), `${status} in ${tab.key} and ${seen.get(status)}`).toBeUndefined();
        seen.set(status, tab.key);
      }
    }
  });

  it('defines business In Progress as every status but the early, finished and missed ones', () => {
    const inProgress = findTab(BUSINESS_TABS, 'in_progress').statuses!;
    expect(inProgress).toContain('assigned');
    expect(inProgress).toContain('in_pharmacy_delivery');
    expect(inProgress).not.toContain('new');
    expect(inProgress).not.toContain('missed_pickup');
    // Every status falls in exactly one business tab.
    const covered = BUSINESS_TABS.flatMap((tab) => tab.statuses ?? []);
    expect(new Set(covered).size).toBe(ORDER_STATUSES.length);
    expect(covered).toHaveLength(ORDER_STATUSES.length);
  });

  it('falls back to All for an unknown tab key', () => {
    expect(findTab(ADMIN_TABS, 'bogus').key).toBe('all');
    expect(findTab(ADMIN_TABS, null).key).toBe('all');
  });
});

describe('labels', () => {
  it('shows underscores as spaces in admin and business areas', () => {
    expect(statusWords('courier_on_way_to_pickup')).toBe('courier on way to pickup');
    expect(businessStatusBadge('pharmacy_completed')).toBe('Completed');
    expect(businessStatusBadge('missed_pickup')).toBe('missed pickup');
  });

  it('capitalises unknown statuses in the courier area', () => {
    expect(courierStatusLabel('picked_up')).toBe('Got All Items');
    expect(courierStatusLabel('missed_pickup')).toBe('Missed Pickup');
  });
});

describe('the status graph (TRANSITIONS)', () => {
  it('is what each actor may write, and nothing else', () => {
    // Every status is known to the graph, and every move leads to a status.
    for (const graph of Object.values(TRANSITIONS))
      for (const [from, to] of Object.entries(graph)) {
        expect(ORDER_STATUSES).toContain(from);
        for (const status of to!) expect(ORDER_STATUSES).toContain(status);
      }
    expect(mayTransition('restaurant', 'courier_confirmed', 'cancelled')).toBe(true);
    expect(mayTransition('restaurant', 'picked_up', 'cancelled')).toBe(false);
    expect(mayTransition('restaurant', 'new', 'delivered')).toBe(false);
    expect(mayTransition('system', 'courier_confirmed', 'missed_pickup')).toBe(true);
    expect(mayTransition('system', 'on_way_to_customer', 'missed_pickup')).toBe(false);
    expect(mayTransition('admin', 'missed_pickup', 'assigned')).toBe(true);
    expect(mayTransition('admin', 'delivered', 'cancelled')).toBe(false);
    expect(mayTransition('admin', 'on_way_to_customer', 'arrived_at_customer')).toBe(true);
    expect(mayTransition('admin', 'arrived_at_customer', 'delivered')).toBe(false);
    expect(mayTransition('courier', 'courier_confirmed', 'cancelled')).toBe(false);
  });

  it('finishes only through delivery, completion or cancellation, and never leaves a finished status', () => {
    for (const [actor, graph] of Object.entries(TRANSITIONS)) {
      for (const finished of FINISHED_STATUSES) expect(graph[finished] ?? [], `${actor} from ${finished}`).toEqual([]);
    }
  });

  it('lets nobody but the courier holding an order deliver it', () => {
    for (const actor of ['admin', 'restaurant', 'system'] as const)
      for (const from of ORDER_STATUSES.filter((status) => !COMPLETED_STATUSES.has(status)))
        for (const to of COMPLETED_STATUSES) expect(mayTransition(actor, from, to), `${actor}: ${from} → ${to}`).toBe(false);
  });
});

describe('courier steps', () => {
  it('walks the restaurant path in order', () => {
    const path = [
      'courier_confirmed',
      'courier_on_way_to_pickup',
      'arrived_at_pickup',
      'picked_up',
      'on_way_to_customer',
      'arrived_at_customer',
      'setup_in_progress',
      'delivered',
    ] as const;
    for (let i = 1; i < path.length; i++) expect(canCourierMove(path[i - 1], path[i])).toBe(true);
  });

  it('refuses skipping steps and leaving final statuses', () => {
    expect(canCourierMove('courier_on_way_to_pickup', 'delivered')).toBe(false);
    expect(canCourierMove('delivered', 'cancelled')).toBe(false);
    expect(courierNextStatuses('cancelled')).toEqual([]);
  });

  it('gives the order back to dispatch through the penalty dialog from any held, unfinished status, never cancels it (C26)', () => {
    for (const from of ['picked_up', 'on_way_to_customer', 'courier_on_way_to_pharmacy', 'in_pharmacy_delivery'] as const) {
      expect(canCourierMove(from, 'courier_rejected'), from).toBe(true);
      expect(canCourierMove(from, 'cancelled'), from).toBe(false);
    }
    expect(canCourierMove('pending_courier', 'courier_rejected')).toBe(false);
    expect(canCourierMove('delivered', 'courier_rejected')).toBe(false);
  });

  it('asks for no move the server makes itself: accepting an offer, a route ending on the way', () => {
    expect(courierNextStatuses('pending_courier')).toEqual([]);
    expect(canCourierMove('on_way_to_customer', 'delivered')).toBe(false);
    expect(mayTransition('courier', 'on_way_to_customer', 'delivered')).toBe(true);
    expect(mayTransition('courier', 'pending_courier', 'courier_confirmed')).toBe(true);
  });

  it('maps restaurant-style statuses to the pharmacy screens', () => {
    expect(pharmacyDisplayStatus('assigned')).toBe('awaiting_pharmacy_pickup');
    expect(pharmacyDisplayStatus('on_way_to_customer')).toBe('in_pharmacy_delivery');
    expect(pharmacyDisplayStatus('setup_in_progress')).toBe('in_pharmacy_delivery');
    expect(pharmacyDisplayStatus('delivered')).toBe('delivered');
  });
});
