import { describe, expect, it } from 'vitest';
import { deviceStepClock, OFFLINE_WINDOW_MS, previousStepAt, stepTime, stepTimeNote } from './stepTime';

const MINUTE = 60_000;
const received = Date.UTC(2026, 10, 23, 15, 0);
const tapped = (waited: number, skew = 0) => ({ tappedAt: received + skew - waited, sentAt: received + skew });
const clock = (time: number) => new Date(time).toISOString().slice(11, 19);

describe('stepTime', () => {
  it('is the time of receipt when the phone says nothing', () => {
    expect(stepTime(received, null, null)).toEqual({ at: received, claimed: null, adjustment: null });
  });

  it('keeps the tap time of a step that waited offline', () => {
    expect(stepTime(received, tapped(2 * MINUTE), received - 10 * MINUTE)).toEqual({
      at: received - 2 * MINUTE,
      claimed: received - 2 * MINUTE,
      adjustment: null,
    });
  });

  it('reads how long the step waited, so a phone clock set wrong does not matter', () => {
    expect(stepTime(received, tapped(2 * MINUTE, 3 * 60 * MINUTE), null).at).toBe(received - 2 * MINUTE);
    expect(stepTime(received, tapped(2 * MINUTE, -47 * MINUTE), null).at).toBe(received - 2 * MINUTE);
  });

  it('never puts a step before the order’s previous step', () => {
    expect(stepTime(received, tapped(5 * MINUTE), received - MINUTE)).toEqual({
      at: received - MINUTE,
      claimed: received - 5 * MINUTE,
      adjustment: 'before_previous_step',
    });
  });

  it('never puts a step in the future (tapped after it was sent)', () => {
    expect(stepTime(received, { tappedAt: received + MINUTE, sentAt: received }, null)).toEqual({
      at: received,
      claimed: received + MINUTE,
      adjustment: 'in_the_future',
    });
  });

  it('holds a step to the offline window', () => {
    const time = stepTime(received, tapped(OFFLINE_WINDOW_MS + MINUTE), null);
    expect(time).toEqual({ at: received - OFFLINE_WINDOW_MS, claimed: received - OFFLINE_WINDOW_MS - MINUTE, adjustment: 'outside_offline_window' });
    expect(stepTime(received, tapped(OFFLINE_WINDOW_MS), null).adjustment).toBeNull();
  });

  it('a previous step recorded after the receipt (clock drift between servers) still gives a time no later than now', () => {
    expect(stepTime(received, tapped(MINUTE), received + 5_000).at).toBe(received);
  });
});

describe('stepTimeNote', () => {
  it('says both times when the phone’s was adjusted', () => {
    const time = stepTime(received, tapped(5 * MINUTE), received - MINUTE);
    expect(stepTimeNote(time, received, clock)).toBe('Phone time 14:55:00 was before the previous step; recorded at 14:59:00');
  });

  it('says when a kept tap time reached the server, if it waited', () => {
    expect(stepTimeNote(stepTime(received, tapped(2 * MINUTE), null), received, clock)).toBe('Tapped at 14:58:00 on the phone; reached the server at 15:00:00');
    expect(stepTimeNote(stepTime(received, tapped(2_000), null), received, clock)).toBeNull();
    expect(stepTimeNote(stepTime(received, null, null), received, clock)).toBeNull();
  });
});

describe('previousStepAt', () => {
  it('is the latest milestone of the order, or of the others given', () => {
    expect(previousStepAt({ goOnlineTime: 1, arrivedAtPickupTime: 5, pickedUpTime: null })).toBe(5);
    expect(previousStepAt({ goOnlineTime: 1 }, 9, null)).toBe(9);
    expect(previousStepAt({})).toBeNull();
  });
});

describe('deviceStepClock', () => {
  it('reads both headers, or nothing', () => {
    expect(deviceStepClock('1000', '2000')).toEqual({ tappedAt: 1000, sentAt: 2000 });
    expect(deviceStepClock('1000', undefined)).toBeNull();
    expect(deviceStepClock('soon', '2000')).toBeNull();
    expect(deviceStepClock('1e400', '2000')).toBeNull();
    expect(deviceStepClock('-5', '2000')).toBeNull();
  });
});
