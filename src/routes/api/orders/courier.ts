/**
 * The courier's side of /api/orders (spec 3 §7.3): /courier, /courier/assigned,
 * /courier/active, /courier/scheduled, /:id/courier-response, /:id/delivery-photos,
 * /:id/photos (binary uploads for a later step), and PATCH /:id workflow steps. Issue 5.
 * Writes accept an Idempotency-Key, so the app's offline queue can safely send again.
 */
import { Hono, type Context } from 'hono';
import type { SessionUser } from '../../../auth/session';
import type { Db } from '../../../db/client';
import { activeOrders, assignedOrders, availableOrders, courierOrderJson, scheduledOrders, acceptedByAnother, withCourierDetails } from '../../../db/orders/courier';
import { acceptOrder, addDeliveryPhotos, canUploadPhotos, declineOrder, stepOrder } from '../../../db/orders/courierSteps';
import { findVisibleOrder } from '../../../db/orders/access';
import { getStops } from '../../../db/orders/read';
import { photoUrl } from '../../../db/orders/serialize';
import type { Order } from '../../../db/schema';
import { minuteBucket, versionTag } from '../../../db/versions';
import { ORDER_TAKEN, STOP_DELIVERY_PHASE } from '../../../domain/courierFlow';
import { MAX_PHOTO_BYTES } from '../../../domain/photos';
import { courierOrderPatchSchema, courierResponseSchema, deliveryPhotosSchema, optimizeStopsSchema, photoUploadQuerySchema, stopOrderSchema } from '../../../domain/schemas/courier';
import { STOP_SERVICE_MINUTES } from '../../../domain/routeOptimizer';
import { movableStops, reorderStart } from '../../../domain/stopSequence';
import { assertCanReorder, readRoute, reorderStops } from '../../../db/orders/stopSequence';
import { mapsServer } from '../../../http/business';
import { bestRoute } from '../../../maps/bestRoute';
import { idParam } from '../../../domain/schemas/common';
import type { AppEnv } from '../../../env';
import { binaryBody, courierContext, heldOrder, isBinaryUpload, requireValidDocuments, serviceToday } from '../../../http/courier';
import { ApiError, badRequest, conflict, notFound } from '../../../http/errors';
import { requireApi } from '../../../http/guards';
import { idempotent, idempotently } from '../../../http/idempotency';
import { readJson, validate } from '../../../http/validate';
import { storePhoto } from '../../../photos/store';

const courierOrders = new Hono<AppEnv>();

/**
 * A list the courier app polls every few seconds: 403 while a document has expired, and
 * an ETag from the tables it reads, so an unchanged list costs one indexed read and a 304.
 */
function courierList(name: string, rows: (db: Db, user: SessionUser & { courierId: number }) => Promise<Order[]>, perMinute = false) {
  return async (c: Context<AppEnv>) => {
    const courier = await requireValidDocuments(c);
    const user = { ...c.var.user!, courierId: courier.id };
    const etag = await versionTag(c.var.db, ['orders', 'order_stops', 'restaurants'], name, courier.id, user.zoneId, serviceToday(c), perMinute ? minuteBucket() : null);
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
    return c.json(await withCourierDetails(c.var.db, await rows(c.var.db, user)), 200, headers);
  };
}

courierOrders.get('/courier', requireApi('courier'), courierList('available', availableOrders));
courierOrders.get('/courier/assigned', requireApi('courier'), courierList('assigned', (db, user) => assignedOrders(db, user.courierId)));
courierOrders.get('/courier/active', requireApi('courier'), courierList('active', (db, user) => activeOrders(db, user.courierId)));
// "Scheduled" means pickup still ahead, which changes with the clock.
courierOrders.get('/courier/scheduled', requireApi('courier'), courierList('scheduled', (db, user) => scheduledOrders(db, user.courierId, Date.now()), true));

/** Accept or decline (spec 3 §2.6): accepting is first come, first served. */
courierOrders.post(
  '/:id/courier-response',
  requireApi('courier'),
  validate('param', idParam),
  idempotent,
  validate('json', courierResponseSchema),
  async (c) => {
    const ctx = await courierContext(c);
    const { id } = c.req.valid('param');
    const { action, acceptLateFee } = c.req.valid('json');
    const order = await findVisibleOrder(ctx.db, ctx.user, id);
    if (!order) {
      // The offer was there a moment ago: say why it is gone rather than "not found".
      if (action === 'accept' && (await acceptedByAnother(ctx.db, id, ctx.user.zoneId, ctx.user.courierId))) throw conflict(ORDER_TAKEN.error, ORDER_TAKEN.details);
      throw notFound('Order not found');
    }
    const changed = action === 'accept' ? await acceptOrder(ctx, order) : await declineOrder(ctx, order, acceptLateFee ?? false);
    return c.json(await courierOrderJson(ctx.db, changed));
  },
);

/**
 * Delivery photos and notes (spec 3 §7.3): {photos: [image data strings or photo URLs],
 * notes}, or one photo as a binary body. They are added to the order's photos.
 */
courierOrders.post('/:id/delivery-photos', requireApi('courier'), validate('param', idParam), idempotent, async (c) => {
  const ctx = await courierContext(c);
  const order = await heldOrder(ctx, c.req.valid('param').id);
  let changed: Order;
  if (isBinaryUpload(c)) {
    changed = await addDeliveryPhotos(ctx, order, await binaryBody(c));
  } else {
    const { photos, notes } = await readJson(c, deliveryPhotosSchema);
    changed = await addDeliveryPhotos(ctx, order, photos, notes);
  }
  return c.json(await courierOrderJson(ctx.db, changed), 201);
});

