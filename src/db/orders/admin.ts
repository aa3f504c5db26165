/**
 * The admin's order actions (spec 1-foundations-and-admin.md §4.4), each one changeOrder: a compare-and-set on the
 * status the admin saw, recorded in the order's history.
 *
 * - Assign: status assigned, the courier, courierPay = fee + tip (D18). The business's
 *   deliveryFee stays what it was charged; the tip given becomes the order's tip.
 * - Offer to the zone: status pending_courier, no courier, the restaurant's zone, and
 *   the same pay rule.
 * - Cancel: status cancelled, no courier.
 * Assign and offer are allowed from every status but the finished ones, cancel likewise
 * (orderStatus.ts canAdminAssign, canAdminCancel).
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { courierPay } from '../../domain/fees';
import { formatUsd, type Cents } from '../../domain/money';
import { ADMIN_ARRIVALS, canAdminAssign, canAdminCancel, type OrderStatus } from '../../domain/orderStatus';
import { dispatchedByAutopilot, takeBackCascade } from '../autopilot';
import type { Db } from '../client';
import { orders, orderStops, type Order } from '../schema';
import { changeOrder, isRepeat, type Actor, type ChangeResult } from './change';

interface ActionBase {
  orderId: number;
  /** The status the admin saw: the change applies only if the order is still in it. */
  expectedStatus: OrderStatus;
  actor: Actor;
}

export type AdminOrderAction =
  | (ActionBase & { kind: 'assign'; courier: { id: number; name: string }; feeCents: Cents; tipCents: Cents })
  | (ActionBase & { kind: 'offer'; zone: { id: number; name: string }; feeCents: Cents; tipCents: Cents })
  | (ActionBase & { kind: 'cancel' })
  | (ActionBase & { kind: 'arrive'; to: OrderStatus });

const ALLOWED: Record<Exclude<AdminOrderAction['kind'], 'arrive'>, (status: OrderStatus) => boolean> = {
  assign: canAdminAssign,
  offer: canAdminAssign,
  cancel: canAdminCancel,
};

const TARGET_STATUS: Record<Exclude<AdminOrderAction['kind'], 'arrive'>, OrderStatus> = {
  assign: 'assigned',
  offer: 'pending_courier',
  cancel: 'cancelled',
};

/**
 * Going online belongs to the courier who did it: an order given to another courier (or
 * to nobody, on an offer) forgets it, so the new courier's online indicator and missed
 * pickup are judged on their own.
 */
const forgetOnlineUnlessHeldBy = (courierId: number | null) => {
  const kept = (column: SQL) => (courierId == null ? null : sql`case when ${orders.courierId} = ${courierId} then ${column} else null end`);
  return { goOnlineTime: kept(sql`${orders.goOnlineTime}`), onWayToPickupTime: kept(sql`${orders.onWayToPickupTime}`) };
};

const payDetail = (fee: Cents, tip: Cents) => `courier pay ${formatUsd(courierPay(fee, tip))} = fee ${formatUsd(fee)} + tip ${formatUsd(tip)}`;

/**
 * The dispatcher sends the courier of a failed delivery to try again (decision C28): the
 * order stops waiting for dispatch, in the status it is in; a route none of whose stops
 * could be delivered has its returned stops to deliver again. A repeat changes nothing.
 */
export function sendCourierAgain(db: Db, order: Order, actor: Actor): Promise<ChangeResult> {
  return changeOrder(db, {
    orderId: order.id,
    from: [order.status],
    where: sql`${orders.deliveryFailedAt} is not null and ${orders.courierId} is not null`,
    set: { deliveryFailedAt: null },
    beforeUpdate: (condition) => [
      db
        .update(orderStops)
        .set({ returnedAt: null, updatedAt: Date.now() })
        .where(and(eq(orderStops.orderId, order.id), isNotNull(orderStops.returnedAt), sql`exists (select 1 from ${orders} where ${condition})`)),
    ],
    readStops: true,
    actor,
    action: 'retry_delivery',
    detail: 'The dispatcher sent the courier to try the delivery again',
  });
}

/**
 * The dispatcher takes the order back from its zone's autopilot (decision W12): the autopilot
 * does nothing more with it, and an offer it made that nobody has accepted is withdrawn (the
 * order is new again, for the dispatcher to assign). Only an order the autopilot is dispatching.
 */
