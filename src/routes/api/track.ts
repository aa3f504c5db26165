/**
 * A customer's tracking link as data (issue 16), no sign-in:
 * - GET /api/track/:token: what the page shows, as JSON;
 * - GET /api/track/:token/live: the page's WebSocket (the order's tracking object);
 * - GET /api/track/:token/photos/:n: a proof-of-delivery photo of this link's delivery.
 */
import { Hono } from 'hono';
import { watchOrder } from '../../db/tracking';
import { orderTracking, TRACKING_HEADER, type TrackingSocket } from '../../durable-objects/names';
import type { AppEnv } from '../../env';
import { ApiError, notFound } from '../../http/errors';
import { privateLink, trackedOf } from '../../http/tracking';
import { destinationOf, trackingPhotoKeys, trackingView } from '../../services/tracking';

const track = new Hono<AppEnv>();

track.use('*', privateLink);

track.get('/:token', async (c) => {
  const token = c.req.param('token');
  return c.json(trackingView(token, await trackedOf(c, token)));
});

track.get('/:token/live', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'Expected a WebSocket upgrade');
  const token = c.req.param('token');
  const tracked = await trackedOf(c, token);
  const view = trackingView(token, tracked);
  if (!view.live) throw notFound();
  const { order, stop } = tracked;
  const live = view.courier != null && order.courierId != null;
  const socket: TrackingSocket = {
    orderId: order.id,
    stopId: stop?.id ?? null,
    courierId: live ? order.courierId : null,
    destination: live ? destinationOf(tracked) : null,
  };
  // While a page is open, the order's changes become events (migration 0012), which reach the page.
  await watchOrder(c.var.db, order.id);
  const upgrade = new Request(c.req.raw);
  upgrade.headers.set(TRACKING_HEADER, JSON.stringify(socket));
  return orderTracking(c.env, order.id).fetch(upgrade);
});

track.get('/:token/photos/:n{[1-9][0-9]?}', async (c) => {
  const tracked = await trackedOf(c, c.req.param('token'));
  const key = trackingPhotoKeys(tracked)[Number(c.req.param('n')) - 1];
  const object = key ? await c.env.PHOTOS.get(key) : null;
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // The link can be revoked and expires after 7 days: the browser keeps it briefly, nobody else.
      'Cache-Control': 'private, max-age=300',
    },
  });
});

export default track;
