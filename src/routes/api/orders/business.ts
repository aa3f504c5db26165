/**
 * POST /api/orders and PATCH /api/orders/:id by a business: create, edit, cancel
 * (spec 2 §4.3, §7). Issue 4.
 * - The business, its name, address, phone and zone come from the session.
 * - Every fee is computed here; a multi-stop order's route is computed from the stops it brings.
 * - Another business's order is a 404; edit and cancel only in the statuses of spec 2 §4.3, else 409.
 */
import type { Context } from 'hono';
import { businessActor, cancelOrder, editOrder, insertOrder } from '../../../db/orders/business';
import { findVisibleOrder } from '../../../db/orders/access';
import { isRepeat } from '../../../db/orders/change';
import { serializeOrder, serializeStop } from '../../../db/orders/serialize';
import { orderStops, planNewOrder, planOrderEdit, type PlannedStop } from '../../../domain/businessOrders';
import { BUSINESS_CANCELLABLE, BUSINESS_EDITABLE, statusWords } from '../../../domain/orderStatus';
import { businessOrderPatchSchema, orderCreateSchema } from '../../../domain/schemas/businessOrders';
import type { AppEnv } from '../../../env';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { mapsServer, signedInBusiness } from '../../../http/business';
import { readJson } from '../../../http/validate';
import { routeFrom } from '../../../maps/routing';

const inWords = (statuses: Iterable<string>) => {
  const words = [...statuses].map(statusWords);
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
};

export async function createOrder(c: Context<AppEnv>): Promise<Response> {
  const input = await readJson(c, orderCreateSchema);
  const business = await signedInBusiness(c);
  let route = null;
  if (input.stops) {
    const stops = orderStops(input.stops);
    const located = await routeFrom(
      mapsServer(c.env),
      business,
      stops.map((stop) => ({ lat: stop.latitude, lng: stop.longitude, address: stop.address })),
    );
    const planned: PlannedStop[] = stops.map((stop, index) => ({
      sequence: stop.sequence,
      customerName: stop.customerName,
      customerPhone: stop.customerPhone,
      address: stop.address,
      latitude: located.stops[index].lat,
      longitude: located.stops[index].lng,
      deliveryInstructions: stop.deliveryInstructions,
      deliverBy: stop.deliverBy ?? null,
    }));
    route = { plan: located.plan, stops: planned };
  }
  const values = planNewOrder(
    input,
    { restaurantId: business.id, name: business.name, address: business.address, phone: business.phone, zoneId: business.zoneId },
    route,
  );
  const { order, stops } = await insertOrder(c.var.db, values, route?.stops ?? [], businessActor(c.var.user!));
  return c.json({ ...serializeOrder(order), stops: stops.map(serializeStop) }, 201);
}

export async function patchOrderAsBusiness(c: Context<AppEnv>): Promise<Response> {
  const { status, courierId: _courier, ...edit } = await readJson(c, businessOrderPatchSchema);
  const db = c.var.db;
  const order = await findVisibleOrder(db, c.var.user!, Number(c.req.param('id')));
  if (!order) throw notFound('Order not found');
  const actor = businessActor(c.var.user!);

  if (status === 'cancelled') {
    const result = await cancelOrder(db, order.id, actor);
    if (result.applied || isRepeat(result, 'cancelled')) return c.json(serializeOrder(result.order!));
    throw conflict(
      'This order can no longer be cancelled',
      `Orders can be cancelled only while ${inWords(BUSINESS_CANCELLABLE)}; this one is ${statusWords(result.order?.status ?? order.status)}.`,
    );
  }

  if (Object.keys(edit).length === 0) throw badRequest('Nothing to change', 'Send the fields to edit, or {"status": "cancelled"} to cancel.');
  const plan = planOrderEdit(order, edit);
  if (!plan.ok) throw badRequest('Invalid request', plan.message, { deliveryTime: [plan.message] });
  const result = await editOrder(db, order.id, plan.values, actor, plan.changed);
  if (result.applied) return c.json(serializeOrder(result.order));
  throw conflict(
    'This order can no longer be edited',
    `Orders can be edited only while ${inWords(BUSINESS_EDITABLE)}; this one is ${statusWords(result.order?.status ?? order.status)}.`,
  );
}
