/** Names shared by the Worker and the Durable Objects, kept apart so routes need not load the objects' code. */
import type { Env } from '../env';

/** The single hub all admins' live-map sockets attach to. */
export const LIVE_HUB_NAME = 'admins';
export const liveHub = (env: Env) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName(LIVE_HUB_NAME));

/** Each courier's location object is named by the courier id. */
export const courierLocationName = (courierId: number) => String(courierId);

/** Who a socket belongs to: its session, its user, and when that session expires at the latest. */
export interface SocketOwner {
  sessionId: string;
  userId: number;
  expiresAt: number;
}

/** The sockets to close: one session's, or every session of a user but one. */
export type SessionSelector = { sessionId: string } | { userId: number; exceptSessionId?: string };

export const OWNER_HEADERS = { sessionId: 'X-Session-Id', userId: 'X-User-Id', expiresAt: 'X-Session-Expires' } as const;
