/** Reads the courier pages share: the order a URL names (?order=), seen as the courier may see it. */
import type { Context } from 'hono';
import { findVisibleOrder } from '../../db/orders/access';
import { courierOrderJson, type CourierOrderJson } from '../../db/orders/courier';
import type { Courier } from '../../db/schema';
import { id } from '../../domain/schemas/common';
import type { AppEnv } from '../../env';

export async function orderNamedInUrl(c: Context<AppEnv>, courier: Courier): Promise<CourierOrderJson | null> {
  const parsed = id.safeParse(c.req.query('order'));
  if (!parsed.success) return null;
  const order = await findVisibleOrder(c.var.db, { ...c.var.user!, courierId: courier.id }, parsed.data);
  return order ? courierOrderJson(c.var.db, order) : null;
}
