/**
 * POST /api/orders and PATCH /api/orders/:id by a business: create, edit, cancel
 * (spec 2-business-area.md §4.3, §7). Issue 4.
 * - The business, its name, address, phone and zone come from the session.
 * - Every fee is computed here; a multi-stop order's route is computed from the stops it brings.
 * - Another business's order is a 404; edit and cancel only in the statuses of spec 2-business-area.md §4.3, else 409.
 */
import type { Context } from 'hono';
import { businessActor, cancelOrder, editOrder, insertOrder, stopsSeenIn, type FirstStopChange } from '../../../db/orders/business';
import { getStops } from '../../../db/orders/read';
import { findVisibleOrder, visibleTo, type Viewer } from '../../../db/orders/access';
import { isRepeat, type Actor } from '../../../db/orders/change';
import type { Db } from '../../../db/client';
import type { Order, OrderStop, Restaurant } from '../../../db/schema';
import { asHeader, orderStops, planNewOrder, planOrderEdit, type FirstStopEdit, type PlannedStop } from '../../../domain/businessOrders';
import { kindProblem, orderKindFor } from '../../../domain/orderKinds';
import { givenPlace, type PlacedAddress } from '../../../domain/location';
import { BUSINESS_CANCELLABLE, BUSINESS_EDITABLE, statusWords } from '../../../domain/orderStatus';
import { businessOrderPatchSchema, orderCreateSchema, type OrderCreateInput } from '../../../domain/schemas/businessOrders';
import type { AppEnv } from '../../../env';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { geocoder, signedInBusiness } from '../../../http/business';
import { trackingJson } from '../../../http/tracking';
import { readJson } from '../../../http/validate';
import { placeUnlessGiven, type Geocoder } from '../../../maps/geocoding';
import { locatePoints, pickupPoint, routeFrom, routeThrough } from '../../../maps/routing';
import { alertDispatchers, newOrderAlert } from '../../../services/dispatch/alerts';

const inWords = (statuses: Iterable<string>) => {
  const words = [...statuses].map(statusWords);
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
};

export async function createOrder(c: Context<AppEnv>): Promise<Response> {
  const input = await readJson(c, orderCreateSchema);
  const business = await signedInBusiness(c);
  const { order, stops } = await placeOrder(c.var.db, geocoder(c), business, input, businessActor(c.var.user!));
  c.executionCtx.waitUntil(alertDispatchers(c.env, newOrderAlert(order)));
  const json = trackingJson(c);
  return c.json({ ...json.order(order), stops: stops.map(json.stop) }, 201);
}

/**
 * Creates a business's order, single or with all its stops, priced by the server: the one
 * path for the portal (POST /api/orders) and the integrations API (POST /api/v1/orders).
 * What the order may carry and how it is priced follow the business's customer type
 * (domain/orderKinds.ts), never the body's shape. Addresses that come without coordinates
 * are placed by `located`, the geocoding chain.
 */
export async function placeOrder(
  db: Db,
  located: Geocoder,
  business: Restaurant,
  input: OrderCreateInput,
  actor: Actor,
): Promise<{ order: Order; stops: OrderStop[] }> {
  const kind = orderKindFor(business.customerType);
  const problem = kindProblem(kind, input);
  if (problem) throw badRequest('Invalid request', problem.message, { [problem.field]: [problem.message] });
  let route = null;
  let place: PlacedAddress | undefined;
  if (input.stops) {
    const stops = orderStops(input.stops);
    const routed = await routeFrom(
      located,
      business,
      stops.map((stop) => ({ lat: stop.latitude, lng: stop.longitude, precision: stop.locationPrecision, address: stop.address })),
    );
    const planned: PlannedStop[] = stops.map((stop, index) => ({
      sequence: stop.sequence,
      customerName: stop.customerName,
      customerPhone: stop.customerPhone,
      customerEmail: stop.customerEmail,
      address: stop.address,
      latitude: routed.stops[index].lat,
      longitude: routed.stops[index].lng,
      locationPrecision: routed.stops[index].precision,
      deliveryInstructions: stop.deliveryInstructions,
      deliverBy: stop.deliverBy ?? null,
      deliverAfter: stop.deliverAfter ?? null,
      serviceMinutes: stop.serviceMinutes ?? null,
    }));
    route = { plan: routed.plan, stops: planned };
  } else {
    // A single order needs no coordinates to be priced: an address no geocoder can place is kept without them.
    const given = givenPlace(input.customerLatitude, input.customerLongitude, input.customerLocationPrecision);
    place = await placeUnlessGiven(located, given, input.customerAddress!, input.customerZip);
  }
  const values = planNewOrder(
    input,
    { restaurantId: business.id, name: business.name, address: business.address, phone: business.phone, zoneId: business.zoneId },
    kind,
    route,
    place,
  );
  return insertOrder(db, values, route?.stops ?? [], actor);
}

