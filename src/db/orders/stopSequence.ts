/**
 * Writing a courier's new order of the stops not yet reached (issue 18; the rules are in
 * src/domain/stopSequence.ts, the use case in src/services/courier/stopOrder.ts): the
 * stops' sequence numbers and statuses and the order's
 * history entry in one transaction, through changeOrder. It applies only while the
 * courier holds the order, it is not finished, and its stops are exactly as the request
 * read them, so a stop delivered meanwhile (a step from the phone's outbox) cannot be
 * moved, and two reorders cannot interleave.
 */
import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COURIER_HELD_STATUSES } from '../../domain/orderStatus';
import type { StopChange } from '../../domain/stopSequence';
import type { Db } from '../client';
import { orders, orderStops, type OrderStop } from '../schema';
import { changeOrder, type ChangeResult } from './change';

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

/** Who reorders: the courier holding the order, as a user, at an instant. */
export interface Reorderer {
  courierId: number;
  userId: number;
  now: number;
}

/** Applies `changes` to the stops of an order the courier holds, as read in `stops`; recorded as `detail`. */
export function applyStopOrder(
  db: Db,
  by: Reorderer,
  orderId: number,
  stops: readonly OrderStop[],
  changes: readonly StopChange[],
  detail: string,
  routeMiles?: number,
): Promise<ChangeResult> {
  return changeOrder(db, {
    orderId,
    from: [...COURIER_HELD_STATUSES],
    where: and(eq(orders.courierId, by.courierId), stopsUnchanged(orderId, stops)),
    set: routeMiles === undefined ? undefined : { routeMiles },
    alongside: (condition) =>
      changes.length === 0
        ? []
        : [
            db
              .update(orderStops)
              .set({
                sequence: caseById(changes, (change) => change.sequence + RENUMBERING_OFFSET),
                status: caseById(changes, (change) => change.status),
                updatedAt: by.now,
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
    actor: { userId: by.userId, role: 'courier' },
    action: 'reorder',
    detail,
    now: by.now,
    readStops: true,
  });
}
