/**
 * /api/api-keys (issue 17): the signed-in business's API keys. A new key is answered
 * once, in full; afterwards only its name and first characters are ever shown.
 */
import { Hono } from 'hono';
import { activeApiKeys, createApiKey, revokeApiKey, serializeApiKey } from '../../db/apiKeys';
import { apiKeyCreateSchema, MAX_ACTIVE_KEYS } from '../../domain/apiKeys';
import { idParam } from '../../domain/schemas/common';
import type { AppEnv } from '../../env';
import { signedInBusiness } from '../../http/business';
import { ApiError, conflict, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const apiKeys = new Hono<AppEnv>();

apiKeys.get('/', requireApi('restaurant'), async (c) => {
  const restaurantId = c.var.user!.restaurantId;
  return c.json(restaurantId ? (await activeApiKeys(c.var.db, restaurantId)).map(serializeApiKey) : []);
});

apiKeys.post('/', requireApi('restaurant'), validate('json', apiKeyCreateSchema), async (c) => {
  const business = await signedInBusiness(c);
  if (!business.apiEnabled) throw new ApiError(403, 'API access is turned off for this business', 'Ask your dispatcher to turn it on.');
  const created = await createApiKey(c.var.db, business.id, c.req.valid('json').name, c.var.user!.id);
  if (!created) throw conflict('Too many keys', `A business may have ${MAX_ACTIVE_KEYS} keys in use; revoke one first.`);
  return c.json({ ...serializeApiKey(created.row), key: created.key }, 201);
});

apiKeys.delete('/:id', requireApi('restaurant'), validate('param', idParam), async (c) => {
  const restaurantId = c.var.user!.restaurantId;
  if (!restaurantId || !(await revokeApiKey(c.var.db, restaurantId, c.req.valid('param').id))) throw notFound('API key not found');
  return c.body(null, 204);
});

export default apiKeys;
