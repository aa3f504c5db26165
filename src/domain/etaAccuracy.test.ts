import { describe, expect, it } from 'vitest';
import { etaAccuracyRows, leadGroupOf, LEAD_GROUPS } from './etaAccuracy';

const MINUTE = 60_000;

describe('leadGroupOf', () => {
  it('puts an ETA in the group of how long before the arrival it was shown, boundaries in the later group', () => {
    expect([0, 4.9, 5, 14.9, 15, 29.9, 30, 240].map((minutes) => leadGroupOf(minutes * MINUTE))).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(LEAD_GROUPS[leadGroupOf(12 * MINUTE)].label).toBe('5–15 min');
  });
});

describe('etaAccuracyRows', () => {
  it('gives each group with samples its share on time and late and its average miss, then all together', () => {
    const { groups, overall } = etaAccuracyRows(
      [
        { group: 0, samples: 4, arrivals: 2, accurate: 3, late: 1, absoluteMissMs: 4 * 3 * MINUTE },
        { group: 2, samples: 2, arrivals: 2, accurate: 0, late: 2, absoluteMissMs: 2 * 9 * MINUTE },
      ],
      3,
    );
    expect(groups).toEqual([
      { label: 'Under 5 min', samples: 4, arrivals: 2, accuratePercent: 75, latePercent: 25, averageMissMinutes: 3 },
      { label: '15–30 min', samples: 2, arrivals: 2, accuratePercent: 0, latePercent: 100, averageMissMinutes: 9 },
    ]);
    expect(overall).toEqual({ label: 'All ETAs', samples: 6, arrivals: 3, accuratePercent: 50, latePercent: 50, averageMissMinutes: 5 });
  });

  it('has nothing to say without samples', () => {
    expect(etaAccuracyRows([], 0)).toEqual({ groups: [], overall: null });
  });
});