export function takeBackFromAutopilot(db: Db, order: Order, actor: Actor): Promise<ChangeResult> {
  const offered = (order.status === 'assigned' && order.offerExpiresAt != null) || order.status === 'pending_courier';
  return changeOrder(db, {
    orderId: order.id,
    from: [order.status],
    to: offered ? 'new' : undefined,
    set: offered ? { courierId: null, offerExpiresAt: null } : {},
    where: and(order.courierId == null ? isNull(orders.courierId) : eq(orders.courierId, order.courierId), dispatchedByAutopilot),
    alongside: () => [takeBackCascade(db, order.id)],
    actor,
    action: 'take_back',
    detail: offered ? 'The dispatcher took the order back; the offer is withdrawn' : 'The dispatcher took the order back',
  });
}

/**
 * Applies the action if the order is still in the status the admin saw and that status
 * allows it. `repeat` is true when the same change had already been made (a double
 * click, a retry): the caller answers it like a success.
 */
export async function applyAdminAction(db: Db, action: AdminOrderAction): Promise<ChangeResult & { repeat: boolean }> {
  const to = action.kind === 'arrive' ? action.to : TARGET_STATUS[action.kind];
  // From a status that does not allow the action, nothing matches: the attempt is refused
  // and recorded, and it is never taken for a repeat (cancelling a cancelled order is a 409).
  const allowed = action.kind === 'arrive' ? ADMIN_ARRIVALS[action.expectedStatus] === action.to : ALLOWED[action.kind](action.expectedStatus);
  const from = allowed ? [action.expectedStatus] : [];
  const repeatOf = (done: SQL) => (allowed ? done : sql`0`);
  const base = { orderId: action.orderId, from, to, actor: action.actor };
  let result: ChangeResult;
  let holds: (order: Order) => boolean = () => true;
  switch (action.kind) {
    case 'assign': {
      const pay = courierPay(action.feeCents, action.tipCents);
      // An autopilot's offer the order carried ends with it (decision W12): the courier assigned has no countdown.
      const set = { courierId: action.courier.id, tipCents: action.tipCents, courierPayCents: pay, offerExpiresAt: null };
      const forget = forgetOnlineUnlessHeldBy(action.courier.id);
      holds = (order) => order.courierId === set.courierId && order.courierPayCents === pay && order.tipCents === set.tipCents;
      result = await changeOrder(db, {
        ...base,
        set: { ...forget, ...set },
        alreadyDone: repeatOf(
          and(eq(orders.status, to), eq(orders.courierId, set.courierId), eq(orders.courierPayCents, pay), eq(orders.tipCents, set.tipCents))!,
        ),
        action: 'assign',
        detail: `Assigned to ${action.courier.name} (courier #${action.courier.id}); ${payDetail(action.feeCents, action.tipCents)}`,
      });
      break;
    }
    case 'offer': {
      const pay = courierPay(action.feeCents, action.tipCents);
      const set = { courierId: null, zoneId: action.zone.id, tipCents: action.tipCents, courierPayCents: pay, offerExpiresAt: null };
      holds = (order) => order.courierId == null && order.zoneId === set.zoneId && order.courierPayCents === pay && order.tipCents === set.tipCents;
      result = await changeOrder(db, {
        ...base,
        set: { ...forgetOnlineUnlessHeldBy(null), ...set },
        alreadyDone: repeatOf(and(eq(orders.status, to), eq(orders.zoneId, set.zoneId), eq(orders.courierPayCents, pay), eq(orders.tipCents, set.tipCents))!),
        action: 'offer_to_zone',
        detail: `Offered to every courier in ${action.zone.name} (zone #${action.zone.id}); ${payDetail(action.feeCents, action.tipCents)}`,
      });
      break;
    }
    case 'cancel':
      result = await changeOrder(db, { ...base, set: { courierId: null }, alreadyDone: repeatOf(eq(orders.status, to)), action: 'cancel' });
      break;
    case 'arrive':
      // The courier keeps the order; the arrival is flagged as not placed by their phone (C23).
      result = await changeOrder(db, {
        ...base,
        set: { arrivedWithoutPositionAt: Date.now() },
        alreadyDone: repeatOf(eq(orders.status, to)),
        action: 'arrive_for_courier',
        detail: 'Arrival recorded by the dispatcher: the courier could not confirm it',
      });
      break;
  }
  return { ...result, repeat: allowed && isRepeat(result, to, holds) };
}
