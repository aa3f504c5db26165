/**
 * A business's API keys (issue 17): made, listed, revoked, and looked up by the hash of
 * the key a request presents. The key itself is never stored.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiKeyShownPrefix, MAX_ACTIVE_KEYS, newApiKey } from '../domain/apiKeys';
import { sha256Hex } from '../domain/tokens';
import type { Db } from './client';
import { apiKeys, restaurants, users, type ApiKey, type Restaurant } from './schema';

/** A key as lists show it (GET /api/api-keys): never the key or its hash. */
export function serializeApiKey(key: ApiKey) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: new Date(key.createdAt).toISOString(),
    lastUsedAt: key.lastUsedAt == null ? null : new Date(key.lastUsedAt).toISOString(),
  };
}

export async function activeApiKeys(db: Db, restaurantId: number): Promise<ApiKey[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.restaurantId, restaurantId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));
}

/**
 * Makes a key for the business; the caller shows `key` once. Refused (undefined) when the
 * business already has MAX_ACTIVE_KEYS keys: the count is part of the insert, so keys
 * made at the same moment cannot pass it together.
 */
export async function createApiKey(db: Db, restaurantId: number, name: string, userId: number): Promise<{ row: ApiKey; key: string } | undefined> {
  const key = newApiKey();
  const keyHash = await sha256Hex(key);
  const [, [row]] = await db.batch([
    db.run(sql`
      insert into ${apiKeys} (restaurant_id, name, prefix, key_hash, created_by_user_id)
      select ${restaurantId}, ${name}, ${apiKeyShownPrefix(key)}, ${keyHash}, ${userId}
      where (select count(*) from ${apiKeys} where ${apiKeys.restaurantId} = ${restaurantId} and ${apiKeys.revokedAt} is null) < ${MAX_ACTIVE_KEYS}`),
    db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)),
  ]);
  return row ? { row, key } : undefined;
}

/** Revokes the business's key; false when it has no such key in use. */
export async function revokeApiKey(db: Db, restaurantId: number, keyId: number, now = Date.now()): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.restaurantId, restaurantId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

export interface KeyHolder {
  key: ApiKey;
  business: Restaurant;
  accountActive: boolean;
}

/** The key a request presents, with its business and whether the business's login is active. */
export async function findKeyHolder(db: Db, key: string): Promise<KeyHolder | undefined> {
  const [row] = await db
    .select({ key: apiKeys, business: restaurants, accountActive: users.isActive })
    .from(apiKeys)
    .innerJoin(restaurants, eq(restaurants.id, apiKeys.restaurantId))
    .innerJoin(users, eq(users.id, restaurants.userId))
    .where(eq(apiKeys.keyHash, await sha256Hex(key)))
    .limit(1);
  return row;
}

export async function recordKeyUse(db: Db, keyId: number, now = Date.now()): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}
