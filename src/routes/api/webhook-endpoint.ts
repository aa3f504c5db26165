/**
 * /api/webhook-endpoint (issue 17): the signed-in business's webhook endpoint. Saving a
 * URL checks where it leads (src/webhooks/address.ts); the signing secret follows the
 * Standard Webhooks format and can be rotated; a test event goes through the same
 * outbox, queue and signing as real ones.
 */
import { Hono } from 'hono';
import { insertTestEvent } from '../../db/outbox';
import { deleteEndpoint, findEndpoint, rotateEndpointSecret, saveEndpoint, serializeEndpoint } from '../../db/webhooks';
import { webhookEndpointSchema } from '../../domain/webhooks';
import type { AppEnv } from '../../env';
import { relayEvents } from '../../events/relay';
import { ownBusinessId, signedInBusiness } from '../../http/business';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';
import { checkWebhookUrl } from '../../webhooks/address';

const webhookEndpoint = new Hono<AppEnv>();

const NO_ENDPOINT = 'No webhook endpoint';
const apiAccessOff = () => new ApiError(403, 'API access is turned off for this business', 'Ask your dispatcher to turn it on.');

webhookEndpoint.get('/', requireApi('restaurant'), async (c) => {
  const endpoint = await findEndpoint(c.var.db, c.var.user!.restaurantId ?? 0);
  if (!endpoint) throw notFound(NO_ENDPOINT);
  return c.json(serializeEndpoint(endpoint));
});

webhookEndpoint.put('/', requireApi('restaurant'), validate('json', webhookEndpointSchema), async (c) => {
  const business = await signedInBusiness(c);
  if (!business.apiEnabled) throw apiAccessOff();
  const { url } = c.req.valid('json');
  const address = await checkWebhookUrl(url, c.env, c.var.outbound);
  if (!address.ok) throw badRequest('Invalid request', address.message, { url: [address.message] });
  return c.json(serializeEndpoint(await saveEndpoint(c.var.db, business.id, address.url.href)));
});

webhookEndpoint.delete('/', requireApi('restaurant'), async (c) => {
  if (!(await deleteEndpoint(c.var.db, c.var.user!.restaurantId ?? 0))) throw notFound(NO_ENDPOINT);
  return c.body(null, 204);
});

webhookEndpoint.post('/rotate-secret', requireApi('restaurant'), async (c) => {
  const endpoint = await rotateEndpointSecret(c.var.db, c.var.user!.restaurantId ?? 0);
  if (!endpoint) throw notFound(NO_ENDPOINT);
  return c.json(serializeEndpoint(endpoint));
});

webhookEndpoint.post('/test', requireApi('restaurant'), relayEvents, async (c) => {
  const [business, endpoint] = await Promise.all([signedInBusiness(c), findEndpoint(c.var.db, ownBusinessId(c))]);
  if (!business.apiEnabled) throw apiAccessOff();
  if (!endpoint) throw notFound(NO_ENDPOINT);
  if (endpoint.disabledAt != null) throw new ApiError(409, 'The endpoint is turned off', 'Save its URL again to turn it back on.');
  const event = await insertTestEvent(c.var.db, business.id);
  return c.json({ id: event.publicId, type: 'webhook.test' }, 202);
});

export default webhookEndpoint;
