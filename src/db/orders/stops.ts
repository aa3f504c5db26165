/**
 * A courier's writes to an order's stops (spec 3-courier-area.md §4.5). The rules about which stop may
 * move, and when, are the domain's and the services' (src/services/courier/stops.ts);
 * these only read and write, each write a compare-and-set on the stop as it was read.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { STOP_DELIVERY_PHASE, type StopStatus } from '../../domain/orderStatus';
import type { Db } from '../client';
import { orders, orderStops, type OrderStop } from '../schema';

export async function findStop(db: Db, id: number): Promise<OrderStop | undefined> {
  const [stop] = await db.select().from(orderStops).where(eq(orderStops.id, id)).limit(1);
  return stop;
}

/** The order a stop belongs to, as a value a query can compare ids with. */
export const orderOfStop = (stopId: number) => sql`(select ${orderStops.orderId} from ${orderStops} where ${orderStops.id} = ${stopId})`;

/** The stop has been delivered (a condition for what follows a delivery, in the delivery's batch). */
export const stopIsDelivered = (stopId: number) =>
  sql`exists (select 1 from ${orderStops} where ${orderStops.id} = ${stopId} and ${orderStops.status} = 'delivered')`;

/** A pending stop sets off; with `orderMeets`, only while its order meets it (a change's condition, in the change's batch). */
export function setOffStop(db: Db, stopId: number, now: number, orderMeets?: SQL) {
  return db
    .update(orderStops)
    .set({ status: 'on_way', updatedAt: now })
    .where(and(eq(orderStops.id, stopId), eq(orderStops.status, 'pending'), orderMeets && sql`exists (select 1 from ${orders} where ${orderMeets})`));
}

export interface StopMove {
  stop: OrderStop;
  to: StopStatus;
  photo: string | null;
  notes: string | null | undefined;
  /** The order the stop belongs to must still meet this (the courier holds it). */
  orderHeld: SQL;
  now: number;
  /** When the step happened, if earlier than `now` (decision F7): the stop's arrival and delivery times take it. */
  at?: number;
}

/**
 * The write that moves a stop, to run in one transaction with the order's history
 * (changeOrder's companion): it applies only while the stop is as read and its order is
 * held and in its delivery phase. `moved` is true afterwards exactly when it applied.
 */
export function moveStop(db: Db, move: StopMove) {
  const { stop, to, now } = move;
  const at = move.at ?? now;
  const arrives = to === 'arrived' || to === 'delivered';
  const statement = db
    .update(orderStops)
    .set({
      status: to,
      arrivedTime: arrives ? (stop.arrivedTime ?? at) : stop.arrivedTime,
      deliveredTime: to === 'delivered' ? at : stop.deliveredTime,
      deliveryPhoto: move.photo,
      deliveryNotes: move.notes !== undefined ? move.notes : stop.deliveryNotes,
      updatedAt: now,
    })
    .where(
      and(
        eq(orderStops.id, stop.id),
        eq(orderStops.status, stop.status),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${stop.orderId} and ${move.orderHeld} and ${inArray(orders.status, [...STOP_DELIVERY_PHASE])})`,
      ),
    )
    .returning();
  const moved = sql`exists (select 1 from ${orderStops} where ${orderStops.id} = ${stop.id} and ${orderStops.status} = ${to} and ${orderStops.updatedAt} = ${now})`;
  return { statement, moved };
}
