/**
 * /api/order-stops by a courier: PATCH /:stopId moves a stop of an order one holds
 * (spec 3-courier-area.md §7.4): on_way, arrived, delivered with its photo (an image data string or the
 * URL of a photo uploaded with POST /api/orders/:id/photos?kind=stop). Only the current
 * stop moves; what follows a delivery (the next stop, the order) follows on the server
 * (src/services/courier/stops.ts). Answers the stop, with the order as it now is. Issue 5.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { courierOrderJsonOf } from '../../../db/orders/courier';
import { serializeStopForCourier } from '../../../db/orders/serialize';
import { id } from '../../../domain/schemas/common';
import { stopPatchSchema } from '../../../domain/schemas/courier';
import type { AppEnv } from '../../../env';
import { courierContext } from '../../../http/courier';
import { requireApi } from '../../../http/guards';
import { idempotent } from '../../../http/idempotency';
import { validate } from '../../../http/validate';
import { stepStop } from '../../../services/courier/stops';

const courierStops = new Hono<AppEnv>();

courierStops.patch('/:stopId', requireApi('courier'), validate('param', z.object({ stopId: id })), idempotent, validate('json', stopPatchSchema), async (c) => {
  const { stop, order, stops, pickup } = await stepStop(courierContext(c), c.req.valid('param').stopId, c.req.valid('json'));
  return c.json({ ...serializeStopForCourier(stop), order: courierOrderJsonOf(order, stops, pickup) });
});

export default courierStops;