/**
 * A photo uploaded as it is taken (a binary body, with a progress bar on the phone),
 * attached later by the step that needs it: delivery photos, the pharmacy pickup photo,
 * a stop's photo. Answers its URL.
 */
courierOrders.post(
  '/:id/photos',
  requireApi('courier'),
  validate('param', idParam),
  idempotent,
  validate('query', photoUploadQuerySchema),
  async (c) => {
    const ctx = await courierContext(c);
    const order = await heldOrder(ctx, c.req.valid('param').id);
    const { kind, stopId } = c.req.valid('query');
    if (!canUploadPhotos(order)) throw conflict('Photos closed', 'This order takes no more photos.');
    if (kind === 'stop' && !(stopId && (await getStops(ctx.db, order.id)).some((stop) => stop.id === stopId))) {
      throw badRequest('Invalid request', 'A stop photo needs the stopId of a stop of this order.');
    }
    const photo = await storePhoto(ctx.bucket, ctx.db, { orderId: order.id, kind, stopId: kind === 'stop' ? stopId : undefined, uploadedByUserId: ctx.user.id }, await binaryBody(c));
    return c.json({ key: photo.key, url: photoUrl(photo.key), contentType: photo.contentType, width: photo.width, height: photo.height }, 201);
  },
);

/**
 * The courier's own order of the stops not yet reached (issue 18), by hand: their ids in
 * the order they will be driven. Answers the order as the courier app reads it; the
 * business and the admin see the new sequence, and the fee is not touched.
 */
courierOrders.put('/:id/stop-order', requireApi('courier'), validate('param', idParam), idempotent, validate('json', stopOrderSchema), async (c) => {
  const ctx = await courierContext(c);
  const order = await heldOrder(ctx, c.req.valid('param').id);
  const { stops } = await readRoute(ctx.db, order);
  const changed = await reorderStops(ctx, order, stops, c.req.valid('json').stopIds, (list) => `Reordered by the courier: ${list}`);
  return c.json(await courierOrderJson(ctx.db, changed));
});

/**
 * "Optimize remaining stops": the server puts the stops not yet reached in the best
 * order from where the courier is (src/domain/stopSequence.ts reorderStart), meeting
 * their deliver-by times when it can. Answers the order and what the new order saves.
 */
courierOrders.post('/:id/stop-order/optimize', requireApi('courier'), validate('param', idParam), idempotent, validate('json', optimizeStopsSchema), async (c) => {
  const ctx = await courierContext(c);
  const order = await heldOrder(ctx, c.req.valid('param').id);
  assertCanReorder(order);
  const { stops, pickup } = await readRoute(ctx.db, order);
  const remaining = movableStops(stops);
  const unplaced = remaining.find((stop) => stop.latitude == null || stop.longitude == null);
  if (unplaced) throw conflict(`Stop ${unplaced.sequence} has no map location`, 'The stops cannot be ordered without knowing where each one is.');
  const placeOf = (stop: { latitude: number | null; longitude: number | null } | undefined) =>
    stop?.latitude != null && stop.longitude != null ? { lat: stop.latitude, lng: stop.longitude } : null;
  const { courierLatitude, courierLongitude } = c.req.valid('json');
  const arrivedAt = placeOf(stops.find((stop) => stop.status === 'arrived'));
  const start = reorderStart({
    orderStatus: order.status,
    arrivedAt,
    position: courierLatitude != null && courierLongitude != null ? { lat: courierLatitude, lng: courierLongitude } : null,
    lastDelivered: placeOf(stops.filter((stop) => stop.status === 'delivered').at(-1)),
    pickup,
  });
  if (!start) throw conflict('No place to start from', 'Your position is unknown and the pickup has no map location.');
  // On the road the route starts now (after the stop the courier is at); before the pickup, at the pickup time.
  const departure = STOP_DELIVERY_PHASE.has(order.status) ? ctx.now + (arrivedAt ? STOP_SERVICE_MINUTES * 60_000 : 0) : Math.max(ctx.now, order.pickupTime);
  const { given, best } = await bestRoute(
    mapsServer(c.env),
    start,
    remaining.map((stop) => placeOf(stop)!),
    { departure, deliverBy: remaining.map((stop) => stop.deliverBy) },
  );
  const miles = (route: typeof given) => `${route.plan.miles.toFixed(2)} mi`;
  const changed = await reorderStops(
    ctx,
    order,
    stops,
    best.order.map((index) => remaining[index].id),
    (list) => `Optimized by the courier: ${list} (${miles(given)} → ${miles(best)}${best.plan.estimated ? ', estimated' : ''})`,
  );
  return c.json({
    order: await courierOrderJson(ctx.db, changed),
    optimization: {
      previousMiles: given.plan.miles,
      miles: best.plan.miles,
      estimated: best.plan.estimated,
      lateStopIds: best.late.map((index) => remaining[index].id),
    },
  });
});

export default courierOrders;

/** PATCH /api/orders/:id by the courier holding the order: a workflow step (spec 3 §4.3–4.4). */
export async function patchOrderAsCourier(c: Context<AppEnv>): Promise<Response> {
  return idempotently(c, async () => {
    const ctx = await courierContext(c);
    const order = await heldOrder(ctx, Number(c.req.param('id')), { orTakenFromCourier: true });
    const input = await readJson(c, courierOrderPatchSchema);
    return c.json(await courierOrderJson(ctx.db, await stepOrder(ctx, order, input)));
  });
}
