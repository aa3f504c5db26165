/**
 * Sessions live in the database behind an HttpOnly, SameSite=Lax cookie (Secure, with
 * the __Host- prefix, over https). The cookie holds a 128-bit random token; the table
 * holds only its SHA-256, so reading the table does not give anyone a live session.
 *
 * A session ends at logout, after SESSION_IDLE_MS without a request, after
 * SESSION_ABSOLUTE_MS in all, and at once when its user is deactivated (every request
 * re-reads the user's isActive with the session).
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client';
import { couriers, restaurants, sessions, users, type Courier, type Restaurant } from '../db/schema';
import { usernameIs } from '../db/users';
import { allVersions, rememberVersions } from '../db/versions';
import { courierLocation, liveHub, type SessionSelector } from '../durable-objects/names';
import type { AppEnv, Env } from '../env';
import { deleteHint, setHint, type SessionIdentity } from './sessionHint';
import { cookieName, newToken, tokenId } from './tokens';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Who a request says it is, known at once: the checked session's owner, or the owner a
 * signed hint names before the check has answered (issue 19). Enough to build queries
 * with; what only the check can tell (the account's details, whether it is still active)
 * is a SessionUser, which a handler gets by awaiting `verifiedUser(c)`.
 */
export interface RequestUser extends SessionIdentity {
  sessionId: string;
}

/** The user of a session the check confirmed, with what was read with it. */
export interface SessionUser extends RequestUser {
  username: string;
  name: string;
  phone: string | null;
  address: string | null;
  isActive: boolean;
  zoneId: number | null;
  /** The courier's or the business's own record, read with the session: a request needs no second read for it. */
  courier: Courier | null;
  business: Restaurant | null;
  /** When the session ends at the latest (its absolute lifetime); live sockets opened under it close then. */
  sessionExpiresAt: number;
}

const sessionCookie = (url: string) => cookieName('sid', url);

/** The session id (the hash the database keeps) of the request's cookie; null without one. */
export const presentedSession = (c: Context) => tokenId(getCookie(c, sessionCookie(c.req.url)));

/** Starts a new session (a new id at every login), sets its cookie and the hint naming its owner. */
export async function startSession(c: Context, db: Db, owner: SessionIdentity, now = Date.now()): Promise<void> {
  const { token, id } = await newToken();
  await db.insert(sessions).values({
    id,
    userId: owner.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_ABSOLUTE_MS,
  });
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, sessionCookie(c.req.url), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
  await setHint(c, db, id, owner, SESSION_ABSOLUTE_MS / 1000);
}

const accountColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  name: users.name,
  phone: users.phone,
  address: users.address,
  isActive: users.isActive,
  zoneId: users.zoneId,
  courierId: couriers.id,
  restaurantId: restaurants.id,
};

/** A user, by username, with the ids of their courier or restaurant record. */
export async function loadAccount(db: Db, username: string): Promise<Omit<SessionUser, 'sessionId' | 'sessionExpiresAt' | 'courier' | 'business'> | undefined> {
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(couriers, eq(couriers.userId, users.id))
    .leftJoin(restaurants, eq(restaurants.userId, users.id))
    .where(usernameIs(username))
    .limit(1);
  return account;
}

/**
 * The signed-in user of a session id, or null when it is unknown, expired or its user is
 * inactive (the session is then deleted). With `withVersions`, the data version counters
 * come back in the same round trip (db/versions.ts): pages build their ETags from them
 * without another read.
 */
export async function readSession(
  c: Context<AppEnv>,
  db: Db,
  id: string,
  now = Date.now(),
  options: { withVersions?: boolean; endLater?: boolean } = {},
): Promise<SessionUser | null> {
  const sessionQuery = db
    .select({
      ...accountColumns,
      courier: couriers,
      business: restaurants,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(couriers, eq(couriers.userId, users.id))
    .leftJoin(restaurants, eq(restaurants.userId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  let row;
  if (options.withVersions) {
    const read = db.batch([sessionQuery, allVersions(db, id)]);
    rememberVersions(
      db,
      read.then(([, versions]) => versions),
    );
    row = (await read)[0][0];
  } else {
    row = (await sessionQuery)[0];
  }
  if (!row) return null;
  if (!row.isActive || now >= row.expiresAt || now - row.lastSeenAt >= SESSION_IDLE_MS) {
    const ending = db.delete(sessions).where(eq(sessions.id, id));
    // A request whose writes wait for this check cannot wait for the delete: its second answer deletes it.
    if (options.endLater) c.executionCtx.waitUntil(ending.then(undefined, () => undefined));
    else await ending;
    return null;
  }
  if (now - row.lastSeenAt >= TOUCH_INTERVAL_MS) {
    // After the answer: a read does not wait for this write.
    c.executionCtx.waitUntil(
      db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(eq(sessions.id, id))
        .then(
          () => undefined,
          (error: Error) => console.error('session touch failed', error.message),
        ),
    );
  }
  const { lastSeenAt: _seen, expiresAt, ...user } = row;
  return { ...user, sessionExpiresAt: expiresAt };
}

/** A request began for a session that did not hold: it is answered again (src/app.ts), so nothing of this one is kept. */
export class SessionNotConfirmed extends Error {}

/** Ends a session and its live sockets, and clears its cookies. */
export async function endSession(c: Context<AppEnv>, db: Db, user: Pick<SessionUser, 'sessionId' | 'courierId'>): Promise<void> {
  deleteCookie(c, sessionCookie(c.req.url), { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
  deleteHint(c);
  await replaceSession(c, db, user.sessionId, user.courierId);
}

/**
 * Ends a session and its live sockets; its cookies are left to the sign-in that replaces them.
 * `courierId` names the courier whose phone sockets to close too, when the session was a courier's.
 */
export async function replaceSession(c: Context<AppEnv>, db: Db, sessionId: string, courierId: number | null): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await endLiveSockets(c.env, { sessionId }, courierId);
}

/**
 * Sockets opened under a session end with it: admins' live-map sockets in LiveHub, and a
 * courier's phone socket in their CourierLocation (given `courierId`). Sign-out, deactivation
 * and password changes delete the sessions with the change itself (db/accounts.ts,
 * db/users.ts), then end their sockets here.
 */
export async function endLiveSockets(env: Env, selector: SessionSelector, courierId: number | null): Promise<void> {
  await Promise.all([liveHub(env).endSessions(selector), courierId != null && courierLocation(env, courierId).endSessions(courierId, selector)]);
}
