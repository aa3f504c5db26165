/**
 * Pushes the dispatcher's alerts (issue 14, decision W8) to the admins' alert
 * sockets: a new order, missed pickups. Best effort by design: an alert that cannot be
 * pushed is not a failure of the order or of the missed-pickup sweep, and the list, the
 * bell and the row highlight still show it.
 */
import type { Db } from '../../db/client';
import { ordersToAlert } from '../../db/dispatchAlerts';
import type { Order } from '../../db/schema';
import { OFFER_UNANSWERED_MINUTES } from '../../domain/dispatchQueue';
import { liveHub } from '../../durable-objects/names';
import type { AlertOrder, DispatchAlert } from '../../domain/live';
import type { Env } from '../../env';

export const alertOrderOf = (order: Pick<Order, 'id' | 'orderNumber' | 'restaurantName'>, courierName?: string | null): AlertOrder => ({
  orderId: order.id,
  orderNumber: order.orderNumber,
  restaurantName: order.restaurantName,
  courierName,
});

export const newOrderAlert = (order: Order): DispatchAlert => ({ type: 'alert', kind: 'new_order', pickupTime: order.pickupTime, ...alertOrderOf(order) });

/**
 * The minute's alerts (the cron job): the pickups it just marked missed, and the offers to a
 * zone nobody took within OFFER_UNANSWERED_MINUTES (those offered in the minute that just
 * passed that mark, so each is told once).
 */
export async function alertMinute(env: Env, db: Db, missedIds: readonly number[], now: number): Promise<void> {
  const { missed, unanswered } = await ordersToAlert(db, missedIds, now - OFFER_UNANSWERED_MINUTES * 60_000);
  await Promise.all([
    missed.length ? alertDispatchers(env, { type: 'alert', kind: 'missed_pickup', orders: missed }) : null,
    unanswered.length ? alertDispatchers(env, { type: 'alert', kind: 'offer_unanswered', orders: unanswered }) : null,
  ]);
}

export async function alertDispatchers(env: Env, alert: DispatchAlert): Promise<void> {
  try {
    await liveHub(env).broadcast(JSON.stringify(alert), 'alerts');
  } catch (error) {
    console.warn('Dispatcher alert not pushed', alert.kind, error instanceof Error ? error.message : error);
  }
}
