/**
 * How honest the ETAs shown to customers were (issue 16, decision K15): each sampled ETA
 * (tracking_etas) against the arrival then recorded on its stop or order, grouped by how
 * long before the arrival it was shown. A miss is the predicted arrival minus the actual
 * one: negative when the courier came later than promised.
 */

const MINUTE = 60_000;

/** An ETA within this of the actual arrival, either way, was right. */
export const ACCURATE_WITHIN_MS = 5 * MINUTE;

/** How long before the arrival an ETA was shown: the groups the report is read in, nearest first. */
export const LEAD_GROUPS = [
  { label: 'Under 5 min', underMs: 5 * MINUTE },
  { label: '5–15 min', underMs: 15 * MINUTE },
  { label: '15–30 min', underMs: 30 * MINUTE },
  { label: '30 min or more', underMs: null },
] as const;

/** The index in LEAD_GROUPS of an ETA shown `leadMs` before the arrival. */
export function leadGroupOf(leadMs: number): number {
  const index = LEAD_GROUPS.findIndex((group) => group.underMs != null && leadMs < group.underMs);
  return index === -1 ? LEAD_GROUPS.length - 1 : index;
}

/** One group's counts, as the database sums them. */
export interface EtaSampleCounts {
  group: number;
  samples: number;
  /** Distinct orders or stops the samples were about. */
  arrivals: number;
  accurate: number;
  /** Courier came later than promised by more than ACCURATE_WITHIN_MS. */
  late: number;
  absoluteMissMs: number;
}

export interface EtaAccuracyRow {
  label: string;
  samples: number;
  arrivals: number;
  /** Whole percent of samples within ACCURATE_WITHIN_MS. */
  accuratePercent: number;
  latePercent: number;
  /** Mean absolute miss, in whole minutes. */
  averageMissMinutes: number;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/**
 * Every group in order, those without samples left out, and all of them together
 * (`arrivals`: the distinct arrivals of every group, each counted once).
 */
export function etaAccuracyRows(counts: readonly EtaSampleCounts[], arrivals: number): { groups: EtaAccuracyRow[]; overall: EtaAccuracyRow | null } {
  const row = (label: string, c: Omit<EtaSampleCounts, 'group'>): EtaAccuracyRow => ({
    label,
    samples: c.samples,
    arrivals: c.arrivals,
    accuratePercent: percent(c.accurate, c.samples),
    latePercent: percent(c.late, c.samples),
    averageMissMinutes: c.samples === 0 ? 0 : Math.round(c.absoluteMissMs / c.samples / MINUTE),
  });
  const groups = LEAD_GROUPS.flatMap((group, index) => {
    const found = counts.find((c) => c.group === index);
    return found && found.samples > 0 ? [row(group.label, found)] : [];
  });
  if (!groups.length) return { groups, overall: null };
  const sum = (key: 'samples' | 'accurate' | 'late' | 'absoluteMissMs') => counts.reduce((total, c) => total + c[key], 0);
  return {
    groups,
    overall: row('All ETAs', { samples: sum('samples'), arrivals, accurate: sum('accurate'), late: sum('late'), absoluteMissMs: sum('absoluteMissMs') }),
  };
}
