import { describe, expect, it } from 'vitest';
import { addDays, isDay } from '../../src/domain/time';
import { PERIODS } from './periods';

describe('reserved test periods', () => {
  it('are real days, in order, in the past, and a day apart from one another', () => {
    const periods = Object.entries(PERIODS).sort(([, a], [, b]) => a.from.localeCompare(b.from));
    for (const [name, { from, to }] of periods) {
      expect(isDay(from) && isDay(to), name).toBe(true);
      expect(from <= to, name).toBe(true);
      expect(to < '2026-01-01', `${name} must lie years back`).toBe(true);
    }
    for (let i = 1; i < periods.length; i++) {
      const [previous, earlier] = periods[i - 1];
      const [name, later] = periods[i];
      // A day between them: instants just outside a period (23:59:59 the day before) stay outside the next one.
      expect(addDays(earlier.to, 1) < later.from, `${previous} and ${name} touch or overlap`).toBe(true);
    }
  });
});
