/**
 * Slows down password guessing: after MAX_FAILURES failed sign-ins for a username within
 * WINDOW_MS, that username is refused (429) for LOCK_MS, whatever the password.
 * One atomic UPSERT per failure, so parallel guesses cannot slip past the count.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottle } from '../db/schema';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

const key = (username: string) => username.trim().toLowerCase().slice(0, 200);

/** The time until which the username is locked, or null. */
export async function lockedUntil(db: Db, username: string, now = Date.now()): Promise<number | null> {
  const [row] = await db.select({ lockedUntil: loginThrottle.lockedUntil }).from(loginThrottle).where(eq(loginThrottle.username, key(username)));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

export async function recordFailure(db: Db, username: string, now = Date.now()): Promise<void> {
  const windowStart = now - WINDOW_MS;
  await db
    .insert(loginThrottle)
    .values({ username: key(username), failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: loginThrottle.username,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${loginThrottle.windowStartedAt} >= ${windowStart} and ${loginThrottle.failures} + 1 >= ${MAX_FAILURES} then ${now + LOCK_MS} else ${loginThrottle.lockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.username, key(username)));
}
