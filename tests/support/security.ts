/**
 * What the security suites (tests/integration/security-*.test.ts) share: one signed-in
 * caller per role of the authorization matrix, sessions minted straight into the
 * database (no password hashing per request), and an exact fingerprint of every write
 * the database has taken, to prove that a refused request changed nothing. Also the
 * cookie and header checks the http stack (session.test.ts, pages.test.ts) and the https
 * one (security-https.test.ts) both make.
 */
import { eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { orders, users } from '../../src/db/schema';
import { Client, testDb, type ApiResponse } from './api';
import { insertCourier, insertSession } from './factories';

/** The seven columns of the authorization matrix. */
export const ROLES = ['out', 'admin', 'bistro', 'pharmacy', 'courier', 'courier2', 'deactivated'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  out: 'signed out',
  admin: 'admin',
  bistro: 'bistro (business A)',
  pharmacy: 'pharmacy (business B)',
  courier: 'courier (courier A)',
  courier2: 'courier2 (courier B)',
  deactivated: 'deactivated courier',
};

const DEMO_USERNAMES = { admin: 'admin', bistro: 'bistro', pharmacy: 'pharmacy', courier: 'courier', courier2: 'courier2' } as const;

export interface Caller {
  role: Role;
  /** The account behind the role (none when signed out). */
  userId: number | null;
  courierId: number | null;
  restaurantId: number | null;
  /** A client carrying this role's session. The deactivated user's session is minted anew each time: reading it deletes it. */
  client(): Promise<Client>;
  /** A client with a session of its own, for requests that end or replace the session (login, logout). */
  throwaway(): Promise<Client>;
}

const withCookie = (cookie: string | null) => {
  const client = new Client();
  client.cookie = cookie;
  return client;
};

/** A client of a session, holding the signed hint a browser would (src/auth/sessionHint.ts): its first read leaves it. */
async function hinted(token: string): Promise<Client> {
  const client = withCookie(sessionCookie(token));
  await client.get('/api/user');
  return client;
}

/** The http test stack names its cookie `sid`; the https one `__Host-sid`. */
export const sessionCookie = (token: string, name = 'sid') => `${name}=${token}`;

/**
 * One caller per role: the demo admin, businesses and couriers (sessions inserted, so no
 * password is hashed), nobody, and a courier whose account is deactivated while a
 * session of theirs still exists in the database.
 */
export async function callers(db: Db): Promise<Record<Role, Caller>> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, Object.values(DEMO_USERNAMES)));
  const idOf = (username: string) => rows.find((row) => row.username === username)!.id;
  const ids = async (userId: number) => {
    const [row] = await db.all<{ courierId: number | null; restaurantId: number | null }>(
      sql`select (select id from couriers where user_id = ${userId}) as courierId, (select id from restaurants where user_id = ${userId}) as restaurantId`,
    );
    return row;
  };

  const signedIn = async (role: Exclude<Role, 'out' | 'deactivated'>): Promise<Caller> => {
    const userId = idOf(DEMO_USERNAMES[role]);
    const token = await insertSession(db, userId);
    const { courierId, restaurantId } = await ids(userId);
    const hint = (await hinted(token)).hintCookie;
    return {
      role,
      userId,
      courierId,
      restaurantId,
      client: async () => Object.assign(withCookie(sessionCookie(token)), { hintCookie: hint }),
      throwaway: async () => hinted(await insertSession(db, userId)),
    };
  };

  const fired = await insertCourier(db);
  await db.update(users).set({ isActive: false }).where(eq(users.id, fired.user.id));
  const deactivatedSession = async () => withCookie(sessionCookie(await insertSession(db, fired.user.id)));

  return {
    out: { role: 'out', userId: null, courierId: null, restaurantId: null, client: async () => new Client(), throwaway: async () => new Client() },
    admin: await signedIn('admin'),
    bistro: await signedIn('bistro'),
    pharmacy: await signedIn('pharmacy'),
    courier: await signedIn('courier'),
    courier2: await signedIn('courier2'),
    deactivated: {
      role: 'deactivated',
      userId: fired.user.id,
      courierId: fired.courier.id,
      restaurantId: null,
      client: deactivatedSession,
      throwaway: deactivatedSession,
    },
  };
}

/**
 * Every write the database has taken, in one read: the per-table version counters that
 * triggers bump on any insert, update or delete of zones, users, restaurants, couriers,
 * orders and stops (data_versions), plus count and highest row of the tables outside
 * them (history, declines, photos, idempotency receipts, sign-in throttling, the outbox,
 * customer messages, API keys, webhook endpoints and deliveries). Sessions are
 * left out: reading a deactivated user's session deletes it, by design.
 */
