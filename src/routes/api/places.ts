/**
 * /api/places: address suggestions that work without the maps service (issue 4).
 * GET /api/places/suggestions?q=… answers the places the signed-in business has
 * delivered to before, with coordinates, most recent first (db/places.ts).
 */
import { Hono } from 'hono';
import { pastDeliveryPlaces } from '../../db/places';
import { placeQuerySchema } from '../../domain/schemas/businessOrders';
import type { AppEnv } from '../../env';
import { ownBusinessId } from '../../http/business';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const places = new Hono<AppEnv>();

places.get('/suggestions', requireApi('restaurant'), validate('query', placeQuerySchema), async (c) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json(await pastDeliveryPlaces(c.var.db, ownBusinessId(c), c.req.valid('query').q));
});

export default places;