/**
 * A route's first stop as the edit changes it; when its place moved, the route through
 * the stops as they will be, priced again (the fee follows the route, as when a stop is added).
 */
async function firstStopChange(
  c: Context<AppEnv>,
  maps: Geocoder,
  values: FirstStopEdit,
  stops: OrderStop[],
): Promise<{ change: FirstStopChange; pricing?: { totalDistanceMiles: number; deliveryFeeCents: number; calculatedDeliveryFeeCents: number } }> {
  const [first] = stops;
  const change: FirstStopChange = { stopId: first.id, values };
  if (values.latitude === undefined && values.longitude === undefined) return { change };
  const origin = await pickupPoint(maps, await signedInBusiness(c));
  const plan = await routeThrough(maps, origin, [{ ...first, ...values }, ...stops.slice(1)]);
  change.pricedWith = stopsSeenIn(stops);
  return { change, pricing: { totalDistanceMiles: plan.miles, deliveryFeeCents: plan.feeCents, calculatedDeliveryFeeCents: plan.feeCents } };
}

/**
 * Cancels the business's own order while it may (spec 2 §4.3); a repeat is a success, too
 * late a 409, another business's order 404. One round trip: ownership is the change's
 * scope, and the order comes back with its stops.
 */
export async function cancelAsBusiness(db: Db, orderId: number, viewer: Viewer, actor: Actor): Promise<{ order: Order; stops: OrderStop[] }> {
  const result = await cancelOrder(db, orderId, actor, { scope: visibleTo(viewer), readStops: true });
  if (!result.order) throw notFound('Order not found');
  if (result.applied || isRepeat(result, 'cancelled')) return { order: result.order, stops: result.stops ?? [] };
  throw conflict(
    'This order can no longer be cancelled',
    `Orders can be cancelled only while ${inWords(BUSINESS_CANCELLABLE)}; this one is ${statusWords(result.order.status)}.`,
  );
}

export async function patchOrderAsBusiness(c: Context<AppEnv>): Promise<Response> {
  const { status, courierId: _courier, ...edit } = await readJson(c, businessOrderPatchSchema);
  const db = c.var.db;
  const id = Number(c.req.param('id'));
  // A route's stops come with it: its customer fields are its first stop's. (Another business's stops are read and dropped.)
  const [order, stops] = await Promise.all([findVisibleOrder(db, c.var.user!, id), getStops(db, id)]);
  if (!order) throw notFound('Order not found');
  const actor = businessActor(c.var.user!);

  if (status === 'cancelled') return c.json(trackingJson(c).order((await cancelAsBusiness(db, order.id, c.var.user!, actor)).order));

  if (Object.keys(edit).length === 0) throw badRequest('Nothing to change', 'Send the fields to edit, or {"status": "cancelled"} to cancel.');
  const plan = planOrderEdit(order, edit);
  if (!plan.ok) throw badRequest('Invalid request', plan.message, { [plan.field]: [plan.message] });
  const maps = geocoder(c);
  if (plan.moved && plan.firstStop) {
    // A stop must be on the map (a courier drives to it): one no geocoder places is refused, as when it was added.
    const [point] = await locatePoints(maps, [{ lat: null, lng: null, address: edit.customerAddress! }], () => 'Stop 1');
    Object.assign(plan.firstStop, { latitude: point.lat, longitude: point.lng, locationPrecision: point.precision });
  } else if (plan.moved) {
    const place = await placeUnlessGiven(maps, null, edit.customerAddress!, edit.customerZip);
    Object.assign(plan.values, { customerLatitude: place.latitude, customerLongitude: place.longitude, customerLocationPrecision: place.precision });
  }
  // A route without its stops yet (the spec's two-step form) has only its header to edit.
  if (plan.firstStop && stops.length === 0) Object.assign(plan.values, asHeader(plan.firstStop));
  const firstStop = plan.firstStop && stops.length ? await firstStopChange(c, maps, plan.firstStop, stops) : undefined;
  const result = await editOrder(db, order, { ...plan.values, ...firstStop?.pricing }, actor, plan.changed, firstStop?.change);
  if (result.applied) return c.json(trackingJson(c).order(result.order));
  if (result.order && BUSINESS_EDITABLE.has(result.order.status)) {
    throw conflict('The order has changed', 'A courier was assigned or paid while you edited. Refresh and try again.');
  }
  throw conflict(
    'This order can no longer be edited',
    `Orders can be edited only while ${inWords(BUSINESS_EDITABLE)}; this one is ${statusWords(result.order?.status ?? order.status)}.`,
  );
}
