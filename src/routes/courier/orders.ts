/** Reads the courier pages share: the order a URL names (?order=), seen as the courier may see it. */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { readableBy } from '../../db/orders/access';
import { courierOrdersWhere, type CourierOrderJson } from '../../db/orders/courier';
import { orders } from '../../db/schema';
import { id } from '../../domain/schemas/common';
import type { AppEnv } from '../../env';

export async function orderNamedInUrl(c: Context<AppEnv>): Promise<CourierOrderJson | null> {
  const parsed = id.safeParse(c.req.query('order'));
  if (!parsed.success) return null;
  const [order] = await courierOrdersWhere(c.var.db, and(eq(orders.id, parsed.data), readableBy(c.var.user!))!);
  return order ?? null;
}