export async function fingerprint(db: Db): Promise<string> {
  const [row] = await db.all<Record<string, string | number>>(sql`
    select
      (select group_concat(name || ':' || version, ',') from (select name, version from data_versions order by name)) as versions,
      (select count(*) || ':' || coalesce(max(id), 0) from order_events) as events,
      (select count(*) || ':' || coalesce(max(rowid), 0) from order_declines) as declines,
      (select count(*) || ':' || coalesce(max(rowid), 0) from photos) as photos,
      (select count(*) || ':' || coalesce(max(rowid), 0) from request_receipts) as receipts,
      (select count(*) || ':' || coalesce(sum(attempts), 0) from sign_in_attempts) as attempts,
      (select count(*) || ':' || coalesce(max(rowid), 0) from trusted_devices) as devices,
      (select count(*) || ':' || coalesce(max(id), 0) from event_outbox) as outbox,
      (select count(*) || ':' || coalesce(max(id), 0) from customer_messages) as messages,
      (select count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(revoked_at is not null), 0) from api_keys) as keys,
      (select count(*) || ':' || coalesce(max(rowid), 0) || ':' || coalesce(sum(length(url)), 0) from webhook_endpoints) as endpoints,
      (select count(*) || ':' || coalesce(max(id), 0) from webhook_deliveries) as deliveries
  `);
  return JSON.stringify(row);
}

/** The API's error shape (spec 1-foundations-and-admin.md §8.1): a JSON object with a non-empty `error` text. */
export function isErrorShape(response: Pick<ApiResponse, 'headers' | 'body'>): boolean {
  const body = response.body as { error?: unknown } | null;
  return (
    /^application\/json/.test(response.headers.get('content-type') ?? '') &&
    typeof body === 'object' &&
    body !== null &&
    typeof body.error === 'string' &&
    body.error.length > 0
  );
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of results. */
export async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** HSTS must last at least a year (issue 7). */
export const MIN_HSTS_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie a sign-in sets: HttpOnly, SameSite=Lax, a 128-bit token (22 base64url
 * characters); over https also Secure and the __Host- name, which the browser keeps to
 * this host and path / (no Domain). Answers the token.
 */
/**
 * A cookie holding a token (the session "sid", the trusted device "did"): 128 random bits,
 * HttpOnly, SameSite=Lax, Path=/, no Domain; over https Secure and named __Host-….
 */
export function expectTokenCookie(headers: Headers, base: 'sid' | 'did', https: boolean): string {
  const name = https ? `__Host-${base}` : base;
  const setCookie = headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`)) ?? null;
  const match = new RegExp(`^${name}=([A-Za-z0-9_-]{22});`).exec(setCookie ?? '');
  expect(match, setCookie ?? `no ${name} cookie in ${headers.getSetCookie().join(' | ')}`).not.toBeNull();
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\/(;|$)/);
  expect(setCookie).not.toMatch(/Domain=/i);
  // Secure (and the __Host- name) apply over https only: plain http locally.
  if (https) expect(setCookie).toMatch(/;\s*Secure/i);
  else expect(setCookie).not.toMatch(/Secure/i);
  return match![1];
}

/**
 * What every page answer carries: a CSP whose scripts need this response's nonce (no
 * 'unsafe-inline'), frame-ancestors 'none', nosniff and a Referrer-Policy; every inline
 * script carries the nonce; over https, HSTS for at least a year, and none over http.
 */
export function expectPageSecurityHeaders(page: Pick<ApiResponse, 'headers' | 'text'>, https: boolean): void {
  const csp = page.headers.get('content-security-policy')!;
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
  expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/]+=*'/);
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
  const inline = [...page.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  expectHsts(page.headers, https);
}

/** Strict-Transport-Security over https for at least a year; none over plain http (a browser would ignore it there). */
export function expectHsts(headers: Headers, https: boolean): void {
  const hsts = headers.get('strict-transport-security');
  if (!https) return void expect(hsts).toBeNull();
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1]);
  expect(maxAge, hsts ?? 'no HSTS').toBeGreaterThanOrEqual(MIN_HSTS_SECONDS);
}

/**
 * Suites that act as the demo couriers remove the orders they created when they end: left
 * in the shared database, those deliveries would be under way on the demo couriers' phones
 * in the browser tests (an active delivery opens by itself and covers the dashboard).
 * Integration files run one at a time, so the orders created since the suite began are its own.
 */
export function removeOrdersCreatedBySuite(): void {
  let firstId = 0;
  let db: Db;
  beforeAll(async () => {
    db = testDb();
    const [row] = await db.select({ last: sql<number>`coalesce(max(${orders.id}), 0)` }).from(orders);
    firstId = row.last + 1;
  });
  afterAll(async () => {
    await db.delete(orders).where(gte(orders.id, firstId));
  });
}
