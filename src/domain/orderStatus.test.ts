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
  courierNextStatuses,
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

  it('maps restaurant-style statuses to the pharmacy screens', () => {
    expect(pharmacyDisplayStatus('assigned')).toBe('awaiting_pharmacy_pickup');
    expect(pharmacyDisplayStatus('on_way_to_customer')).toBe('in_pharmacy_delivery');
    expect(pharmacyDisplayStatus('setup_in_progress')).toBe('in_pharmacy_delivery');
    expect(pharmacyDisplayStatus('delivered')).toBe('delivered');
  });
});
