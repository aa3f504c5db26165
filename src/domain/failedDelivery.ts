/**
 * When a delivery cannot be made (issue 27, decision C28): the courier says why, with a
 * photo and notes, and the order or stop follows one rule that everyone reads the same way.
 *
 * - "Customer not there" the first time: try again (call, wait, knock); the courier keeps it.
 * - Otherwise, a stop of a route is returned: its package goes back to the pickup and the
 *   route goes on to the next stop (the last one settled completes the route).
 * - Otherwise, an order of its own goes back to dispatch: the courier keeps the order and
 *   waits for the dispatcher, who sends them again or cancels it.
 */
import { STOP_DELIVERY_PHASE, type OrderStatus, type StopStatus } from './orderStatus';

export const FAILURE_REASONS = ['customer_not_there', 'wrong_address', 'refused', 'unsafe'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  customer_not_there: 'Customer not there',
  wrong_address: 'Wrong address',
  refused: 'Refused',
  unsafe: 'Unsafe to deliver',
};

export const FAILURE_OUTCOMES = ['retry', 'return', 'dispatch'] as const;
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

/** The rule: what follows a failed attempt, from why it failed and how often it failed before. */
export function failureOutcome(reason: FailureReason, onStop: boolean, attemptsBefore: number): FailureOutcome {
  if (reason === 'customer_not_there' && attemptsBefore === 0) return 'retry';
  return onStop ? 'return' : 'dispatch';
}

/** The order's own delivery may be reported failed from the way there to the door (a single order, no stops). */
export const FAILABLE_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set(['on_way_to_customer', 'arrived_at_customer', 'setup_in_progress']);
/** A stop may be reported failed while it is the current one and not delivered (the next stop may still read pending as the courier drives to it). */
export const FAILABLE_STOP_STATUSES: ReadonlySet<StopStatus> = new Set(['pending', 'on_way', 'arrived']);

/** A stop is settled when delivered or returned: the route goes on to the next one. */
export const isStopSettled = (stop: { status: StopStatus; returnedAt?: number | string | null }) => stop.status === 'delivered' || stop.returnedAt != null;

/** Why a failure cannot be reported now, or null (the same words on the phone and from the server). */
export function failureRefusal(facts: {
  orderStatus: OrderStatus;
  stop: { status: StopStatus; returnedAt: number | null; current: boolean } | null;
  hasStops: boolean;
}): { error: string; details: string } | null {
  if (facts.hasStops && !facts.stop) return { error: 'Stop required', details: 'Say which stop could not be delivered.' };
  if (facts.stop) {
    if (!STOP_DELIVERY_PHASE.has(facts.orderStatus) || !facts.stop.current || !FAILABLE_STOP_STATUSES.has(facts.stop.status) || facts.stop.returnedAt != null)
      return { error: 'Not delivering this stop', details: 'Only the stop you are delivering now can be reported.' };
    return null;
  }
  if (!FAILABLE_ORDER_STATUSES.has(facts.orderStatus))
    return { error: 'Not delivering yet', details: 'A failed delivery is reported on the way to the customer or at the door.' };
  return null;
}

/** Where a returned package goes, as the people involved name it. */
const pickupName = (pharmacy: boolean) => (pharmacy ? 'the pharmacy' : 'the restaurant');

/** What the courier is told to do next. */
export function courierInstruction(outcome: FailureOutcome, pharmacy: boolean): string {
  switch (outcome) {
    case 'retry':
      return 'Try again: call the customer and wait a few minutes. If they still do not answer, report it again.';
    case 'return':
      return `Keep the package and bring it back to ${pickupName(pharmacy)} at the end of your route.`;
    case 'dispatch':
      return 'Dispatch has been told and will call you. Keep the order with you until they do.';
  }
}

/** What the rule decided for an attempt, as the dispatcher and the business read it in its history (it stays true later). */
export function outcomeLabel(outcome: FailureOutcome, pharmacy: boolean): string {
  switch (outcome) {
    case 'retry':
      return 'To try again';
    case 'return':
      return `Returned to ${pickupName(pharmacy)}`;
    case 'dispatch':
      return 'Sent to dispatch';
  }
}

/**
 * Which failure a tracking link speaks of now, if any: a returned stop for good; a retry
 * while the delivery is still being tried; an order waiting for dispatch while it waits.
 */
export function failureToTell(facts: {
  failure: { outcome: FailureOutcome } | null;
  orderStatus: OrderStatus;
  waitingForDispatch: boolean;
  stop: { status: StopStatus; returnedAt: number | null } | null;
}): FailureOutcome | null {
  const { failure, stop } = facts;
  if (stop?.returnedAt != null) return 'return';
  if (!stop && facts.waitingForDispatch) return 'dispatch';
  if (failure?.outcome !== 'retry') return null;
  const stillTrying = stop ? stop.status !== 'delivered' && STOP_DELIVERY_PHASE.has(facts.orderStatus) : FAILABLE_ORDER_STATUSES.has(facts.orderStatus);
  return stillTrying ? 'retry' : null;
}

/** What the customer's tracking page says. */
export function customerNotice(outcome: FailureOutcome, reason: FailureReason, business: string): string {
  if (outcome === 'retry') return 'Your courier could not reach you at the door and will try again in a few minutes. Please look out for them.';
  const why = reason === 'customer_not_there' ? 'nobody was there to receive it' : FAILURE_REASON_LABELS[reason].toLowerCase();
  return outcome === 'return'
    ? `We could not deliver your order (${why}). It is going back to ${business}, who will contact you.`
    : `We could not deliver your order (${why}). Our dispatcher will contact you.`;
}

/** The history's line for a failed attempt. */
export function failureDetail(facts: {
  reason: FailureReason;
  outcome: FailureOutcome;
  pharmacy: boolean;
  stop: { sequence: number; customerName: string } | null;
}): string {
  const where = facts.stop ? `Stop ${facts.stop.sequence} (${facts.stop.customerName}): ` : '';
  return `${where}Delivery failed: ${FAILURE_REASON_LABELS[facts.reason]}; ${outcomeLabel(facts.outcome, facts.pharmacy)}`;
}
