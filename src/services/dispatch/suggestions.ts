/** GET /api/orders/:id/courier-suggestions and the assign dialog: the couriers to offer an order to, best first (decision W4, issue 29). */
import { sql } from 'drizzle-orm';
import { readZone, type ZoneRead } from '../../db/autopilot';
import type { Db } from '../../db/client';
import { orders, restaurants } from '../../db/schema';
import { inAutopilotOrder, rankForJob, type RankedCourier } from '../../domain/autopilot/ranking';
import { DEFAULT_TIME_ZONE, dayRange } from '../../domain/time';
import { snapshotOf } from './autopilot';
import { staffingQuestion } from '../../db/dispatch';
import { notOffered, rankCouriers, type CourierSuggestion, type NotOffered, type OrderToStaff } from '../../domain/dispatch';
import { Failure } from '../../domain/failures';
import { canAdminAssign } from '../../domain/orderStatus';

export interface CourierSuggestions {
  orderId: number;
  orderNumber: string;
  suggestions: CourierSuggestion[];
  /** Couriers who cannot take it (documents, vehicle, a missed pickup), so none is left out in silence. */
  notOffered: NotOffered[];
  /** Distances are from where the order is (with its courier), not from the pickup. */
  measuredFromOrder: boolean;
}

/** The order's zone, as the autopilot reads it (the order's own, else its business's). */
const zoneOfOrder = (orderId: number) =>
  sql`(select coalesce(${orders.zoneId}, ${restaurants.zoneId}) from ${orders} join ${restaurants} on ${restaurants.id} = ${orders.restaurantId} where ${orders.id} = ${orderId})`;

export async function suggestCouriers(db: Db, orderId: number, now: number, today: string, timeZone = DEFAULT_TIME_ZONE): Promise<CourierSuggestions> {
  // Read at once (one round trip): the dialog's facts, and the order's zone as the autopilot weighs it.
  const [question, zone] = await Promise.all([
    staffingQuestion(db, orderId),
    readZone(db, zoneOfOrder(orderId), dayRange(today, timeZone).start, sql`${orders.id} = ${orderId}`),
  ]);
  if (!question) throw new Failure('not_found', 'Order not found');
  const { order, staffing, candidates } = question;
  // A finished order has nobody to suggest; answering an empty list would read as "no courier fits".
  if (!canAdminAssign(order.status)) throw new Failure('conflict', 'Order cannot be assigned', `Order #${order.orderNumber} is finished.`);
  const suggestions = rankCouriers(candidates, staffing, now, today);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    suggestions: staffing.originIsOrder || !zone.zone ? suggestions : inAutopilotOrder(suggestions, autopilotRanking(zone, staffing, now, today)),
    notOffered: notOffered(candidates, staffing, today),
    measuredFromOrder: staffing.originIsOrder,
  };
}

/**
 * The autopilot's ranking of the zone's couriers for the order (decision W12): the same
 * function the autopilot offers by, so the dialog's "Best match" is whom it would offer. No
 * load limit here: the dispatcher may give a busy courier more.
 */
function autopilotRanking(zone: ZoneRead, staffing: OrderToStaff, now: number, today: string): RankedCourier[] {
  const snapshot = snapshotOf(zone, now);
  const job = snapshot.orders[0]?.job;
  if (!job) return [];
  const couriers = snapshot.couriers.filter((courier) => courier.id !== staffing.heldBy);
  return rankForJob(couriers, { ...job, missedBy: staffing.missedBy, declinedBy: staffing.declinedBy }, { now, today, maxLoad: Number.MAX_SAFE_INTEGER })
    .ranked;
}
