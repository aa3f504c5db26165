/**
 * Who calls /api/v1 (issue 17): a business's API key in `Authorization: Bearer <key>`,
 * nothing else. No cookie is read and no session is opened. Then the key's request
 * budget (one ApiRateLimiter object per key): past it, 429 with Retry-After.
 */
import type { MiddlewareHandler } from 'hono';
import { findKeyHolder, recordKeyUse } from '../db/apiKeys';
import type { Actor } from '../db/orders/change';
import type { Restaurant } from '../db/schema';
import { API_RATE, bearerToken, isApiKeyFormat } from '../domain/apiKeys';
import { apiKeyLimiterName } from '../durable-objects/names';
import type { AppEnv } from '../env';
import { ApiError, forbidden } from './errors';

/** The business a key speaks for. */
export interface ApiClient {
  keyId: number;
  business: Restaurant;
  /** How its changes are recorded in an order's history: as the business's login. */
  actor: Actor;
  /** Who is looking, for the order access rule (db/orders/access.ts). */
  viewer: { role: 'restaurant'; restaurantId: number; courierId: null };
}

export type ApiV1Env = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & { apiClient: ApiClient } };

function refuse(c: Parameters<MiddlewareHandler>[0], error: ApiError): never {
  if (error.status === 401) c.header('WWW-Authenticate', 'Bearer realm="api"');
  throw error;
}

export const requireApiKey: MiddlewareHandler<ApiV1Env> = async (c, next) => {
  const key = bearerToken(c.req.header('Authorization'));
  if (!key) refuse(c, new ApiError(401, 'API key required', 'Send your key as Authorization: Bearer <key>.'));
  const holder = isApiKeyFormat(key) ? await findKeyHolder(c.var.db, key) : undefined;
  if (!holder || holder.key.revokedAt != null) refuse(c, new ApiError(401, 'Invalid API key', 'The key is not known or has been revoked.'));
  if (!holder.accountActive) refuse(c, forbidden('This business account is deactivated'));
  if (!holder.business.apiEnabled) refuse(c, new ApiError(403, 'API access is turned off for this business', 'Ask your dispatcher to turn it on.'));

  const limiter = c.env.API_RATE_LIMITER.get(c.env.API_RATE_LIMITER.idFromName(apiKeyLimiterName(holder.key.id)));
  const decision = await limiter.take();
  if (!decision.allowed) {
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    c.header('Retry-After', String(seconds));
    throw new ApiError(
      429,
      'Too many requests',
      `Each key may make ${API_RATE.perSecond} requests a second (bursts of ${API_RATE.burst}). Try again in ${seconds} s.`,
    );
  }
  if (decision.recordUse) c.executionCtx.waitUntil(recordKeyUse(c.var.db, holder.key.id).catch(() => {}));

  const business = holder.business;
  c.set('apiClient', {
    keyId: holder.key.id,
    business,
    actor: { userId: business.userId, role: 'restaurant' },
    viewer: { role: 'restaurant', restaurantId: business.id, courierId: null },
  });
  await next();
};
