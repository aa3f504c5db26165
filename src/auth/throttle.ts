/**
 * Slows down password guessing. Attempts are counted per channel: a username tried from
 * devices it never signed in on (`untrustedChannel`), or one device it did sign in on
 * (`deviceChannel`, see devices.ts). MAX_ATTEMPTS attempts a channel may make in
 * WINDOW_MS; after MAX_ATTEMPTS failures it is refused (429) for LOCK_MS.
 *
 * An attempt is counted (one atomic UPSERT) BEFORE its password is checked, so however
 * many guesses arrive at once, at most MAX_ATTEMPTS of them are ever evaluated per window.
 * A guesser who locks a username out this way cannot lock out the devices its owner
 * has signed in on: those count on channels of their own (OWASP "device cookies").
 */
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInAttempts, trustedDevices, users } from '../db/schema';
import { usernameIs } from '../db/users';

export const MAX_ATTEMPTS = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export const untrustedChannel = (username: string) => `user:${username.trim().toLowerCase().slice(0, 200)}`;
export const deviceChannel = (deviceId: string) => `device:${deviceId}`;
/** Current passwords tried by a signed-in account (Change Password): guessed there as at sign-in (issue 26). */
export const passwordChangeChannel = (userId: number) => `password-change:${userId}`;

/** Where a sign-in attempt was counted, and whether it may be evaluated. */
export interface ReservedAttempt {
  channel: string;
  /** The presented device, when it is a trusted device of the user signing in. */
  trustedDevice: string | null;
  /** Null when the attempt may be evaluated, or the time until which the channel is refused. */
  lockedUntil: number | null;
}

/**
 * Counts an attempt, before its password is checked, on the channel it belongs to: the
 * device's own when the presented device is one the username's user signed in on, else the
 * username's. The channel is chosen in the statement, so counting needs no read before it.
 */
export async function reserveAttempt(db: Db, username: string, device: string | null, now = Date.now()): Promise<ReservedAttempt> {
  const byUsername = untrustedChannel(username);
  const owner = sql`(select ${trustedDevices.userId} from ${trustedDevices} where ${trustedDevices.id} = ${device})`;
  const channel = device
    ? sql`case when ${owner} = (select ${users.id} from ${users} where ${usernameIs(username)}) then ${deviceChannel(device)} else ${byUsername} end`
    : byUsername;
  const row = await reserveOn(db, channel, now);
  const reserved = { channel: row.key, trustedDevice: row.key === byUsername ? null : device };
  return { ...reserved, lockedUntil: lockedUntil(row, now) };
}

/** Counts an attempt on a channel of its own (Change Password's), before its password is checked. */
export async function reserveChannelAttempt(db: Db, channel: string, now = Date.now()): Promise<Omit<ReservedAttempt, 'trustedDevice'>> {
  return { channel, lockedUntil: lockedUntil(await reserveOn(db, channel, now), now) };
}

/** Until when a channel is refused after counting this attempt, or null when the attempt may be evaluated. */
function lockedUntil(row: { attempts: number; lockedUntil: number | null; windowStartedAt: number }, now: number): number | null {
  if (row.lockedUntil != null && row.lockedUntil > now) return row.lockedUntil;
  // More attempts in flight or failed in this window than may be evaluated: wait for the window to pass.
  if (row.attempts > MAX_ATTEMPTS) return row.windowStartedAt + WINDOW_MS;
  return null;
}

/** One atomic UPSERT that counts the attempt in its channel's window (or starts a new window). */
async function reserveOn(db: Db, channel: SQL | string, now: number) {
  const windowStart = now - WINDOW_MS;
  const locked = sql`coalesce(${signInAttempts.lockedUntil}, 0) > ${now}`;
  const stale = sql`${signInAttempts.windowStartedAt} < ${windowStart}`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ key: channel, attempts: 1, windowStartedAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${locked} then ${signInAttempts.attempts} when ${stale} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${locked} or not ${stale} then ${signInAttempts.windowStartedAt} else ${now} end`,
        lockedUntil: sql`case when ${locked} then ${signInAttempts.lockedUntil} else null end`,
      },
    })
    .returning({
      key: signInAttempts.key,
      attempts: signInAttempts.attempts,
      lockedUntil: signInAttempts.lockedUntil,
      windowStartedAt: signInAttempts.windowStartedAt,
    });
  return row;
}

/** A wrong password: the channel's MAX_ATTEMPTS-th failure in the window locks it for LOCK_MS. */
export async function recordFailure(db: Db, channel: string, now = Date.now()): Promise<void> {
  await db
    .update(signInAttempts)
    .set({ lockedUntil: now + LOCK_MS })
    .where(and(eq(signInAttempts.key, channel), gte(signInAttempts.attempts, MAX_ATTEMPTS)));
}

/** A successful sign-in starts the channel afresh. */
export function clearAttempts(db: Db, channel: string) {
  return db.delete(signInAttempts).where(eq(signInAttempts.key, channel));
}
