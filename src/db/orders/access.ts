/**
 * Who may see an order. One rule, used as a SQL condition for lists and as a check for
 * single reads, so a list can never show what a read would refuse:
 * - admin: every order;
 * - business: its own orders (another business's order is a 404, never a 403, so ids
 *   of other tenants are not even confirmed to exist);
 * - courier: orders they hold, and orders offered to their zone (pending_courier, no
 *   courier) that they have not declined.
 */
import { and, desc, eq, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { SessionIdentity } from '../../auth/sessionHint';
import type { Db } from '../client';
import { couriers, orderDeclines, orderEvents, orders, users, type Order } from '../schema';

export type Viewer = Pick<SessionIdentity, 'role' | 'restaurantId' | 'courierId'>;

/** The zone a courier works in, read where the query runs: an admin may move them at any time. */
export const zoneOfCourier = (courierId: number) =>
  sql`(select ${users.zoneId} from ${couriers} join ${users} on ${users.id} = ${couriers.userId} where ${couriers.id} = ${courierId})`;

/** Waiting for a courier in the courier's zone. */
const openInZoneOf = (courierId: number) => and(eq(orders.status, 'pending_courier'), isNull(orders.courierId), eq(orders.zoneId, zoneOfCourier(courierId)))!;

/** Offered to the courier's zone and not declined by them. */
export function offeredTo(viewer: Pick<Viewer, 'courierId'>): SQL {
  if (viewer.courierId == null) return sql`0`;
  return and(
    openInZoneOf(viewer.courierId),
    // notExists does not parenthesise a raw subquery; SQLite needs the parentheses.
    notExists(sql`(select 1 from ${orderDeclines} where ${orderDeclines.orderId} = ${orders.id} and ${orderDeclines.courierId} = ${viewer.courierId})`),
  )!;
}

/** The SQL condition selecting the orders a viewer may see. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  switch (viewer.role) {
    case 'admin':
      return undefined;
    case 'restaurant':
      return viewer.restaurantId == null ? sql`0` : eq(orders.restaurantId, viewer.restaurantId);
    case 'courier':
      return viewer.courierId == null ? sql`0` : or(eq(orders.courierId, viewer.courierId), offeredTo(viewer));
  }
}

/** The same rule for one order (declines are not checked: an offered order stays readable). */
export function readableBy(viewer: Viewer): SQL | undefined {
  if (viewer.role !== 'courier') return visibleTo(viewer);
  return viewer.courierId == null ? sql`0` : or(eq(orders.courierId, viewer.courierId), openInZoneOf(viewer.courierId));
}

/** The order if the viewer may see it, else undefined (the caller answers 404). */
export async function findVisibleOrder(db: Db, viewer: Viewer, id: number | SQL): Promise<Order | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), readableBy(viewer)))
    .limit(1);
  return order;
}

/**
 * An order the courier held until its last change (an admin cancelled or reassigned it):
 * not theirs to see any more, but their step sent meanwhile is answered 409 and recorded
 * as refused, beside the change that won (decision S4).
 */
export async function findOrderTakenFrom(db: Db, courierId: number, id: number | SQL): Promise<Order | undefined> {
  const lastChange = db
    .select({ fromCourierId: orderEvents.fromCourierId })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.outcome, 'applied')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), sql`${orders.courierId} is not ${courierId}`, eq(sql`(${lastChange})`, courierId)))
    .limit(1);
  return order;
}
