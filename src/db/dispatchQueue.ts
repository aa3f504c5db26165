/**
 * The dispatcher's queue (issue 29): what needs a person, read in one statement that restates
 * `queueReason` (src/domain/dispatchQueue.ts) in SQL; tests/integration/dispatch-queue.test.ts
 * holds the two to each other. Most pressing pickup first.
 */
import { and, asc, eq, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { AT_RISK_MINUTES } from '../domain/dispatch';
import { OFFER_UNANSWERED_MINUTES, QUEUE_STATUSES, QUEUE_WINDOW_HOURS, queueReason, type AutopilotHold, type QueueReason } from '../domain/dispatchQueue';
import { FINISHED_STATUSES, NOT_UNDER_WAY_STATUSES } from '../domain/orderStatus';
import type { Db } from './client';
import { couriers, dispatchCascades, orders, restaurants, users, zones, type Order } from './schema';
import type { LatLng } from '../domain/geo';

const MINUTE = 60_000;
/** A busy hour's worth, scrolled within the card (about 12 show at once); the rest wait behind "and N more". */
export const QUEUE_LIMIT = 50;

export interface QueueRow {
  order: Order;
  reason: QueueReason;
  courierName: string | null;
  /** Where it is picked up, for the map beside the queue. */
  pickup: LatLng | null;
}

/**
 * The SQL form of QueueFacts.autopilot: the order's cascade gave up (needs_person) or is under
 * way, or the order is new, untouched, in a zone whose autopilot runs.
 */
const autopilotHold = sql<AutopilotHold | null>`case
  when exists (select 1 from ${dispatchCascades} where ${dispatchCascades.orderId} = ${orders.id} and ${dispatchCascades.phase} = 'needs_person') then 'stuck'
  when exists (select 1 from ${dispatchCascades} where ${dispatchCascades.orderId} = ${orders.id} and ${inArray(dispatchCascades.phase, ['waiting', 'single', 'zone'])})
    or (${orders.status} = 'new'
      and not exists (select 1 from ${dispatchCascades} where ${dispatchCascades.orderId} = ${orders.id})
      and ${orders.restaurantId} in (select ${restaurants.id} from ${restaurants} join ${zones} on ${zones.id} = ${restaurants.zoneId}
        where ${zones.dispatchMode} <> 'manual' and ${zones.autopilotPaused} = 0 and ${zones.isActive} = 1)) then 'dispatching'
  end`;

/** The SQL form of queueReason(order, now) !== null. */
export function needsPerson(now: number) {
  return or(
    // Read from the partial index of failed deliveries (migration 0024), the few there are.
    and(isNotNull(orders.deliveryFailedAt), notInArray(orders.status, [...FINISHED_STATUSES])),
    and(
      inArray(orders.status, [...QUEUE_STATUSES]),
      // Delivery first: the (status, delivery_time) index narrows by it.
      sql`${orders.deliveryTime} >= ${now - QUEUE_WINDOW_HOURS * 60 * MINUTE}`,
      sql`${orders.pickupTime} between ${now - QUEUE_WINDOW_HOURS * 60 * MINUTE} and ${now + QUEUE_WINDOW_HOURS * 60 * MINUTE}`,
      or(
        eq(orders.status, 'missed_pickup'),
        and(inArray(orders.status, [...NOT_UNDER_WAY_STATUSES]), sql`${autopilotHold} = 'stuck'`),
        and(
          sql`${autopilotHold} is null`,
          or(
            inArray(orders.status, ['courier_rejected', 'new']),
            and(sql`${orders.status} = 'pending_courier'`, lte(orders.updatedAt, now - OFFER_UNANSWERED_MINUTES * MINUTE)),
          ),
        ),
        and(inArray(orders.status, [...NOT_UNDER_WAY_STATUSES]), lte(orders.pickupTime, now + AT_RISK_MINUTES * MINUTE)),
      ),
    ),
  );
}

/**
 * The queue's rows (most pressing pickup first), how many there are in all, and the zones to
 * narrow it to, in one round trip. `zoneId`: only orders picked up in that zone.
 */
export async function dispatchQueue(
  db: Db,
  now: number,
  { zoneId = null, limit = QUEUE_LIMIT }: { zoneId?: number | null; limit?: number } = {},
): Promise<{ rows: QueueRow[]; total: number; zones: Array<{ id: number; name: string }> }> {
  const inZone =
    zoneId == null ? undefined : sql`${orders.restaurantId} in (select ${restaurants.id} from ${restaurants} where ${restaurants.zoneId} = ${zoneId})`;
  const where = and(needsPerson(now), inZone);
  const [rows, [counted], zoneRows] = await db.batch([
    db
      .select({
        order: orders,
        autopilot: autopilotHold,
        courierName: users.name,
        pickupLatitude: restaurants.latitude,
        pickupLongitude: restaurants.longitude,
      })
      .from(orders)
      .leftJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .leftJoin(couriers, sql`${couriers.id} = ${orders.courierId}`)
      .leftJoin(users, sql`${users.id} = ${couriers.userId}`)
      .where(where)
      .orderBy(asc(orders.pickupTime), asc(orders.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)` })
      .from(orders)
      .where(where),
    db.select({ id: zones.id, name: zones.name }).from(zones).orderBy(asc(zones.name)),
  ]);
  return {
    rows: rows.map((row) => ({
      order: row.order,
      courierName: row.courierName,
      reason: queueReason({ ...row.order, autopilot: row.autopilot }, now)!,
      pickup: row.pickupLatitude != null && row.pickupLongitude != null ? { lat: row.pickupLatitude, lng: row.pickupLongitude } : null,
    })),
    total: counted.total,
    zones: zoneRows,
  };
}
