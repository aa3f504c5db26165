/**
 * /api/order-stops by a courier: PATCH /:stopId moves a stop of an order one holds
 * (spec 3 §7.4): on_way, arrived, delivered with its photo (an image data string or the
 * URL of a photo uploaded with POST /api/orders/:id/photos?kind=stop). Only the current
 * stop moves; what follows a delivery (the next stop, the order) follows on the server.
 * Answers the stop, with the order as it now is. Issue 5.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { courierOrderJson } from '../../../db/orders/courier';
import { stepStop } from '../../../db/orders/courierSteps';
import { serializeStop } from '../../../db/orders/serialize';
import { orders, orderStops } from '../../../db/schema';
import { id } from '../../../domain/schemas/common';
import { stopPatchSchema } from '../../../domain/schemas/courier';
import type { AppEnv } from '../../../env';
import { courierContext, heldOrder } from '../../../http/courier';
import { notFound } from '../../../http/errors';
import { requireApi } from '../../../http/guards';
import { idempotent } from '../../../http/idempotency';
import { validate } from '../../../http/validate';

const courierStops = new Hono<AppEnv>();

courierStops.patch(
  '/:stopId',
  requireApi('courier'),
  validate('param', z.object({ stopId: id })),
  idempotent,
  validate('json', stopPatchSchema),
  async (c) => {
    const ctx = await courierContext(c);
    const [stop] = await ctx.db.select().from(orderStops).where(eq(orderStops.id, c.req.valid('param').stopId)).limit(1);
    if (!stop) throw notFound('Stop not found');
    const order = await heldOrder(ctx, stop.orderId, { orTakenFromCourier: true });
    await stepStop(ctx, order, stop, c.req.valid('json'));
    const [[updatedStop], [updatedOrder]] = await ctx.db.batch([
      ctx.db.select().from(orderStops).where(eq(orderStops.id, stop.id)),
      ctx.db.select().from(orders).where(eq(orders.id, order.id)),
    ]);
    return c.json({ ...serializeStop(updatedStop), order: await courierOrderJson(ctx.db, updatedOrder) });
  },
);

export default courierStops;
