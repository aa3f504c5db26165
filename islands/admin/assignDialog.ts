/**
 * The assign dialog's state and rules (spec 1-foundations-and-admin.md §2.8, §5.2;
 * decisions D18, W7), kept pure so ../AssignOrderDialog.tsx only renders and sends:
 * reopening keeps the pay the dispatcher set last time, amounts are judged as they are
 * typed, and closing with a chosen courier or changed pay asks first.
 */
import * as z from 'zod/mini';
import { courierPay } from '../../src/domain/fees';
import { formatUsd } from '../../src/domain/money';
import { courierFees } from '../../src/domain/schemas/adminOrders';
import type { AssignPayload } from '../../src/shared/assignPayload';
import { firstErrors, type FieldErrors } from '../lib/fieldErrors';

/** The dialog's two ways out: 'Assign Selected Courier', or 'Make Available to All Couriers in Zone'. */
export type Way = 'assign' | 'offer';

export interface AssignState {
  /**
   * The order, and the courier and pay the dialog opened with (the best courier once the
   * suggestions arrive): changing them makes closing ask first. Null while closed.
   */
  opened: { order: AssignPayload; courierId: string; fee: string; tip: string } | null;
  courierId: string;
  fee: string;
  tip: string;
  /** The way out on its way to the server: both buttons wait. */
  pending: Way | null;
  /** Closing asked "Close without assigning?". */
  confirmingClose: boolean;
  /** A way out asked "Take order #… from …?", the courier holding it having started it. */
  confirmingTake: Way | null;
}

export type AssignAction =
  | { type: 'opened'; order: AssignPayload }
  | { type: 'suggested'; courierId: string }
  | { type: 'courierChosen'; courierId: string }
  | { type: 'takeAsked'; way: Way }
  | { type: 'takeKept' }
  | { type: 'feeTyped'; fee: string }
  | { type: 'tipTyped'; tip: string }
  | { type: 'closeAsked' }
  | { type: 'keptEditing' }
  | { type: 'discarded' }
  | { type: 'sending'; way: Way }
  | { type: 'sent' }
  | { type: 'sendFailed' };

/** Closing clears the chosen courier, fee and tip (spec 1-foundations-and-admin.md §2.8). */
export const CLOSED: AssignState = { opened: null, courierId: '', fee: '', tip: '', pending: null, confirmingClose: false, confirmingTake: null };

/** A chosen courier or pay other than the dialog opened with would be lost by closing. */
export function isDirty({ opened, courierId, fee, tip }: AssignState): boolean {
  return opened !== null && (courierId !== opened.courierId || fee !== opened.fee || tip !== opened.tip);
}

/** Taking an order from a courier who has started it is confirmed first, naming them (issue 29). */
export function asksBeforeTaking(order: AssignPayload, state: AssignState, way: Way): boolean {
  return order.heldBy !== null && order.started && state.confirmingTake !== way;
}

export function assignReducer(state: AssignState, action: AssignAction): AssignState {
  switch (action.type) {
    case 'opened': {
      // The pay set last time (courier pay minus tip) when there is one, so a reassignment keeps it (decision W7).
      const fee = action.order.courierFee ?? action.order.deliveryFee;
      const tip = action.order.tip;
      return { ...state, opened: { order: action.order, courierId: '', fee, tip }, courierId: '', fee, tip, confirmingClose: false, confirmingTake: null };
    }
    case 'suggested':
      // The best courier is chosen for the dispatcher, unless they already chose one.
      if (!state.opened || state.courierId !== '' || state.opened.courierId !== '') return state;
      return { ...state, opened: { ...state.opened, courierId: action.courierId }, courierId: action.courierId };
    case 'courierChosen':
      return { ...state, courierId: action.courierId };
    case 'takeAsked':
      return { ...state, confirmingTake: action.way };
    case 'takeKept':
      return { ...state, confirmingTake: null };
    case 'feeTyped':
      return { ...state, fee: action.fee };
    case 'tipTyped':
      return { ...state, tip: action.tip };
    case 'closeAsked':
      // Escape, the backdrop and × wait while a way out is sending, and ask before throwing work away.
      if (state.pending) return state;
      return isDirty(state) ? { ...state, confirmingClose: true } : CLOSED;
    case 'keptEditing':
      return { ...state, confirmingClose: false };
    case 'discarded':
      return { ...CLOSED, pending: state.pending };
    case 'sending':
      return { ...state, pending: action.way, confirmingTake: null };
    case 'sent':
      return CLOSED;
    case 'sendFailed':
      return { ...state, pending: null };
  }
}

const feesSchema = z.object(courierFees);

export interface PayVerdict {
  /** Both amounts are given and valid: the ways out may send them. */
  valid: boolean;
  /** Beside the fields: a blank field waits for a value, anything else says what is wrong at once. */
  errors: FieldErrors;
  /** The first thing wrong, blanks included, for a submit that comes anyway (Enter). */
  problem: string | null;
  /** What "Total Courier Pay" says: the sum when valid, else what is missing. */
  total: string;
}

/** The fee and tip judged as typed, with the same schema the server checks them by. */
export function judgePay(fee: string, tip: string): PayVerdict {
  const given = fee.trim() !== '' && tip.trim() !== '';
  const checked = feesSchema.safeParse({ deliveryFee: fee, tip });
  if (checked.success && given) return { valid: true, errors: {}, problem: null, total: formatUsd(courierPay(checked.data.deliveryFee, checked.data.tip)) };
  const typed = (field: PropertyKey) => (field === 'tip' ? tip : fee).trim() !== '';
  return {
    valid: false,
    errors: checked.success ? {} : firstErrors(checked.error.issues.filter((issue) => typed(issue.path[0]))),
    problem: checked.success ? null : checked.error.issues[0].message,
    total: given ? 'Enter amounts of $0.00 or more, to the cent' : 'Enter a fee and a tip',
  };
}

/** PATCH /api/orders/:id: the server computes the pay and the zone; the status the dialog saw refuses an order that moved meanwhile. */
export function assignBody(order: AssignPayload, { courierId, fee, tip }: AssignState, way: Way) {
  const fees = { deliveryFee: fee.trim(), tip: tip.trim(), expectedStatus: order.status };
  return way === 'assign' ? { status: 'assigned', courierId: Number(courierId), ...fees } : { status: 'pending_courier', courierId: null, ...fees };
}

export const SENT: Record<Way, string> = { assign: 'Order assigned successfully', offer: 'Order is now available to all couriers in zone' };

export function assignTitle(order: AssignPayload): string {
  if (order.status === 'missed_pickup') return `Reassign Order #${order.orderNumber} (Missed Pickup)`;
  return order.heldBy ? `Reassign Order #${order.orderNumber}` : `Assign Order #${order.orderNumber}`;
}

export function assignDescription(order: AssignPayload | undefined): string {
  if (order?.status === 'missed_pickup') return 'Previous courier missed pickup. Reassign to a different courier.';
  if (order?.heldBy) return `Now with ${order.heldBy}${order.started ? ', who has started it' : ''}. Choose another courier or offer it to the zone.`;
  return 'Set courier pay and assign a courier';
}
