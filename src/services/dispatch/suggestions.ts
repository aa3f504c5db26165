/** GET /api/orders/:id/courier-suggestions and the assign dialog: the couriers to offer an order to, best first (decision W4). */
import type { Db } from '../../db/client';
import { staffingQuestion } from '../../db/dispatch';
import { rankCouriers, type CourierSuggestion } from '../../domain/dispatch';
import { Failure } from '../../domain/failures';
import { canAdminAssign } from '../../domain/orderStatus';

export interface CourierSuggestions {
  orderId: number;
  orderNumber: string;
  suggestions: CourierSuggestion[];
}

export async function suggestCouriers(db: Db, orderId: number, now: number, today: string): Promise<CourierSuggestions> {
  const question = await staffingQuestion(db, orderId);
  if (!question) throw new Failure('not_found', 'Order not found');
  const { order } = question;
  // A finished order has nobody to suggest; answering an empty list would read as "no courier fits".
  if (!canAdminAssign(order.status)) throw new Failure('conflict', 'Order cannot be assigned', `Order #${order.orderNumber} is finished.`);
  return { orderId: order.id, orderNumber: order.orderNumber, suggestions: rankCouriers(question.candidates, question.staffing, now, today) };
}
