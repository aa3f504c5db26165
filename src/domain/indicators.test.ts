import { describe, expect, it } from 'vitest';
import { courierOnlineState, gpsFreshness, gpsPresence } from './indicators';

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

describe('gpsPresence', () => {
  it('says what the phone last told, beside the go-online indicator', () => {
    const now = Date.UTC(2026, 10, 27, 18);
    expect(gpsPresence(now - 60_000, now)).toEqual({ freshness: 'online', words: 'Live GPS' });
    expect(gpsPresence(now - 12 * 60_000, now)).toEqual({ freshness: 'recent', words: 'GPS 12 minutes ago' });
    expect(gpsPresence(now - 3 * 3_600_000, now)).toEqual({ freshness: 'offline', words: 'No GPS since 3 hours ago' });
    expect(gpsPresence(null, now)).toEqual({ freshness: 'offline', words: 'No GPS yet' });
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
