/** Names shared by the Worker and the Durable Objects, kept apart so routes need not load the objects' code. */
import type { Env } from '../env';

/** The single hub all admins' live-map sockets attach to. */
export const LIVE_HUB_NAME = 'admins';
export const liveHub = (env: Env) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName(LIVE_HUB_NAME));

/** Each courier's location object is named by the courier id. */
export const courierLocationName = (courierId: number) => String(courierId);
export const courierLocation = (env: Env, courierId: number) => env.COURIER_LOCATION.get(env.COURIER_LOCATION.idFromName(courierLocationName(courierId)));

/** Each order's tracking object (its customers' pages) is named by the order id. */
export const orderTracking = (env: Env, orderId: number) => env.ORDER_TRACKING.get(env.ORDER_TRACKING.idFromName(String(orderId)));

/** What a tracking page's socket may receive, checked by the Worker from the link and handed to the order's object. */
export interface TrackingSocket {
  orderId: number;
  stopId: number | null;
  /** Set while the courier is on the way to this customer: positions (with the ETA to `destination`) are sent. */
  courierId: number | null;
  destination: { lat: number; lng: number } | null;
}
export const TRACKING_HEADER = 'X-Tracking-Socket';

/** Who a socket belongs to: its session, its user, and when that session expires at the latest. */
export interface SocketOwner {
  sessionId: string;
  userId: number;
  expiresAt: number;
}

/** The sockets to close: one session's, or every session of a user but one. */
export type SessionSelector = { sessionId: string } | { userId: number; exceptSessionId?: string };

export const OWNER_HEADERS = { sessionId: 'X-Session-Id', userId: 'X-User-Id', expiresAt: 'X-Session-Expires' } as const;

/** Each zone's autopilot is named by the zone id. */
export const zoneAutopilot = (env: Env, zoneId: number) => env.ZONE_AUTOPILOT.get(env.ZONE_AUTOPILOT.idFromName(String(zoneId)));

/** Each API key's rate limiter is named by the key's id. */
export const apiKeyLimiterName = (keyId: number) => `key-${keyId}`;
