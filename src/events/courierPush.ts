/**
 * Pushes order changes to the couriers they concern (decision F11): after a successful
 * write to an order (a step, an assignment, an offer, a cancellation, an edit, a new
 * order), in the background, each concerned courier's Durable Object tells their phone's
 * socket, and the phone reads its lists again. Nothing waits for it, and a lost push
 * costs only freshness: a phone whose socket is down polls.
 */
import type { MiddlewareHandler } from 'hono';
import { couriersConcerned } from '../db/courierNotices';
import type { Db } from '../db/client';
import { courierLocationName } from '../durable-objects/names';
import type { AppEnv, Env } from '../env';
import { wakeAutopilotsOf } from '../services/dispatch/autopilot';
import { changedSomething } from './relay';

const ORDER_PATH = /^\/api(?:\/v1)?\/orders\/(\d+)/;
const STOP_PATH = /^\/api\/order-stops\/(\d+)/;
const NEW_ORDER_PATH = /^\/api(?:\/v1)?\/orders\/?$/;

/** The orders and stops a write request changed, read from its path (or, for a new order, its answer). */
async function changedBy(path: string, response: Response): Promise<{ orderIds: number[]; stopIds: number[] }> {
  const order = ORDER_PATH.exec(path)?.[1];
  if (order) return { orderIds: [Number(order)], stopIds: [] };
  const stop = STOP_PATH.exec(path)?.[1];
  if (stop) return { orderIds: [], stopIds: [Number(stop)] };
  if (NEW_ORDER_PATH.test(path) && response.headers.get('content-type')?.includes('json')) {
    const created = (await response.clone().json()) as { id?: unknown; order?: { id?: unknown } };
    const id = Number(created.id ?? created.order?.id);
    if (Number.isSafeInteger(id)) return { orderIds: [id], stopIds: [] };
  }
  return { orderIds: [], stopIds: [] };
}

export async function notifyCouriers(env: Env, db: Db, changed: { orderIds: number[]; stopIds: number[] }): Promise<void> {
  const notices = await couriersConcerned(db, changed.orderIds, changed.stopIds);
  await Promise.all(
    notices.map(({ courierId, offer }) =>
      env.COURIER_LOCATION.get(env.COURIER_LOCATION.idFromName(courierLocationName(courierId))).notify(courierId, { type: 'orders', offer }),
    ),
  );
}

export const pushOrderChanges: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!changedSomething(c)) return;
  const changed = await changedBy(c.req.path, c.res).catch(() => ({ orderIds: [], stopIds: [] }));
  if (changed.orderIds.length + changed.stopIds.length === 0) return;
  // Both read at once (one round trip): the phones concerned, and the autopilots of the orders' zones (decision W12).
  c.executionCtx.waitUntil(
    Promise.all([
      notifyCouriers(c.env, c.var.db, changed).catch((error: Error) => console.error('courier push failed; phones will poll', error.message)),
      wakeAutopilotsOf(c.env, c.var.db, changed).catch((error: Error) => console.error('autopilot not woken; the cron will', error.message)),
    ]),
  );
};
