/**
 * The courier's own WebSocket (decision F11), held by their CourierLocation object with the
 * hibernation API: the runtime keeps the socket and the object sleeps until there is
 * something to say. Messages carry no order data, only that the courier's orders changed
 * (and whether a new offer arrived): the phone then reads its lists through the API, under
 * its session. Sockets are tagged `courier:<id>`, apart from any other sockets the object holds.
 */
import type { SessionSelector } from './names';
import { closeEndedSessions, sendWhileSessionsLast, socketOwnerOf } from './socketOwners';

export const COURIER_SOCKET_PATH = '/courier-socket';
const courierTag = (courierId: number) => `courier:${courierId}`;

/** What the courier's phone is told. */
export interface CourierPush {
  type: 'orders';
  /** An order has just been offered to this courier's zone. */
  offer: boolean;
}

/** Accepts the phone's socket; the Worker has checked the session and names it in OWNER_HEADERS. */
export function acceptCourierSocket(ctx: DurableObjectState, request: Request, courierId: number): Response {
  const owner = socketOwnerOf(request);
  if (!owner) return new Response('Missing session', { status: 400 });
  const { 0: client, 1: server } = new WebSocketPair();
  ctx.acceptWebSocket(server, [courierTag(courierId)]);
  server.serializeAttachment(owner);
  return new Response(null, { status: 101, webSocket: client });
}

/** Tells every open socket of the courier; a socket whose session has expired is closed instead. Answers how many heard it. */
export function pushToCourier(ctx: DurableObjectState, courierId: number, push: CourierPush, now = Date.now()): number {
  return sendWhileSessionsLast(ctx.getWebSockets(courierTag(courierId)), JSON.stringify(push), now);
}

/** Closes the courier's sockets opened under the sessions the selector names (sign-out, deactivation, a new password). */
export function endCourierSessions(ctx: DurableObjectState, courierId: number, selector: SessionSelector): number {
  return closeEndedSessions(ctx.getWebSockets(courierTag(courierId)), selector);
}
