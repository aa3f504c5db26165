import { describe, expect, it } from 'vitest';
import { deliveryEarnings, earningsRange } from './courierEarnings';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 21, 15, 0);

describe('courier earnings', () => {
  it('gives the courier the whole tip and the rest of courier pay as base pay; pharmacy falls back to the delivery fee', () => {
    expect(deliveryEarnings({ courierPayCents: 4500, deliveryFeeCents: 4000, tipCents: 500 })).toEqual({ basePay: 4000, tip: 500, total: 4500 });
    expect(deliveryEarnings({ courierPayCents: null, deliveryFeeCents: 1280, tipCents: null })).toEqual({ basePay: 1280, tip: 0, total: 1280 });
    // Without courierPay the tip is still the courier's, out of the fee (the preview's estimate is this total too).
    expect(deliveryEarnings({ courierPayCents: null, deliveryFeeCents: 1280, tipCents: 300 })).toEqual({ basePay: 980, tip: 300, total: 1280 });
  });

  it('covers today, the last 7 or 30 days (default) in the service zone, or a custom range', () => {
    const zone = 'America/New_York';
    const today = earningsRange({ period: 'today' }, zone, NOW)!;
    expect(new Date(today.start).toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(today.end - today.start).toBe(24 * 60 * MINUTE);
    expect(earningsRange({}, zone, NOW)).toEqual(earningsRange({ period: '30days' }, zone, NOW));
    expect(new Date(earningsRange({ period: '7days' }, zone, NOW)!.start).toISOString()).toBe('2026-11-15T05:00:00.000Z');
    expect(earningsRange({ startDate: '2026-11-01', endDate: '2026-11-02' }, zone, NOW)).toEqual({
      start: Date.parse('2026-11-01T04:00:00Z'),
      end: Date.parse('2026-11-03T05:00:00Z'),
    });
    expect(earningsRange({ startDate: '2026-11-05', endDate: '2026-11-02' }, zone, NOW)).toBeNull();
  });
});
