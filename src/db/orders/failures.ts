/**
 * Failed delivery attempts (issue 27, decision C28): the record of each, written with the
 * change it causes (changeOrder's `alongside`, in its transaction), and read for the order's
 * pages, its tracking page and its webhook event.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FailureOutcome, FailureReason } from '../../domain/failedDelivery';
import type { Db } from '../client';
import { deliveryFailures, orders, orderStops, type OrderStop } from '../schema';

export interface NewFailure {
  orderId: number;
  stop: OrderStop | null;
  courierId: number;
  reason: FailureReason;
  outcome: FailureOutcome;
  notes: string | null;
  photo: string | null;
  at: number;
  now: number;
}

/**
 * The writes of a failed attempt, made only while the order meets `orderMeets` (the
 * change's condition): the record, and on a stop its count and, when returned, its return.
 */
export function recordFailure(db: Db, failure: NewFailure, orderMeets: SQL) {
  const meets = sql`exists (select 1 from ${orders} where ${orderMeets})`;
  const { stop } = failure;
  return [
    db.run(sql`
      insert into ${deliveryFailures} (order_id, stop_id, courier_id, reason, outcome, notes, photo, at, created_at)
      select ${failure.orderId}, ${stop?.id ?? null}, ${failure.courierId}, ${failure.reason}, ${failure.outcome}, ${failure.notes}, ${failure.photo}, ${failure.at}, ${failure.now}
      where ${meets}`),
    ...(stop
      ? [
          db
            .update(orderStops)
            .set({
              failedAttempts: sql`${orderStops.failedAttempts} + 1`,
              returnedAt: failure.outcome === 'return' ? failure.at : null,
              updatedAt: failure.now,
            })
            .where(and(eq(orderStops.id, stop.id), eq(orderStops.status, stop.status), sql`${orderStops.returnedAt} is null`, meets)),
        ]
      : []),
  ];
}

/** The stop has been returned (a condition for what follows, in the same batch). */
export const stopIsReturned = (stopId: number) =>
  sql`exists (select 1 from ${orderStops} where ${orderStops.id} = ${stopId} and ${orderStops.returnedAt} is not null)`;

/** An order's failed attempts, oldest first (a bounded few). */
export function failuresOf(db: Db, orderId: number) {
  return db.select().from(deliveryFailures).where(eq(deliveryFailures.orderId, orderId)).orderBy(asc(deliveryFailures.at), asc(deliveryFailures.id));
}
