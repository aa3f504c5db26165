/**
 * What a zone's autopilot reads and writes (issue 30, decision W12). The read is one round
 * trip: the zone's settings, the orders in play (new ones and those with a live cascade),
 * their stops and refusals, the zone's couriers and the orders they hold with their stops.
 * The write is one transaction: every decision is a compare-and-set change of its order
 * (changeOrders) with its cascade, so a decision made on a stale read is refused, not applied.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { LIVE_CASCADE_PHASES, type CascadeState } from '../domain/autopilot/cascade';
import type { OrderDecision } from '../domain/autopilot/zoneTick';
import { QUEUE_WINDOW_HOURS } from '../domain/dispatchQueue';
import { COURIER_HELD_STATUSES } from '../domain/orderStatus';
import { changeOrders, type ChangeResult } from './orders/change';
import type { Db } from './client';
import { candidateColumns, refusalsOf } from './dispatch';
import { type DispatchCascade, couriers, dispatchCascades, orderDeclines, orderEvents, orderStops, orders, restaurants, users, zones } from './schema';

const ofZoneBusinesses = (zoneId: number) =>
  sql`${orders.restaurantId} in (select ${restaurants.id} from ${restaurants} where ${restaurants.zoneId} = ${zoneId})`;

/**
 * The orders a zone's autopilot looks at: new ones of the zone's businesses (not those whose
 * pickup is more than the queue's window behind: history is the dispatcher's), and those it is
 * dispatching.
 */
export const autopilotOrders = (zoneId: number, now: number): SQL =>
  or(
    sql`${orders.status} = 'new' and ${orders.courierId} is null and ${orders.pickupTime} > ${now - QUEUE_WINDOW_HOURS * 3_600_000} and ${ofZoneBusinesses(zoneId)}`,
    sql`${orders.id} in (select ${dispatchCascades.orderId} from ${dispatchCascades} where ${dispatchCascades.zoneId} = ${zoneId} and ${inArray(dispatchCascades.phase, [...LIVE_CASCADE_PHASES])})`,
  )!;

/** The orders a plan of the zone places (plan all): nobody holds them, picked up before `until`. */
export const PLANNED_STATUSES = ['new', 'pending_courier', 'courier_rejected'] as const;
export const openOrders = (zoneId: number, until: number): SQL =>
  sql`${inArray(orders.status, [...PLANNED_STATUSES])} and ${orders.courierId} is null and ${orders.pickupTime} < ${until} and ${ofZoneBusinesses(zoneId)}`;

/** The zone's couriers, active or not (the ranking says why one is not offered work). */
const zoneCourierIds = (zoneId: number | SQL) => sql`select ${couriers.id} from ${couriers} where ${couriers.zoneId} = ${zoneId}`;

/** `inPlay`: which orders to place (autopilotOrders or openOrders). */
export async function readZone(db: Db, zoneId: number | SQL, dayStart: number, inPlay: SQL) {
  const held = and(sql`${orders.courierId} in (${zoneCourierIds(zoneId)})`, inArray(orders.status, [...COURIER_HELD_STATUSES]))!;
  const orderColumns = {
    id: orders.id,
    orderNumber: orders.orderNumber,
    restaurantName: orders.restaurantName,
    status: orders.status,
    courierId: orders.courierId,
    pickupTime: orders.pickupTime,
    deliveryTime: orders.deliveryTime,
    requiredVehicleTypes: orders.requiredVehicleTypes,
    customerLatitude: orders.customerLatitude,
    customerLongitude: orders.customerLongitude,
    pickupLatitude: restaurants.latitude,
    pickupLongitude: restaurants.longitude,
  };
  const [zoneRows, playing, heldRows, stopRows, declineRows, courierRows] = await db.batch([
    db
      .select({ mode: zones.dispatchMode, paused: zones.autopilotPaused, settings: zones.autopilotSettings, isActive: zones.isActive })
      .from(zones)
      .where(sql`${zones.id} = ${zoneId}`),
    db
      .select({
        ...orderColumns,
        deliveryFeeCents: orders.deliveryFeeCents,
        tipCents: orders.tipCents,
        courierPayCents: orders.courierPayCents,
        cascade: {
          phase: dispatchCascades.phase,
          courierId: dispatchCascades.courierId,
          offeredAt: dispatchCascades.offeredAt,
          expiresAt: dispatchCascades.expiresAt,
          tried: dispatchCascades.tried,
        },
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .leftJoin(dispatchCascades, eq(dispatchCascades.orderId, orders.id))
      .where(inPlay)
      .orderBy(asc(orders.pickupTime), asc(orders.id))
      .limit(500),
    db.select(orderColumns).from(orders).innerJoin(restaurants, eq(restaurants.id, orders.restaurantId)).where(held).orderBy(asc(orders.pickupTime)),
    db
      .select({
        orderId: orderStops.orderId,
        latitude: orderStops.latitude,
        longitude: orderStops.longitude,
        deliverBy: orderStops.deliverBy,
        status: orderStops.status,
      })
      .from(orderStops)
      .where(
        and(
          isNull(orderStops.returnedAt),
          sql`${orderStops.status} <> 'delivered'`,
          sql`${orderStops.orderId} in (select ${orders.id} from ${orders} where (${inPlay}) or (${held}))`,
        ),
      )
      .orderBy(asc(orderStops.orderId), asc(orderStops.sequence)),
    refusalsOf(db, sql`select ${orders.id} from ${orders} where ${inPlay}`),
    db
      .select({
        ...candidateColumns,
        acceptsAutomatically: couriers.acceptsAutomatically,
        deliveredToday: sql<number>`(select count(*) from ${orders} where ${orders.courierId} = ${couriers.id} and ${orders.completedAt} >= ${dayStart})`,
      })
      .from(couriers)
      .innerJoin(users, eq(users.id, couriers.userId))
      .where(sql`${couriers.zoneId} = ${zoneId}`),
  ]);
  return { zone: zoneRows[0], playing, held: heldRows, stops: stopRows, declines: declineRows, couriers: courierRows };
}

export type ZoneRead = Awaited<ReturnType<typeof readZone>>;

/** The zones of these orders (or of these stops' orders) whose autopilot runs. */
export async function autopilotZonesOf(db: Db, orderIds: readonly number[], stopIds: readonly number[]): Promise<number[]> {
  if (orderIds.length + stopIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: zones.id })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(zones, sql`${zones.id} = coalesce(${orders.zoneId}, ${restaurants.zoneId})`)
    .where(
      and(
        // or() parenthesizes: a bare "a or b" in and() read as "a or (b and manual…)", and woke manual zones.
        or(
          sql`${orders.id} in (${sql.join([...orderIds.map((id) => sql`${id}`), sql`null`], sql`, `)})`,
          sql`${orders.id} in (select ${orderStops.orderId} from ${orderStops} where ${orderStops.id} in (${sql.join([...stopIds.map((id) => sql`${id}`), sql`null`], sql`, `)}))`,
        ),
        sql`${zones.dispatchMode} <> 'manual'`,
        eq(zones.autopilotPaused, false),
      ),
    );
  return rows.map((row) => row.id);
}

/** The zones whose autopilot runs: the cron wakes each once a minute, in case a wake was lost. */
export async function autopilotZoneIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(sql`${zones.dispatchMode} <> 'manual'`, eq(zones.autopilotPaused, false), eq(zones.isActive, true)));
  return rows.map((row) => row.id);
}

