import { describe, expect, it } from 'vitest';
import { courierOnlineState, gpsFreshness } from './indicators';

describe('courierOnlineState', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const base = { status: 'assigned' as const, courierId: 4, goOnlineTime: null, pickupTime: now + 60 * 60_000 };

  it('says online once the courier went online', () => {
    expect(courierOnlineState({ ...base, goOnlineTime: now - 1000 }, now)).toBe('online');
  });
  it('escalates as pickup nears', () => {
    expect(courierOnlineState({ ...base, pickupTime: now + 45 * 60_000 }, now)).toBe('urgent');
    expect(courierOnlineState({ ...base, pickupTime: now + 90 * 60_000 }, now)).toBe('soon');
    expect(courierOnlineState({ ...base, pickupTime: now + 91 * 60_000 }, now)).toBeNull();
  });
  it('shows nothing without a courier or in other statuses', () => {
    expect(courierOnlineState({ ...base, courierId: null }, now)).toBeNull();
    expect(courierOnlineState({ ...base, status: 'picked_up' as never }, now)).toBeNull();
  });
});

describe('gpsFreshness', () => {
  const now = 1_000_000_000;
  it('grades by age', () => {
    expect(gpsFreshness(now - 4 * 60_000, now)).toBe('online');
    expect(gpsFreshness(now - 5 * 60_000, now)).toBe('recent');
    expect(gpsFreshness(now - 30 * 60_000, now)).toBe('offline');
    expect(gpsFreshness(null, now)).toBe('offline');
  });
});
