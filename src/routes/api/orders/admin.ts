/** PATCH /api/orders/:id by an admin: assign, offer to the zone, cancel (spec 1-foundations-and-admin.md §4.4, §7.3). Issue 3. */
import type { Context } from 'hono';
import { findCourier } from '../../../db/couriers';
import { findVisibleOrder } from '../../../db/orders/access';
import { applyAdminAction, type AdminOrderAction } from '../../../db/orders/admin';
import { findRestaurant } from '../../../db/restaurants';
import type { Order } from '../../../db/schema';
import { findZone } from '../../../db/zones';
import { unsuitability } from '../../../domain/dispatch';
import { statusWords } from '../../../domain/orderStatus';
import { serviceToday } from '../../../http/courier';
import { adminOrderPatchSchema, type AdminOrderPatch } from '../../../domain/schemas/adminOrders';
import type { AppEnv } from '../../../env';
import { trackingJson } from '../../../http/tracking';
import { readJson } from '../../../http/validate';
import { ApiError, badRequest, conflict, notFound } from '../../../http/errors';

const VERBS: Record<AdminOrderAction['kind'], string> = {
  assign: 'assigned',
  offer: 'offered to the zone',
  cancel: 'cancelled',
  arrive: 'marked as arrived',
};

/** Turns the request into an action, checking the courier and the restaurant's zone it names. */
async function actionFor(c: Context<AppEnv>, order: Order, body: AdminOrderPatch): Promise<AdminOrderAction> {
  const db = c.var.db;
  const base = { orderId: order.id, expectedStatus: body.expectedStatus ?? order.status, actor: { userId: c.var.user!.id, role: 'admin' as const } };
  switch (body.status) {
    case 'assigned': {
      const courier = await findCourier(db, body.courierId);
      if (!courier) throw badRequest('Courier not found', 'Choose a courier from the list.');
      if (!courier.user.isActive) throw badRequest('Courier account is inactive', `${courier.user.name}'s account is deactivated; choose another courier.`);
      const missedBy = order.status === 'missed_pickup' ? order.courierId : null;
      const unfit = unsuitability(
        { ...courier.courier, isActive: courier.user.isActive },
        { requiredVehicleTypes: order.requiredVehicleTypes, missedBy },
        serviceToday(c),
      );
      if (unfit)
        throw badRequest(
          `Courier cannot take this order: ${unfit}`,
          `${courier.user.name} cannot take order #${order.orderNumber} (${unfit}); choose another courier.`,
        );
      return { ...base, kind: 'assign', courier: { id: courier.courier.id, name: courier.user.name }, feeCents: body.deliveryFee, tipCents: body.tip };
    }
    case 'pending_courier': {
      const restaurant = await findRestaurant(db, order.restaurantId);
      // Any existing zone counts, id 0 included (spec 1-foundations-and-admin.md §5.2).
      const zone = restaurant?.restaurant.zoneId != null ? await findZone(db, restaurant.restaurant.zoneId) : undefined;
      if (!zone) throw badRequest('Restaurant is not assigned to a zone');
      return { ...base, kind: 'offer', zone: { id: zone.id, name: zone.name }, feeCents: body.deliveryFee, tipCents: body.tip };
    }
    case 'cancelled':
      return { ...base, kind: 'cancel' };
    default:
      return { ...base, kind: 'arrive', to: body.status };
  }
}

/** 409 with the order's status now: refused because it is finished, or because it moved since the admin looked. */
function refusal(order: Order, action: AdminOrderAction, current: Order | undefined): ApiError {
  if (!current) return notFound('Order not found');
  const now = statusWords(current.status);
  if (current.status !== action.expectedStatus) {
    return conflict('Order has changed', `Order #${order.orderNumber} is now ${now} (you saw ${statusWords(action.expectedStatus)}). Review it and try again.`);
  }
  if (action.kind === 'arrive')
    return conflict(
      'Order cannot be marked as arrived',
      `Order #${order.orderNumber} is ${now}: its courier is not on the way to ${statusWords(action.to).replace(/^arrived at /i, '')}.`,
    );
  return conflict(`Order cannot be ${VERBS[action.kind]}`, `Order #${order.orderNumber} is ${now}; a finished order cannot be ${VERBS[action.kind]}.`);
}

export async function patchOrderAsAdmin(c: Context<AppEnv>): Promise<Response> {
  const body = await readJson(c, adminOrderPatchSchema);
  const order = await findVisibleOrder(c.var.db, c.var.user!, Number(c.req.param('id')));
  if (!order) throw notFound('Order not found');
  const action = await actionFor(c, order, body);
  const result = await applyAdminAction(c.var.db, action);
  if (result.applied || result.repeat) return c.json(trackingJson(c).order(result.order!));
  throw refusal(order, action, result.order);
}
