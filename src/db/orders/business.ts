/**
 * A business's writes to its orders (spec 2-business-area.md §4.3): create (with all its stops, in one
 * transaction), edit and cancel (through changeOrder, so they race safely with couriers
 * and admins and are recorded), and adding a stop to an order still being prepared.
 */
import { and, count, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session';
import type { FirstStopEdit, NewOrderValues, OrderEditValues, PlannedStop } from '../../domain/businessOrders';
import { BUSINESS_CANCELLABLE, BUSINESS_EDITABLE } from '../../domain/orderStatus';
import type { RoutePlan } from '../../domain/routePlan';
import type { Db } from '../client';
import { orderEvents, orders, orderStops, type Order, type OrderStop } from '../schema';
import { changeOrder, type Actor, type ChangeResult, type OrderChange } from './change';

/** Order numbers are 10000 + id (decision D9). */
export const ORDER_NUMBER_BASE = 10_000;

export const businessActor = (user: Pick<SessionUser, 'id'>): Actor => ({ userId: user.id, role: 'restaurant' });

/**
 * Inserts the order, its stops and its 'create' event in one batch (one transaction):
 * never an order with half its stops. The order number is 10000 + the id SQLite gives
 * the row, set inside the same transaction; until then the row carries a one-off token.
 */
export async function insertOrder(db: Db, values: NewOrderValues, stops: readonly PlannedStop[], actor: Actor): Promise<{ order: Order; stops: OrderStop[] }> {
  const token = `pending-${crypto.randomUUID()}`;
  const orderId = sql`(select ${orders.id} from ${orders} where ${orders.orderNumber} = ${token})`;
  const stopInserts = stops.map((stop) =>
    db
      .insert(orderStops)
      .values({ ...stop, orderId, status: 'pending' })
      .returning(),
  );
  const [, ...rest] = await db.batch([
    db.insert(orders).values({ ...values, orderNumber: token }),
    db.insert(orderEvents).values({ orderId, actorUserId: actor.userId, actorRole: actor.role, action: 'create', toStatus: 'new' }),
    ...stopInserts,
    db
      .update(orders)
      .set({ orderNumber: sql`cast(${sql.raw(String(ORDER_NUMBER_BASE))} + ${orders.id} as text)` })
      .where(eq(orders.orderNumber, token))
      .returning(),
  ] as const);
  const [order] = rest[rest.length - 1] as Order[];
  const created = (rest.slice(1, -1) as OrderStop[][]).map(([stop]) => stop);
  return { order, stops: created };
}

/** A route's first stop as an edit changes it, and the stops the route's new price was computed from. */
export interface FirstStopChange {
  stopId: number;
  values: FirstStopEdit;
  /** When the edit re-priced the route: the stops it was priced with must still be the order's. */
  pricedWith?: StopsSeen;
}

/**
 * Edits the order while a business may (spec 2-business-area.md §4.3); refused, and recorded, once it may
 * not. A tip change was planned from the courier, tip and pay read: it applies only if
 * they are still those (an assignment meanwhile sets a new pay). On a route, the customer
 * fields go to its first stop in the same transaction (the header follows it, migration 0016).
 */
export function editOrder(
  db: Db,
  read: Order,
  values: OrderEditValues & { totalDistanceMiles?: number; calculatedDeliveryFeeCents?: number },
  actor: Actor,
  changed: string[],
  firstStop?: FirstStopChange,
): Promise<ChangeResult> {
  const unchangedPay =
    values.tipCents !== undefined
      ? and(sql`${orders.courierId} is ${read.courierId}`, eq(orders.tipCents, read.tipCents), sql`${orders.courierPayCents} is ${read.courierPayCents}`)
      : undefined;
  const samePricedStops = firstStop?.pricedWith ? stopsAre(read.id, firstStop.pricedWith, 0) : undefined;
  return changeOrder(db, {
    orderId: read.id,
    from: [...BUSINESS_EDITABLE],
    set: values,
    where: and(unchangedPay, samePricedStops),
    // Before the order's update: the condition still reads the tip and pay as they were.
    beforeUpdate: firstStop
      ? (condition) => [
          db
            .update(orderStops)
            .set({ ...firstStop.values, updatedAt: Date.now() })
            .where(and(eq(orderStops.id, firstStop.stopId), eq(orderStops.orderId, read.id), sql`exists (select 1 from ${orders} where ${condition})`)),
        ]
      : undefined,
    actor,
    action: 'edit',
    detail: `Changed ${changed.join(', ')}`,
  });
}

/** Cancels before the courier has set off: status cancelled, no courier (spec 2-business-area.md §4.3). */
/** A business cancels; with `options`, only an order within `scope`, its stops read back. */
export function cancelOrder(db: Db, orderId: number, actor: Actor, options: Pick<OrderChange, 'scope' | 'readStops'> = {}): Promise<ChangeResult> {
  return changeOrder(db, { orderId, from: [...BUSINESS_CANCELLABLE], to: 'cancelled', set: { courierId: null }, actor, action: 'cancel', ...options });
}

export async function stopSequenceTaken(db: Db, orderId: number, sequence: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderStops.id })
    .from(orderStops)
    .where(and(eq(orderStops.orderId, orderId), eq(orderStops.sequence, sequence)))
    .limit(1);
  return row !== undefined;
}

