/** Customers' tracking pages hear of their order's changes (issue 16): a repeat only makes a page read its link again. */
import type { OutboxEvent } from '../db/schema';
import { orderTracking } from '../durable-objects/names';
import type { Env } from '../env';

/** Tells the order's object, when a tracking page is open on it (`watched`): no object is woken for an order nobody is watching. */
export async function tellTrackingPages(env: Env, event: OutboxEvent, watched: ReadonlySet<number>): Promise<void> {
  if (event.kind === 'order.changed' && event.orderId != null && watched.has(event.orderId)) await orderTracking(env, event.orderId).changed();
}
