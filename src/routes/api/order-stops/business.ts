/**
 * POST /api/order-stops by a business (spec 2-business-area.md §7): adds one stop to its own order while
 * the order may still be edited, then prices the order by the route through all its
 * stops (the server's figure, never the client's). Issue 4.
 */
import { Hono } from 'hono';
import { getStops } from '../../../db/orders/read';
import { businessActor, insertStop, priceByRoute, stopSequenceTaken, stopsSeen } from '../../../db/orders/business';
import { findVisibleOrder } from '../../../db/orders/access';
import { serializeStop } from '../../../db/orders/serialize';
import { BUSINESS_EDITABLE, statusWords } from '../../../domain/orderStatus';
import { orderStopCreateSchema } from '../../../domain/schemas/businessOrders';
import type { AppEnv } from '../../../env';
import { geocoder, signedInBusiness } from '../../../http/business';
import { conflict, notFound } from '../../../http/errors';
import { requireApi } from '../../../http/guards';
import { validate } from '../../../http/validate';
import { locatePoints, pickupPoint, planRoute } from '../../../maps/routing';

const businessStops = new Hono<AppEnv>();

/** Another business adding a stop at the same moment makes a price stale; this many tries settle it. */
const PRICING_ATTEMPTS = 3;

businessStops.post('/', requireApi('restaurant'), validate('json', orderStopCreateSchema), async (c) => {
  const input = c.req.valid('json');
  const db = c.var.db;
  const order = await findVisibleOrder(db, c.var.user!, input.orderId);
  if (!order) throw notFound('Order not found');
  if (!BUSINESS_EDITABLE.has(order.status)) {
    throw conflict('Stops can no longer be added to this order', `This order is ${statusWords(order.status)}; stops can be added only while it may be edited.`);
  }
  if (await stopSequenceTaken(db, order.id, input.sequence)) {
    throw conflict(`Stop ${input.sequence} already exists on this order`, 'Give the new stop the next free sequence number.');
  }
  const maps = geocoder(c);
  const [origin, [location]] = await Promise.all([
    pickupPoint(maps, await signedInBusiness(c)),
    locatePoints(
      maps,
      [{ lat: input.latitude, lng: input.longitude, precision: input.locationPrecision, address: input.address }],
      () => `Stop ${input.sequence}`,
    ),
  ]);
  const stop = await insertStop(db, order.id, {
    sequence: input.sequence,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    address: input.address,
    latitude: location.lat,
    longitude: location.lng,
    locationPrecision: location.precision,
    deliveryInstructions: input.deliveryInstructions,
    deliverBy: input.deliverBy ?? null,
  });

  for (let attempt = 0; attempt < PRICING_ATTEMPTS; attempt++) {
    const seen = await stopsSeen(db, order.id);
    const stops = (await getStops(db, order.id)).filter((row) => row.latitude != null && row.longitude != null);
    const plan = await planRoute(maps, [origin, ...stops.map((row) => ({ lat: row.latitude!, lng: row.longitude! }))]);
    const priced = await priceByRoute(db, order.id, plan, seen, businessActor(c.var.user!), `Stop ${stop.sequence} added; route ${plan.miles} mi`);
    if (priced) break;
  }
  return c.json(serializeStop(stop), 201);
});

export default businessStops;
