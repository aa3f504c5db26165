/** GET /api/orders/:id/courier-suggestions and the assign dialog: the couriers to offer an order to, best first (decision W4, issue 29). */
import type { Db } from '../../db/client';
import { staffingQuestion } from '../../db/dispatch';
import { notOffered, rankCouriers, type CourierSuggestion, type NotOffered } from '../../domain/dispatch';
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

export async function suggestCouriers(db: Db, orderId: number, now: number, today: string): Promise<CourierSuggestions> {
  const question = await staffingQuestion(db, orderId);
  if (!question) throw new Failure('not_found', 'Order not found');
  const { order, staffing, candidates } = question;
  // A finished order has nobody to suggest; answering an empty list would read as "no courier fits".
  if (!canAdminAssign(order.status)) throw new Failure('conflict', 'Order cannot be assigned', `Order #${order.orderNumber} is finished.`);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    suggestions: rankCouriers(candidates, staffing, now, today),
    notOffered: notOffered(candidates, staffing, today),
    measuredFromOrder: staffing.originIsOrder,
  };
}
