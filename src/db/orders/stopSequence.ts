/**
 * Writing a courier's new order of the stops not yet reached (issue 18; the rules are in
 * src/domain/stopSequence.ts): the stops' sequence numbers and statuses and the order's
 * history entry in one transaction, through changeOrder. It applies only while the
 * courier holds the order, it is not finished, and its stops are exactly as the request
 * read them, so a stop delivered meanwhile (a step from the phone's outbox) cannot be
 * moved, and two reorders cannot interleave.
 */
import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { LatLng } from '../../domain/geo';
import { statusWords } from '../../domain/orderStatus';
import { resequence, STOP_REORDER_STATUSES, type StopChange } from '../../domain/stopSequence';
import { ApiError, conflict } from '../../http/errors';
import type { Db } from '../client';
import { orders, orderStops, restaurants, type Order, type OrderStop } from '../schema';
import { changeOrder, type ChangeResult } from './change';
import type { CourierContext } from './courierSteps';

/**
 * Sequence numbers are at most 1000 (the stop schema), so numbers moved this far up never
 * meet real ones: the stops are renumbered up there, then brought back down, since a
 * unique (order, sequence) index refuses a swap done in place.
 */
const RENUMBERING_OFFSET = 1_000_000;

/** True while the order's stops are exactly `stops` (ids, numbers and statuses). */
function stopsUnchanged(orderId: number, stops: readonly OrderStop[]): SQL {
  const same = or(...stops.map((stop) => and(eq(orderStops.id, stop.id), eq(orderStops.sequence, stop.sequence), eq(orderStops.status, stop.status))));
  return sql`(select count(*) from ${orderStops} where ${orderStops.orderId} = ${orderId}) = ${stops.length}
    and (select count(*) from ${orderStops} where ${orderStops.orderId} = ${orderId} and (${same})) = ${stops.length}`;
}

const caseById = (changes: readonly StopChange[], value: (change: StopChange) => string | number) =>
  sql`case ${orderStops.id} ${sql.join(
    changes.map((change) => sql`when ${change.id} then ${value(change)}`),
    sql` `,
  )} end`;

/** An order's stops in sequence and where its pickup is, in one round trip. */
export async function readRoute(db: Db, order: Order): Promise<{ stops: OrderStop[]; pickup: LatLng | null }> {
  const [stops, [place]] = await db.batch([
    db.select().from(orderStops).where(eq(orderStops.orderId, order.id)).orderBy(asc(orderStops.sequence)),
    db.select({ lat: restaurants.latitude, lng: restaurants.longitude }).from(restaurants).where(eq(restaurants.id, order.restaurantId)),
  ]);
  return { stops, pickup: place?.lat != null && place.lng != null ? { lat: place.lat, lng: place.lng } : null };
}

/** Refuses (409) an order whose stops may no longer move: it is finished or back with the dispatcher. */
export function assertCanReorder(order: Order): void {
  if (!STOP_REORDER_STATUSES.has(order.status)) throw conflict('Stops can no longer be reordered', `This order is ${statusWords(order.status)}.`);
}

/**
 * Puts the stops not yet reached of an order the courier holds in the order of `stopIds`
 * and answers the order as it now is. `describe` says in the history how, given the
 * stops with their new numbers. A new order equal to the old one writes nothing.
 */
export async function reorderStops(
  ctx: CourierContext,
  order: Order,
  stops: readonly OrderStop[],
  stopIds: readonly number[],
  describe: (list: string) => string,
): Promise<Order> {
  assertCanReorder(order);
  const plan = resequence(stops, stopIds);
  if (!plan.ok) throw new ApiError(plan.status, plan.error, plan.details);
  if (plan.changes.length === 0) return order;
  const names = new Map(stops.map((stop) => [stop.id, stop.customerName]));
  const list = stopIds.map((id, position) => `${plan.sequences[position]} ${names.get(id)}`).join(', ');
  const result = await applyStopOrder(ctx, order.id, stops, plan.changes, describe(list));
  if (!result.applied) throw conflict('The stops have changed', 'The route changed while you reordered it. Refresh to see it as it is.');
  return result.order;
}

/** Applies `changes` to the stops of an order the courier holds, as read in `stops`; recorded as `detail`. */
function applyStopOrder(ctx: CourierContext, orderId: number, stops: readonly OrderStop[], changes: readonly StopChange[], detail: string): Promise<ChangeResult> {
  const { db } = ctx;
  return changeOrder(db, {
    orderId,
    from: [...STOP_REORDER_STATUSES],
    where: and(eq(orders.courierId, ctx.user.courierId), stopsUnchanged(orderId, stops)),
    alongside: (condition) =>
      changes.length === 0
        ? []
        : [
            db
              .update(orderStops)
              .set({
                sequence: caseById(changes, (change) => change.sequence + RENUMBERING_OFFSET),
                status: caseById(changes, (change) => change.status),
                updatedAt: ctx.now,
              })
              .where(
                and(
                  eq(orderStops.orderId, orderId),
                  inArray(
                    orderStops.id,
                    changes.map((change) => change.id),
                  ),
                  sql`exists (select 1 from ${orders} where ${condition})`,
                ),
              ),
            db
              .update(orderStops)
              .set({ sequence: sql`${orderStops.sequence} - ${RENUMBERING_OFFSET}` })
              .where(and(eq(orderStops.orderId, orderId), gt(orderStops.sequence, RENUMBERING_OFFSET))),
          ],
    actor: { userId: ctx.user.id, role: 'courier' },
    action: 'reorder',
    detail,
    now: ctx.now,
  });
}