/** Which stops a price was computed from: stops are only ever added, so their count and last id say it. */
export interface StopsSeen {
  count: number;
  lastId: number;
}

/** The stops as read, as a price's witness. */
export const stopsSeenIn = (stops: ReadonlyArray<Pick<OrderStop, 'id'>>): StopsSeen => ({
  count: stops.length,
  lastId: stops.reduce((last, stop) => Math.max(last, stop.id), 0),
});

export async function stopsSeen(db: Db, orderId: number): Promise<StopsSeen> {
  const [row] = await db
    .select({ count: count(), lastId: max(orderStops.id) })
    .from(orderStops)
    .where(eq(orderStops.orderId, orderId));
  return { count: row.count, lastId: row.lastId ?? 0 };
}

/** The order's stops are those seen, and `added` more since. */
const stopsAre = (orderId: number, seen: StopsSeen, added: number) =>
  and(
    sql`(select count(*) from ${orderStops} where ${orderStops.orderId} = ${orderId}) = ${seen.count + added}`,
    sql`(select count(*) from ${orderStops} where ${orderStops.orderId} = ${orderId} and ${orderStops.id} > ${seen.lastId}) = ${added}`,
  )!;

/**
 * The statements that price the order by the route and record the change in its history,
 * if its stops are as `stopsAsPriced` says and a business may still change it.
 */
function pricing(db: Db, orderId: number, plan: RoutePlan, stopsAsPriced: SQL, actor: Actor, detail: string) {
  const guard = and(eq(orders.id, orderId), inArray(orders.status, [...BUSINESS_EDITABLE]), stopsAsPriced)!;
  const now = Date.now();
  return [
    db.run(sql`
      insert into order_events (order_id, at, actor_user_id, actor_role, action, from_status, to_status, detail)
      select ${orders.id}, ${now}, ${actor.userId}, ${actor.role}, 'edit', ${orders.status}, ${orders.status}, ${detail}
      from ${orders} where ${guard}`),
    db
      .update(orders)
      .set({ totalDistanceMiles: plan.miles, calculatedDeliveryFeeCents: plan.feeCents, deliveryFeeCents: plan.feeCents, updatedAt: now })
      .where(guard)
      .returning(),
  ] as const;
}

/**
 * Prices the order by the route through its stops, and records the new stop in the
 * order's history, if its stops are still the ones the route was computed from and a
 * business may still change it. Returns undefined when another stop arrived meanwhile
 * (the caller prices again) or the order has moved on.
 */
export async function priceByRoute(db: Db, orderId: number, plan: RoutePlan, seen: StopsSeen, actor: Actor, detail: string): Promise<Order | undefined> {
  const [, updated] = await db.batch(pricing(db, orderId, plan, stopsAre(orderId, seen, 0), actor, detail));
  return updated[0];
}

/**
 * Adds a stop and, in the same transaction, prices the order by the route through the
 * stops seen and the new one (priceByRoute's rules): `priced` is undefined when another
 * stop arrived meanwhile, and the caller prices again.
 */
export async function insertPricedStop(
  db: Db,
  orderId: number,
  stop: PlannedStop,
  plan: RoutePlan,
  seen: StopsSeen,
  actor: Actor,
  detail: string,
): Promise<{ stop: OrderStop; priced: Order | undefined }> {
  const [[created], , [priced]] = await db.batch([
    db
      .insert(orderStops)
      .values({ ...stop, orderId, status: 'pending' })
      .returning(),
    ...pricing(db, orderId, plan, stopsAre(orderId, seen, 1), actor, detail),
  ]);
  return { stop: created, priced };
}
