/**
 * What the tracking link's routes share (issue 16): the token's checks and the headers
 * that keep it private. No sign-in; an unknown, malformed or replaced token is the same
 * plain 404, so a guess learns nothing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { serializeOrder, serializeOrderForCourier, serializeStop, serializeStopForCourier } from '../db/orders/serialize';
import type { Order, OrderStop } from '../db/schema';
import { findTracked, type Tracked } from '../db/tracking';
import { isTrackingToken, trackingLinkEnded, trackingPath, trackingPhase } from '../domain/tracking';
import type { AppEnv } from '../env';
import { notFound } from './errors';

/** The link's path carries its token: no page it opens may pass it on, and no shared cache keeps it. */
export const privateLink: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Robots-Tag', 'noindex');
};

/** The order (and stop) a token opens: a token never issued, replaced, or whose link has ended (K16) is the same 404. */
export async function trackedOf(c: Context<AppEnv>, token: string, now = Date.now()): Promise<Tracked> {
  const tracked = isTrackingToken(token) ? await findTracked(c.var.db, token) : undefined;
  if (!tracked) throw notFound();
  const { order, stop } = tracked;
  const phase = trackingPhase(order.status, stop?.status);
  const endedAt = phase === 'cancelled' ? order.updatedAt : stop ? stop.deliveredTime : order.completedAt;
  if (trackingLinkEnded(phase, endedAt, now)) throw notFound();
  return tracked;
}

/**
 * The order and stop JSON for this caller: with `trackingUrl` (absolute, on the host the
 * client called) for the admin and the order's business, who send it to customers;
 * couriers get neither it nor the customer's email.
 */
export function trackingJson(c: Context<AppEnv>) {
  const user = c.var.user;
  const origin = new URL(c.req.url).origin;
  const shows = user?.role === 'admin' || user?.role === 'restaurant';
  const withUrl = <T extends object>(json: T, token: string | null) => ({ ...json, trackingUrl: token ? `${origin}${trackingPath(token)}` : null });
  return {
    order: (order: Order) => (shows ? withUrl(serializeOrder(order), order.trackingToken) : serializeOrderForCourier(order)),
    stop: (stop: OrderStop) => (shows ? withUrl(serializeStop(stop), stop.trackingToken) : serializeStopForCourier(stop)),
  };
}
