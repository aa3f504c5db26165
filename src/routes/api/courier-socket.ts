/**
 * GET /api/couriers/socket: the signed-in courier's WebSocket, held by their own Durable
 * Object, told when their orders change (decision F11). Polling is the phone's fallback.
 */
import { Hono } from 'hono';
import { COURIER_SOCKET_PATH } from '../../durable-objects/courierSockets';
import { courierLocationName, OWNER_HEADERS } from '../../durable-objects/names';
import type { AppEnv } from '../../env';
import { ApiError, forbidden } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { verifiedUser } from '../../http/context';

const courierSocket = new Hono<AppEnv>();

courierSocket.get('/socket', requireApi('courier'), async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'Expected a WebSocket upgrade');
  // Browsers send cookies with cross-site WebSocket handshakes too: check the origin.
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw forbidden('Cross-origin request refused');
  const user = c.var.user!;
  if (user.courierId == null) throw forbidden('This account has no courier record');
  const upgrade = new Request(`https://courier${COURIER_SOCKET_PATH}?courier=${user.courierId}`, c.req.raw);
  upgrade.headers.set(OWNER_HEADERS.sessionId, user.sessionId);
  upgrade.headers.set(OWNER_HEADERS.userId, String(user.id));
  upgrade.headers.set(OWNER_HEADERS.expiresAt, String((await verifiedUser(c)).sessionExpiresAt));
  return c.env.COURIER_LOCATION.get(c.env.COURIER_LOCATION.idFromName(courierLocationName(user.courierId))).fetch(upgrade);
});

export default courierSocket;
