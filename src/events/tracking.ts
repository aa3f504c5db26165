/** Customers' tracking pages hear of their order's changes (issue 16): a repeat only makes a page read its link again. */
import type { OutboxEvent } from '../db/schema';
import { orderTracking } from '../durable-objects/names';
import type { Env } from '../env';

export async function tellTrackingPages(env: Env, event: OutboxEvent): Promise<void> {
  if (event.kind === 'order.changed' && event.orderId != null) await orderTracking(env, event.orderId).changed();
}
