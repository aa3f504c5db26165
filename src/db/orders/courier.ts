/**
 * The courier's orders (spec 3-courier-area.md §7.3): the lists their screens poll, and the shape they
 * come in. Each list is one indexed query plus one for the stops and one for the pickup
 * coordinates of the orders it returned, however many orders there are.
 */
import { and, asc, eq, gt, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { COURIER_INDICATOR_ACTIVE, COURIER_NOT_STARTED, FINISHED_STATUSES } from '../../domain/orderStatus';
import { precisionOf, type LocationPrecision } from '../../domain/location';
import type { SessionIdentity } from '../../auth/sessionHint';
import type { Db } from '../client';
import { couriers, orderDeclines, orderEvents, orders, orderStops, restaurants, type Courier, type Order, type OrderStop, type Restaurant } from '../schema';
import { offeredTo, zoneOfCourier } from './access';
import { serializeOrderForCourier, serializeStopForCourier } from './serialize';

/** No courier holds or is offered more at once; a list stops here. */
export const COURIER_LIST_LIMIT = 100;

type CourierViewer = Pick<SessionIdentity, 'courierId'>;

/**
 * An order as the courier app uses it: the API's order, plus its stops and the pickup's
 * coordinates (for the proximity checks), so a screen needs one request, not three.
 */
export type CourierOrderJson = ReturnType<typeof serializeOrderForCourier> & {
  pickupLatitude: number | null;
  pickupLongitude: number | null;
  /** Arrival at an approximate pickup is not held to the radius (domain/location.ts proximityApplies). */
  pickupLocationPrecision: LocationPrecision;
  stops: ReturnType<typeof serializeStopForCourier>[];
};

/** Adds the stops and pickup coordinates to orders, in two queries. */
const byPickup = [asc(orders.pickupTime), asc(orders.id)];

/**
 * The orders a condition selects, soonest pickup first, each with its stops and pickup place:
 * one batch, the details read by the list's own condition rather than by ids read first.
 */
export async function courierOrdersWhere(db: Db, where: SQL): Promise<CourierOrderJson[]> {
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...byPickup)
    .limit(COURIER_LIST_LIMIT);
  const [rows, stops, places] = await db.batch([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...byPickup)
      .limit(COURIER_LIST_LIMIT),
    db.select().from(orderStops).where(inArray(orderStops.orderId, ids)).orderBy(asc(orderStops.orderId), asc(orderStops.sequence)),
    db
      .select(pickupColumns)
      .from(restaurants)
      .where(inArray(restaurants.id, db.select({ id: orders.restaurantId }).from(orders).where(inArray(orders.id, ids)))),
  ]);
  return rows.map((row) =>
    courierOrderJsonOf(
      row,
      stops.filter((stop) => stop.orderId === row.id),
      places.find((candidate) => candidate.id === row.restaurantId),
    ),
  );
}

const pickupColumns = { id: restaurants.id, latitude: restaurants.latitude, longitude: restaurants.longitude, precision: restaurants.locationPrecision };

/** Where an order is picked up: its business's place. */
export type PickupPlace = { id: number; latitude: number | null; longitude: number | null; precision: Restaurant['locationPrecision'] };

export async function pickupPlaceOf(db: Db, orderId: number | SQL): Promise<PickupPlace | undefined> {
  const [place] = await db
    .select(pickupColumns)
    .from(restaurants)
    .where(eq(restaurants.id, sql`(select ${orders.restaurantId} from ${orders} where ${orders.id} = ${orderId})`))
    .limit(1);
  return place;
}

/** An order as the courier app uses it, from what is at hand. */
export function courierOrderJsonOf(order: Order, stops: readonly OrderStop[], place: PickupPlace | undefined): CourierOrderJson {
  return {
    ...serializeOrderForCourier(order),
    pickupLatitude: place?.latitude ?? null,
    pickupLongitude: place?.longitude ?? null,
    pickupLocationPrecision: precisionOf(place?.latitude, place?.longitude, place?.precision),
    stops: stops.map(serializeStopForCourier),
  };
}

/** The courier's own orders meeting a condition. */
const held = (courierId: number | null, condition: SQL) => (courierId == null ? sql`0` : and(eq(orders.courierId, courierId), condition)!);

/** The courier's lists (spec 3-courier-area.md §7.3), as conditions for courierOrdersWhere. */
export const courierLists = {
  /** Offered to the courier's zone and not declined by them: "Available Orders". */
  available: (courier: CourierViewer) => offeredTo(courier),
  /** Held by the courier and not finished: "Your Orders". */
  assigned: (courier: CourierViewer) => held(courier.courierId, notInArray(orders.status, [...FINISHED_STATUSES])),
  /** Accepted or under way: what the header indicator counts (GET /api/orders/courier/active). */
  active: (courier: CourierViewer) => held(courier.courierId, inArray(orders.status, [...COURIER_INDICATOR_ACTIVE])),
  /** Held, not started, with pickup still ahead: "Upcoming Orders" on the tasks page. */
  scheduled: (courier: CourierViewer, now: number) =>
    held(courier.courierId, and(inArray(orders.status, [...COURIER_NOT_STARTED]), gt(orders.pickupTime, now))!),
};

/** The header indicator (spec 3-courier-area.md §2.3): how many orders are active, and the one it opens. */
export async function activeOrderSummary(db: Db, courierId: number): Promise<{ count: number; firstId: number | null }> {
  const active = and(eq(orders.courierId, courierId), inArray(orders.status, [...COURIER_INDICATOR_ACTIVE]));
  const [[counted], [first]] = await db.batch([
    db
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(active),
    db
      .select({ id: orders.id })
      .from(orders)
      .where(active)
      .orderBy(...byPickup)
      .limit(1),
  ]);
  return { count: counted.count, firstId: first?.id ?? null };
}

/**
 * An offer to the courier's zone that another courier accepted: what an order the courier
 * was just looking at has become when someone else was first.
 */
export async function acceptedByAnother(db: Db, id: number, courierId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(
      orderEvents,
      and(
        eq(orderEvents.orderId, orders.id),
        eq(orderEvents.action, 'accept'),
        eq(orderEvents.fromStatus, 'pending_courier'),
        eq(orderEvents.outcome, 'applied'),
      ),
    )
    .where(and(eq(orders.id, id), eq(orders.zoneId, zoneOfCourier(courierId)), ne(orders.courierId, courierId)))
    .limit(1);
  return row !== undefined;
}

export async function findCourier(db: Db, courierId: number): Promise<Courier | undefined> {
  const [courier] = await db.select().from(couriers).where(eq(couriers.id, courierId)).limit(1);
  return courier;
}

/** The courier declined an offer: it stays offered to the others, hidden from them. */
/** The courier's decline of an offer, as a statement to run with the change that records it. */
export function declineOf(db: Db, orderId: number, courierId: number, now: number) {
  return db.insert(orderDeclines).values({ orderId, courierId, at: now }).onConflictDoNothing();
}
