/** Per-request setup: the database handle, the viewer's time zone, the courier base path, the session. */
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { readSession } from '../auth/session';
import { createDb, DbMeter } from '../db/client';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../domain/time';
import type { AppEnv } from '../env';

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  const meter = new DbMeter();
  c.set('db', createDb(c.env.DATABASE_URL, c.env.DATABASE_AUTH_TOKEN, undefined, meter));
  // getCookie has already decoded the value (and keeps text it cannot decode, such as '%', as it is).
  const zone = getCookie(c, 'tz') ?? '';
  c.set('timeZone', isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
  c.set('courierBase', isCourierHost(c.req.header('host')) ? '' : '/courier');
  await next();
  // What the answer cost before its first byte (issue 19): a streamed page's later regions are not in it.
  try {
    c.res.headers.append('Server-Timing', `${meter.serverTiming()}, total;dur=${(performance.now() - started).toFixed(1)}`);
  } catch {
    // Immutable headers (a WebSocket upgrade, a response passed through from a Durable Object) go without.
  }
};

/** The integrations API (/api/v1) takes API keys only: its requests never read or open a session. */
export const isIntegrationsApi = (path: string) => path === '/api/v1' || path.startsWith('/api/v1/');

/** A customer's tracking link (issue 16) is nobody's session: the link is the key, and its read is its one round trip. */
const isTrackingLink = (path: string) => path.startsWith('/t/') || path.startsWith('/api/track/');

export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isIntegrationsApi(c.req.path) || isTrackingLink(c.req.path)) {
    c.set('user', null);
    return next();
  }
  // Reads (pages, partial polls, lists) may answer from ETags: fetch the counters with the session.
  c.set('user', await readSession(c, c.var.db, Date.now(), { withVersions: c.req.method === 'GET' }));
  await next();
};

export const isCourierHost = (host: string | undefined) => !!host && host.split(':')[0].includes('courier');

/**
 * On a host name containing 'courier' the courier app answers at the root (spec 3-courier-area.md §2.1):
 * '/', '/auth', '/login' are its login; '/dashboard', '/tasks', '/profile', '/earnings' its
 * pages; anything else is Not Found. The API and assets stay where they are.
 */
export function courierHostPath(path: string): string {
  if (path === '/' || path === '/auth' || path === '/login') return '/courier/login';
  if (['/dashboard', '/tasks', '/profile', '/earnings', '/sw.js', '/manifest.webmanifest'].includes(path)) return `/courier${path}`;
  if (path.startsWith('/api/') || path === '/healthz') return path;
  return '/__not_found';
}
