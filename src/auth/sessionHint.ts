/**
 * Who a session belongs to, said in advance (issue 19). Beside the session cookie the server
 * sets a second one naming the session's owner (user id, role, courier and business ids),
 * signed with a server-held key and bound to the session. A read can then run its queries in
 * the same round trip as the session check instead of after it; the check still decides
 * (src/http/context.ts), and a request whose session no longer matches is answered again
 * without the hint. The signature keeps forged hints from making the server do work for
 * someone who is not signed in.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client';
import type { Role } from '../db/schema';
import { signingSecret } from '../db/signingKeys';
import { base64Url, constantTimeEqual } from '../domain/tokens';
import { cookieName } from './tokens';

/** What never changes about a session's owner, except a business record an admin adds later. */
export interface SessionIdentity {
  id: number;
  role: Role;
  /** The courier row of a courier user, the restaurant row of a business user. */
  courierId: number | null;
  restaurantId: number | null;
}

const ROLES: ReadonlySet<string> = new Set<Role>(['admin', 'restaurant', 'courier']);
const hintCookie = (url: string) => cookieName('sid_hint', url);

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

const payloadOf = (identity: SessionIdentity) => `${identity.id}.${identity.role}.${identity.courierId ?? ''}.${identity.restaurantId ?? ''}`;

/** 128 bits of HMAC-SHA256. */
const MAC_BYTES = 16;

async function signature(db: Db, sessionId: string, payload: string): Promise<string> {
  const key = await hmacKey(await signingSecret(db, 'session_hints'));
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${sessionId}|${payload}`));
  return base64Url(new Uint8Array(mac).slice(0, MAC_BYTES));
}

export const sameIdentity = (a: SessionIdentity, b: SessionIdentity) =>
  a.id === b.id && a.role === b.role && a.courierId === b.courierId && a.restaurantId === b.restaurantId;

/** The identity the request's hint names, when the server signed it for this session; otherwise null. */
export async function readHint(c: Context, db: Db, sessionId: string): Promise<SessionIdentity | null> {
  const value = getCookie(c, hintCookie(c.req.url));
  const match = value && /^(\d{1,12})\.([a-z]+)\.(\d{0,12})\.(\d{0,12})\.([\w-]{22})$/.exec(value);
  if (!match || !ROLES.has(match[2])) return null;
  const identity: SessionIdentity = {
    id: Number(match[1]),
    role: match[2] as Role,
    courierId: match[3] ? Number(match[3]) : null,
    restaurantId: match[4] ? Number(match[4]) : null,
  };
  try {
    return constantTimeEqual(await signature(db, sessionId, payloadOf(identity)), match[5]) ? identity : null;
  } catch (error) {
    // Without the key (the database briefly unreachable), a read simply checks first.
    console.error('session hint not checked', (error as Error).message);
    return null;
  }
}

/** Sets the hint; without the key (the database briefly unreachable) the session goes without one, and reads check first. */
export async function setHint(c: Context, db: Db, sessionId: string, identity: SessionIdentity, maxAgeSeconds: number): Promise<void> {
  const payload = payloadOf(identity);
  let mac: string;
  try {
    mac = await signature(db, sessionId, payload);
  } catch (error) {
    console.error('session hint not set', (error as Error).message);
    return;
  }
  setCookie(c, hintCookie(c.req.url), `${payload}.${mac}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
  });
}

export const hasHint = (c: Context) => getCookie(c, hintCookie(c.req.url)) !== undefined;

export function deleteHint(c: Context): void {
  deleteCookie(c, hintCookie(c.req.url), { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}
