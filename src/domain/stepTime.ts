/**
 * When a courier's step happened (decision F7). A step taken offline reaches the server
 * late; the phone says when it was tapped, and the server keeps that time when it is
 * plausible, else the nearest plausible time, and says both.
 *
 * The phone sends two readings of its own clock: when the step was tapped and when it was
 * sent. Their difference is how long the step waited on the phone, which holds even when
 * the phone's clock is set wrong; the step happened that long before the server received it.
 * Plausible: not before the order's previous step, not in the future, and within the
 * offline window (a phone does not keep a step for longer).
 */

import { MILESTONES, type MilestoneField } from './orderStatus';

/** The longest a step is believed to have waited on the phone. */
export const OFFLINE_WINDOW_MS = 12 * 60 * 60 * 1000;

/** The phone's clock when the step was tapped and when it was sent (epoch ms, as the phone reads it). */
export interface DeviceStepClock {
  tappedAt: number;
  sentAt: number;
}

export type StepTimeAdjustment = 'before_previous_step' | 'in_the_future' | 'outside_offline_window';

export interface StepTime {
  /** The time the step is recorded at. */
  at: number;
  /** The time the phone's readings give, when it sent them. */
  claimed: number | null;
  /** Why `claimed` was not kept (then `at` is the nearest plausible time). */
  adjustment: StepTimeAdjustment | null;
}

/**
 * The time to record a step at. `receivedAt`: the server's clock when the step arrived;
 * `previousStepAt`: the order's latest step before this one, if any.
 */
export function stepTime(receivedAt: number, device: DeviceStepClock | null, previousStepAt: number | null): StepTime {
  if (!device) return { at: receivedAt, claimed: null, adjustment: null };
  const claimed = receivedAt - (device.sentAt - device.tappedAt);
  const earliest = Math.max(receivedAt - OFFLINE_WINDOW_MS, previousStepAt ?? -Infinity);
  if (claimed > receivedAt) return { at: receivedAt, claimed, adjustment: 'in_the_future' };
  if (previousStepAt != null && claimed < previousStepAt) return { at: Math.min(previousStepAt, receivedAt), claimed, adjustment: 'before_previous_step' };
  if (claimed < earliest) return { at: Math.min(earliest, receivedAt), claimed, adjustment: 'outside_offline_window' };
  return { at: claimed, claimed, adjustment: null };
}

const ADJUSTMENT_REASONS: Record<StepTimeAdjustment, string> = {
  before_previous_step: 'before the previous step',
  in_the_future: 'in the future',
  outside_offline_window: 'longer ago than a phone keeps a step',
};

/** Steps that waited less than this on the phone are not remarked on in the history. */
const NOTABLE_WAIT_MS = 30_000;

/**
 * The history's note on the time, or null when there is nothing to say: the phone's time and
 * the one recorded when it was adjusted, and when a step kept its tap time long after it, the
 * time it reached the server.
 */
export function stepTimeNote(time: StepTime, receivedAt: number, format: (time: number) => string): string | null {
  if (time.claimed == null) return null;
  if (time.adjustment) return `Phone time ${format(time.claimed)} was ${ADJUSTMENT_REASONS[time.adjustment]}; recorded at ${format(time.at)}`;
  if (receivedAt - time.at < NOTABLE_WAIT_MS) return null;
  return `Tapped at ${format(time.at)} on the phone; reached the server at ${format(receivedAt)}`;
}

const MILESTONE_FIELDS = [...new Set(Object.values(MILESTONES).flat())];

/** The time of the order's latest step so far (its milestones), or null before the first. */
export function previousStepAt(order: Partial<Record<MilestoneField, number | null>>, ...others: Array<number | null | undefined>): number | null {
  const times = [...MILESTONE_FIELDS.map((field) => order[field]), ...others].filter((time): time is number => time != null);
  return times.length ? Math.max(...times) : null;
}

/** The phone's readings from a step's request headers (X-Tapped-At, X-Sent-At: epoch ms); null unless both are sane. */
export function deviceStepClock(tappedAt: string | undefined, sentAt: string | undefined): DeviceStepClock | null {
  const tapped = Number(tappedAt);
  const sent = Number(sentAt);
  if (!tappedAt || !sentAt || !Number.isSafeInteger(tapped) || !Number.isSafeInteger(sent) || tapped <= 0 || sent <= 0) return null;
  return { tappedAt: tapped, sentAt: sent };
}
