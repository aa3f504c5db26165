/**
 * POST /api/order-stops by a business (spec 2-business-area.md §7): adds one stop to its own order while
 * the order may still be edited, then prices the order by the route through all its
 * stops (the server's figure, never the client's). Issue 4.
 */
import { Hono } from 'hono';
import { getStops } from '../../../db/orders/read';
import { businessActor, insertPricedStop, priceByRoute, stopSequenceTaken, stopsSeen, stopsSeenIn } from '../../../db/orders/business';
import { findVisibleOrder } from '../../../db/orders/access';
import { serializeStop } from '../../../db/orders/serialize';
import { NOT_A_ROUTE, ORDER_KINDS, orderKindFor } from '../../../domain/orderKinds';
import { BUSINESS_EDITABLE, statusWords } from '../../../domain/orderStatus';
import { orderStopCreateSchema } from '../../../domain/schemas/businessOrders';
import type { AppEnv } from '../../../env';
import { geocoder, signedInBusiness } from '../../../http/business';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { requireApi } from '../../../http/guards';
import { validate } from '../../../http/validate';
import type { RoutePlan } from '../../../domain/routePlan';
import { locatePoints, pickupPoint, routeThrough } from '../../../maps/routing';

const businessStops = new Hono<AppEnv>();

/** Another business adding a stop at the same moment makes a price stale; this many tries settle it. */
const PRICING_ATTEMPTS = 3;

businessStops.post('/', requireApi('restaurant'), validate('json', orderStopCreateSchema), async (c) => {
  const input = c.req.valid('json');
  const db = c.var.db;
  // The order, whether the sequence is free and the stops priced with, together (and with the session's check).
  const [order, taken, stops, business] = await Promise.all([
    findVisibleOrder(db, c.var.user!, input.orderId),
    stopSequenceTaken(db, input.orderId, input.sequence),
    getStops(db, input.orderId),
    signedInBusiness(c),
  ]);
  if (!order) throw notFound('Order not found');
  // Only a pharmacy's orders are routes (domain/orderKinds.ts): a restaurant's go to one customer.
  if (!ORDER_KINDS[orderKindFor(business.customerType)].stops) throw badRequest('Invalid request', NOT_A_ROUTE, { orderId: [NOT_A_ROUTE] });
  if (!BUSINESS_EDITABLE.has(order.status)) {
    throw conflict('Stops can no longer be added to this order', `This order is ${statusWords(order.status)}; stops can be added only while it may be edited.`);
  }
  if (taken) throw conflict(`Stop ${input.sequence} already exists on this order`, 'Give the new stop the next free sequence number.');
  const maps = geocoder(c);
  const [origin, [location]] = await Promise.all([
    pickupPoint(maps, business),
    locatePoints(
      maps,
      [{ lat: input.latitude, lng: input.longitude, precision: input.locationPrecision, address: input.address }],
      () => `Stop ${input.sequence}`,
    ),
  ]);
  const planned = {
    sequence: input.sequence,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    address: input.address,
    latitude: location.lat,
    longitude: location.lng,
    locationPrecision: location.precision,
    deliveryInstructions: input.deliveryInstructions,
    deliverBy: input.deliverBy ?? null,
    deliverAfter: input.deliverAfter ?? null,
    serviceMinutes: input.serviceMinutes ?? null,
  };
  const actor = businessActor(c.var.user!);
  const detail = (plan: RoutePlan) => `Stop ${input.sequence} added; route ${plan.miles} mi`;
  // The stop goes in with the price of the route through it; another stop arriving meanwhile makes that price stale.
  const plan = await routeThrough(maps, origin, [...stops, planned]);
  const { stop, priced } = await insertPricedStop(db, order.id, planned, plan, stopsSeenIn(stops), actor, detail(plan));
  for (let attempt = 1; !priced && attempt < PRICING_ATTEMPTS; attempt++) {
    const [seen, now] = await Promise.all([stopsSeen(db, order.id), getStops(db, order.id)]);
    const again = await routeThrough(maps, origin, now);
    if (await priceByRoute(db, order.id, again, seen, actor, detail(again))) break;
  }
  return c.json(serializeStop(stop), 201);
});

export default businessStops;
