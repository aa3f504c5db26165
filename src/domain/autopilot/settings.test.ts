import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTOPILOT_SETTINGS, dueAt, validateAutopilotSettings } from './settings';

const MINUTE = 60_000;

describe('validateAutopilotSettings', () => {
  it('completes what was sent from the defaults, and new zones start manual', () => {
    expect(validateAutopilotSettings({})).toEqual({ settings: DEFAULT_AUTOPILOT_SETTINGS });
    expect(DEFAULT_AUTOPILOT_SETTINGS.mode).toBe('manual');
    expect(validateAutopilotSettings({ mode: 'auto_offer', maxLoad: 2, batching: false })).toEqual({
      settings: { ...DEFAULT_AUTOPILOT_SETTINGS, mode: 'auto_offer', maxLoad: 2, batching: false },
    });
  });

  it('names every field that is wrong, and only those', () => {
    expect(validateAutopilotSettings({ mode: 'robot', offerSeconds: 5, maxLoad: 2.5, batching: 'yes', leadMinutes: 30 })).toEqual({
      errors: {
        mode: 'Choose manual, auto-offer or auto-assign.',
        batching: 'Batching is on or off.',
        offerSeconds: 'A whole number of seconds from 10 to 600.',
        maxLoad: 'A whole number of orders from 1 to 20.',
      },
    });
  });
});

describe('dueAt', () => {
  const pickupTime = Date.parse('2026-11-27T17:00:00Z');
  it('is the pickup time less the travel to it and the lead time', () => {
    expect(dueAt({ pickupTime }, { leadMinutes: 10 }, 12)).toBe(pickupTime - 22 * MINUTE);
  });
  it('keeps a catering order booked for Friday from being offered on Monday', () => {
    const monday = Date.parse('2026-11-23T15:00:00Z');
    expect(dueAt({ pickupTime }, DEFAULT_AUTOPILOT_SETTINGS, 15)).toBeGreaterThan(monday + 4 * 24 * 60 * MINUTE - 60 * MINUTE);
  });
});