const line = (text: string, weighed: readonly string[]) => (weighed.length ? `${text} (weighed: ${weighed.join('; ')})` : text);

/** What the order's history says of a decision. */
export const historyDetail = (decision: OrderDecision) => decision.history.map((entry) => line(entry.text, entry.weighed)).join('; ') || null;

function cascadeUpsert(db: Db, orderId: number, zoneId: number, state: CascadeState, now: number, condition: SQL) {
  return db.run(sql`
    insert into ${dispatchCascades} (order_id, zone_id, phase, courier_id, offered_at, expires_at, tried, updated_at)
    select ${orderId}, ${zoneId}, ${state.phase}, ${state.courierId}, ${state.offeredAt}, ${state.expiresAt}, ${JSON.stringify(state.tried)}, ${now}
    from ${orders} where ${condition}
    on conflict (order_id) do update set phase = excluded.phase, courier_id = excluded.courier_id, offered_at = excluded.offered_at,
      expires_at = excluded.expires_at, tried = excluded.tried, updated_at = excluded.updated_at`);
}

/**
 * Writes the decisions in one transaction, each only if its order is still as it was read;
 * answers which were applied. A courier who let an offer run out is recorded as declining it.
 */
export async function applyDecisions(
  db: Db,
  zoneId: number,
  decisions: readonly OrderDecision[],
  pay: ReadonlyMap<number, number>,
  now: number,
): Promise<ChangeResult[]> {
  if (!decisions.length) return [];
  const { outcomes } = await changeOrders(
    db,
    decisions.map((decision) => {
      const { read, change } = decision;
      const courierId = change?.courierId;
      return {
        orderId: decision.orderId,
        from: [read.status],
        to: change?.to,
        where: read.courierId == null ? isNull(orders.courierId) : eq(orders.courierId, read.courierId),
        set: {
          offerExpiresAt: change?.offerExpiresAt ?? null,
          ...(change ? { courierId: courierId ?? null, courierPayCents: pay.get(decision.orderId) } : {}),
          ...(change?.to === 'pending_courier' ? { zoneId } : {}),
        },
        beforeUpdate: (condition: SQL) => [
          cascadeUpsert(db, decision.orderId, zoneId, decision.cascade, now, condition),
          ...(decision.lapsedCourierId != null
            ? [
                db.run(
                  sql`insert or ignore into ${orderDeclines} (order_id, courier_id, at) select ${decision.orderId}, ${decision.lapsedCourierId}, ${now} from ${orders} where ${condition}`,
                ),
              ]
            : []),
        ],
        actor: { userId: null, role: 'system' as const },
        action: 'autopilot',
        detail: historyDetail(decision),
        now,
      };
    }),
  );
  return outcomes;
}

/** The order's cascade, if the autopilot ever dispatched it. */
export async function cascadeOf(db: Db, orderId: number): Promise<DispatchCascade | undefined> {
  const [row] = await db.select().from(dispatchCascades).where(eq(dispatchCascades.orderId, orderId));
  return row;
}

/** Whether the autopilot is dispatching the order (its cascade is live). */
export const dispatchedByAutopilot = sql`exists (select 1 from ${dispatchCascades} where ${dispatchCascades.orderId} = ${orders.id} and ${inArray(dispatchCascades.phase, [...LIVE_CASCADE_PHASES])})`;

/** The dispatcher takes the order into their own hands: the autopilot does nothing more with it. */
export function takeBackCascade(db: Db, orderId: number) {
  // Written after the order's change, whose condition no longer holds once the status moved: it
  // applies when the change did, which the change's own history entry (written first) says.
  return db.run(sql`
    update ${dispatchCascades} set phase = 'manual', courier_id = null, expires_at = null, updated_at = ${Date.now()}
    where order_id = ${orderId} and (
      select outcome = 'applied' and action = 'take_back' from ${orderEvents} where order_id = ${orderId} order by id desc limit 1)`);
}
