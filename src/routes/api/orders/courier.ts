/**
 * The courier's side of /api/orders (spec 3-courier-area.md §7.3): /courier, /courier/assigned,
 * /courier/active, /courier/scheduled, /:id/courier-response, /:id/delivery-photos,
 * /:id/photos (binary uploads for a later step), and PATCH /:id workflow steps. Issue 5.
 * Writes accept an Idempotency-Key, so the app's offline queue can safely send again.
 */
import type { SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { courierLists, courierOrderJsonOf, courierOrdersWhere } from '../../../db/orders/courier';
import { photoUrl } from '../../../db/orders/serialize';
import { minuteBucket, versionTag } from '../../../db/versions';
import {
  courierOrderPatchSchema,
  courierResponseSchema,
  deliveryFailureSchema,
  deliveryPhotosSchema,
  optimizeStopsSchema,
  photoUploadQuerySchema,
  stopOrderSchema,
} from '../../../domain/schemas/courier';
import { mapsServer } from '../../../http/business';
import { idParam } from '../../../domain/schemas/common';
import type { AppEnv } from '../../../env';
import { binaryBody, courierContext, isBinaryUpload, requireValidDocuments, serviceToday } from '../../../http/courier';
import { requireApi } from '../../../http/guards';
import { idempotent } from '../../../http/idempotency';
import { readJson, validate } from '../../../http/validate';
import { heldOrder, readAroundOrder } from '../../../services/courier/context';
import { reportFailedDelivery } from '../../../services/courier/failures';
import { optimizeRemainingStops, reorderByHand } from '../../../services/courier/stopOrder';
import { addDeliveryPhotos, answerOrder, stepOrder, uploadPhoto } from '../../../services/courier/workflow';

const courierOrders = new Hono<AppEnv>();

/**
 * A list the courier app polls every few seconds: 403 while a document has expired, and
 * an ETag from the tables it reads, so an unchanged list costs one round trip and a 304.
 * Asked without an ETag (a screen opening), the list is read with the courier's record and
 * the session, in that same round trip.
 */
function courierList(name: string, where: (courier: { courierId: number | null }, now: number) => SQL, perMinute = false) {
  return async (c: Context<AppEnv>) => {
    const db = c.var.db;
    const ifNoneMatch = c.req.header('If-None-Match');
    const read = () => courierOrdersWhere(db, where(c.var.user!, Date.now()));
    const rows = ifNoneMatch ? undefined : read();
    rows?.catch(() => undefined);
    const courier = await requireValidDocuments(c);
    // 'users': the courier's zone, which decides what is offered to them ('couriers' joins them).
    const etag = await versionTag(
      db,
      ['orders', 'order_stops', 'restaurants', 'users', 'couriers'],
      name,
      courier.id,
      serviceToday(c),
      perMinute ? minuteBucket() : null,
    );
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    if (ifNoneMatch === etag) return c.body(null, 304, headers);
    return c.json(await (rows ?? read()), 200, headers);
  };
}

courierOrders.get('/courier', requireApi('courier'), courierList('available', courierLists.available));
courierOrders.get('/courier/assigned', requireApi('courier'), courierList('assigned', courierLists.assigned));
courierOrders.get('/courier/active', requireApi('courier'), courierList('active', courierLists.active));
// "Scheduled" means pickup still ahead, which changes with the clock.
courierOrders.get('/courier/scheduled', requireApi('courier'), courierList('scheduled', courierLists.scheduled, true));

/** Accept or decline (spec 3-courier-area.md §2.6): accepting is first come, first served. */
courierOrders.post(
  '/:id/courier-response',
  requireApi('courier'),
  validate('param', idParam),
  idempotent,
  validate('json', courierResponseSchema),
  async (c) => {
    const answered = await answerOrder(courierContext(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(courierOrderJsonOf(answered.order, answered.stops, answered.pickup));
  },
);

/**
 * Delivery photos and notes (spec 3-courier-area.md §7.3): {photos: [image data strings or photo URLs],
 * notes}, or one photo as a binary body. They are added to the order's photos.
 */
courierOrders.post('/:id/delivery-photos', requireApi('courier'), validate('param', idParam), idempotent, async (c) => {
  const ctx = courierContext(c);
  const id = c.req.valid('param').id;
  const [order, around] = await Promise.all([heldOrder(ctx, id), readAroundOrder(ctx.db, id)]);
  const { photos, notes } = isBinaryUpload(c) ? { photos: await binaryBody(c), notes: undefined } : await readJson(c, deliveryPhotosSchema);
  const added = await addDeliveryPhotos(ctx, order, photos, notes, around);
  return c.json(courierOrderJsonOf(added.order, added.stops, added.pickup), 201);
});

/**
 * A delivery that could not be made (issue 27, decision C28): {stopId?, reason, notes?, photo?}.
 * Answers the order as the courier app reads it, and what follows by the rule (`outcome`).
 */
courierOrders.post(
  '/:id/delivery-failures',
  requireApi('courier'),
  validate('param', idParam),
  idempotent,
  validate('json', deliveryFailureSchema),
  async (c) => {
    const reported = await reportFailedDelivery(courierContext(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ ...courierOrderJsonOf(reported.order, reported.stops, reported.pickup), outcome: reported.outcome }, 201);
  },
);

/**
 * A photo uploaded as it is taken (a binary body, with a progress bar on the phone),
 * attached later by the step that needs it: delivery photos, the pharmacy pickup photo,
 * a stop's photo. Answers its URL.
 */
courierOrders.post('/:id/photos', requireApi('courier'), validate('param', idParam), idempotent, validate('query', photoUploadQuerySchema), async (c) => {
  const ctx = courierContext(c);
  const photo = await uploadPhoto(ctx, c.req.valid('param').id, c.req.valid('query'), () => binaryBody(c));
  return c.json({ key: photo.key, url: photoUrl(photo.key), contentType: photo.contentType, width: photo.width, height: photo.height }, 201);
});

/**
 * The courier's own order of the stops not yet reached (issue 18), by hand: their ids in
 * the order they will be driven. Answers the order as the courier app reads it; the
 * business and the admin see the new sequence, and the fee is not touched.
 */
courierOrders.put('/:id/stop-order', requireApi('courier'), validate('param', idParam), idempotent, validate('json', stopOrderSchema), async (c) => {
  const changed = await reorderByHand(courierContext(c), mapsServer(c), c.req.valid('param').id, c.req.valid('json').stopIds);
  return c.json(courierOrderJsonOf(changed.order, changed.stops, changed.pickup));
});

/** "Optimize remaining stops": the best order from where the courier is; answers the order and what it saves. */
courierOrders.post(
  '/:id/stop-order/optimize',
  requireApi('courier'),
  validate('param', idParam),
  idempotent,
  validate('json', optimizeStopsSchema),
  async (c) => {
    const ctx = courierContext(c);
    const { courierLatitude, courierLongitude } = c.req.valid('json');
    const position = courierLatitude != null && courierLongitude != null ? { lat: courierLatitude, lng: courierLongitude } : null;
    const { order, stops, pickup, ...optimization } = await optimizeRemainingStops(ctx, mapsServer(c), c.req.valid('param').id, position);
    return c.json({ order: courierOrderJsonOf(order, stops, pickup), optimization });
  },
);

export default courierOrders;

/** PATCH /api/orders/:id by the courier holding the order: a workflow step (spec 3-courier-area.md §4.3–4.4). */
export async function patchOrderAsCourier(c: Context<AppEnv>): Promise<Response> {
  const ctx = courierContext(c);
  const id = Number(c.req.param('id'));
  // The order, its stops and its pickup in one round trip; the step's change in one more; the answer from them.
  const [order, around] = await Promise.all([heldOrder(ctx, id, { orTakenFromCourier: true }), readAroundOrder(ctx.db, id)]);
  const input = await readJson(c, courierOrderPatchSchema);
  const stepped = await stepOrder(ctx, order, input, around);
  return c.json(courierOrderJsonOf(stepped.order, stepped.stops, stepped.pickup));
}
