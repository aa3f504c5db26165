/** Names shared by the Worker and the Durable Objects, kept apart so routes need not load the objects' code. */

/** The single hub all admins' live-map sockets attach to. */
export const LIVE_HUB_NAME = 'admins';

/** Each courier's location object is named by the courier id. */
export const courierLocationName = (courierId: number) => String(courierId);

/** Each API key's rate limiter is named by the key's id. */
export const apiKeyLimiterName = (keyId: number) => `key-${keyId}`;
