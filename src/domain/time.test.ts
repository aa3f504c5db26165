import { describe, expect, it } from 'vitest';
import { agoText, chosenOrRecentDays, dayRange, formatDateTime, formatTime, isDay, isValidTimeZone, monthLabel, monthRange, relativeAge } from './time';

describe('formatting', () => {
  it('shows times in the given zone', () => {
    const at = '2026-11-21T17:05:00Z';
    expect(formatTime(at, 'America/New_York')).toBe('12:05 PM');
    expect(formatTime(at, 'Europe/Berlin')).toBe('6:05 PM');
    expect(formatDateTime(at, 'America/New_York')).toBe('Nov 21, 2026 12:05 PM');
  });

  it("says 'N/A' for a missing time and 'Invalid date' for an unreadable one", () => {
    expect(formatTime(null, 'UTC')).toBe('N/A');
    expect(formatTime('', 'UTC')).toBe('N/A');
    expect(formatTime('yesterday-ish', 'UTC')).toBe('Invalid date');
  });
});

describe('ranges', () => {
  it('turns a month in New York into its instants across the DST change', () => {
    const { start, end } = monthRange('2026-11', 'America/New_York');
    expect(new Date(start).toISOString()).toBe('2026-11-01T04:00:00.000Z'); // EDT
    expect(new Date(end).toISOString()).toBe('2026-12-01T05:00:00.000Z'); // EST
  });

  it('covers whole days, to inclusive', () => {
    const { start, end } = dayRange('2026-12-31', 'UTC', '2027-01-01');
    expect(new Date(start).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2027-01-02T00:00:00.000Z');
  });

  it('checks days and zones', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});

describe('chosenOrRecentDays', () => {
  it('keeps days asked for that have begun, else gives the last days up to today', () => {
    expect(chosenOrRecentDays({ from: '2026-11-01', to: '2026-11-05' }, '2026-11-23', 30)).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    for (const asked of [{}, { from: '2026-11-05', to: '2026-11-01' }, { from: '2026-11-01', to: '2026-11-24' }, { from: '2026-02-30', to: '2026-11-01' }]) {
      expect(chosenOrRecentDays(asked, '2026-11-23', 30), JSON.stringify(asked)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    }
  });
});

describe('relativeAge', () => {
  it('picks the largest whole unit', () => {
    const now = 10_000_000_000;
    expect(relativeAge(now - 59_000, now).unit).toBe('now');
    expect(relativeAge(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', value: 5 });
    expect(relativeAge(now - 3 * 3600_000, now)).toEqual({ unit: 'hours', value: 3 });
    expect(relativeAge(now - 50 * 3600_000, now)).toEqual({ unit: 'days', value: 2 });
  });
});

describe('agoText', () => {
  it('says how long ago in words', () => {
    const now = 10_000_000_000;
    expect(agoText(now - 10_000, now)).toBe('just now');
    expect(agoText(now - 60_000, now)).toBe('1 minute ago');
    expect(agoText(now - 2 * 3600_000, now)).toBe('2 hours ago');
  });
});
