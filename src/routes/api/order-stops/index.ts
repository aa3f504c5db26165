/**
 * /api/order-stops (spec 1-foundations-and-admin.md §7.3, 2 §7, 3 §7.4): an order's stops for whoever may see the
 * order; creating stops (business.ts) and moving them (courier.ts) live next to this file.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { findVisibleOrder } from '../../../db/orders/access';
import { getStops } from '../../../db/orders/read';
import { id } from '../../../domain/schemas/common';
import type { AppEnv } from '../../../env';
import { notFound } from '../../../http/errors';
import { requireApi } from '../../../http/guards';
import { trackingJson } from '../../../http/tracking';
import { validate } from '../../../http/validate';
import businessStops from './business';
import courierStops from './courier';

const orderStops = new Hono<AppEnv>();

orderStops.route('/', businessStops);
orderStops.route('/', courierStops);

orderStops.get('/order/:orderId', requireApi(), validate('param', z.object({ orderId: id })), async (c) => {
  const id = c.req.valid('param').orderId;
  // Read together; the stops are only answered when the order is the caller's to see.
  const [order, stops] = await Promise.all([findVisibleOrder(c.var.db, c.var.user!, id), getStops(c.var.db, id)]);
  if (!order) throw notFound('Order not found');
  return c.json(stops.map(trackingJson(c).stop));
});

export default orderStops;
