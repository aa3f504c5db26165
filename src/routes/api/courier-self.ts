/**
 * /api/couriers/profile and /api/couriers/earnings: the signed-in courier's own record
 * and earnings (spec 3-courier-area.md §7.5). Issue 5.
 */
import { Hono } from 'hono';
import { courierProfile, updateCourierProfile } from '../../db/courierProfile';
import { courierEarnings } from '../../db/earnings';
import { earningsRange } from '../../domain/courierEarnings';
import { courierProfileSchema, earningsQuerySchema } from '../../domain/schemas/courier';
import { DEFAULT_TIME_ZONE } from '../../domain/time';
import type { AppEnv } from '../../env';
import { currentCourier, ownCourierId } from '../../http/courier';
import { badRequest } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const courierSelf = new Hono<AppEnv>();

courierSelf.get('/profile', requireApi('courier'), async (c) => {
  return c.json(await courierProfile(c.var.db, ownCourierId(c)));
});

courierSelf.patch('/profile', requireApi('courier'), validate('json', courierProfileSchema), async (c) => {
  return c.json(await updateCourierProfile(c.var.db, await currentCourier(c), c.req.valid('json')));
});

/** ?period=today|7days|30days (default 30days; week and month as 7 and 30 days), or ?startDate&endDate. */
courierSelf.get('/earnings', requireApi('courier'), validate('query', earningsQuerySchema), async (c) => {
  const range = earningsRange(c.req.valid('query'), c.env.SERVICE_TIME_ZONE || DEFAULT_TIME_ZONE, Date.now());
  if (!range) throw badRequest('Invalid request', 'endDate must not be before startDate.');
  return c.json(await courierEarnings(c.var.db, ownCourierId(c), range));
});

export default courierSelf;
