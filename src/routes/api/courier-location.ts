/**
 * Live courier positions (issue 6; spec 1-foundations-and-admin.md §2.12, §4.7; spec 3-courier-area.md §2.13):
 * - POST /api/couriers/location: a courier reports where they are; the report goes to
 *   that courier's Durable Object, which keeps it if it is newer than what it has.
 * - GET /api/couriers/live: an admin's WebSocket, fed every accepted report.
 * - GET /api/couriers/:id/track: an admin reads a courier's recent track.
 */
import { Hono } from 'hono';
import { findCourier } from '../../db/orders/courier';
import { idParam } from '../../domain/schemas/common';
import { locationReportSchema } from '../../domain/schemas/location';
import { courierLocationName, liveHub, OWNER_HEADERS } from '../../durable-objects/names';
import type { AppEnv, Env } from '../../env';
import { ApiError, forbidden, notFound, unauthorized } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { verifiedUser } from '../../http/context';
import { validate } from '../../http/validate';

const courierLocation = new Hono<AppEnv>();

const locationOf = (env: Env, courierId: number) => env.COURIER_LOCATION.get(env.COURIER_LOCATION.idFromName(courierLocationName(courierId)));

courierLocation.post('/location', requireApi('courier'), validate('json', locationReportSchema), async (c) => {
  const courierId = c.var.user!.courierId;
  if (courierId == null) throw forbidden('This account has no courier record');
  const { latitude, longitude, accuracy = null, heading = null, speed = null, recordedAt = Date.now() } = c.req.valid('json');
  const outcome = await locationOf(c.env, courierId).report({ courierId, latitude, longitude, accuracy, heading, speed, recordedAt });
  return c.json(outcome);
});

courierLocation.get('/live', requireApi('admin'), async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'Expected a WebSocket upgrade');
  // Browsers send cookies with cross-site WebSocket handshakes too: check the origin.
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin request refused');
  // The socket is tagged with the session it opens under, so it closes when that session ends.
  const user = c.var.user!;
  const upgrade = new Request(c.req.raw);
  upgrade.headers.set(OWNER_HEADERS.sessionId, user.sessionId);
  upgrade.headers.set(OWNER_HEADERS.userId, String(user.id));
  upgrade.headers.set(OWNER_HEADERS.expiresAt, String((await verifiedUser(c)).sessionExpiresAt));
  return liveHub(c.env).fetch(upgrade);
});

courierLocation.get('/:id/track', requireApi('admin'), validate('param', idParam), async (c) => {
  const { id } = c.req.valid('param');
  // The tracker answers for any name, so a courier that does not exist is refused here.
  if (!(await findCourier(c.var.db, id))) throw notFound('Courier not found');
  // A Durable Object is asked only for a session that holds (the read above went with its check).
  if (!(await c.var.sessionVerified)) throw unauthorized();
  const track = await locationOf(c.env, id).track();
  return c.json(track.map((point) => ({ ...point, recordedAt: new Date(point.recordedAt).toISOString() })));
});

export default courierLocation;
