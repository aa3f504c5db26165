/** Per-request setup: the database handle, the viewer's time zone, the courier base path, the session. */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { presentedSession, readSession, SessionNotConfirmed, type SessionUser } from '../auth/session';
import { deleteHint, hasHint, readHint, sameIdentity, setHint } from '../auth/sessionHint';
import { createRequestDbs, DATABASE_TIMEOUT_MS, DbMeter, WriteGate } from '../db/client';
import { versionedTablesOf } from '../db/versions';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../domain/time';
import type { AppEnv } from '../env';
import { gatedEnv, gatedFetch } from './effects';
import { MAX_API_BODY_BYTES } from './body';

export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  const meter = new DbMeter();
  if (c.env.REPORT_REGION_TABLES === 'on') meter.tablesRead = new Set();
  c.set('dbMeter', meter);
  const writeGate = new WriteGate();
  c.set('writeGate', writeGate);
  const { db, bookkeeping } = createRequestDbs(c.env.DATABASE_URL, c.env.DATABASE_AUTH_TOKEN, DATABASE_TIMEOUT_MS, meter, writeGate);
  c.set('db', db);
  c.set('bookkeepingDb', bookkeeping);
  // getCookie has already decoded the value (and keeps text it cannot decode, such as '%', as it is).
  const zone = getCookie(c, 'tz') ?? '';
  c.set('timeZone', isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
  c.set('courierBase', isCourierHost(c.req.header('host')) ? '' : '/courier');
  await next();
  // What the answer cost before its first byte (issue 19): a streamed page's later regions are not in it.
  try {
    c.res.headers.append('Server-Timing', `${meter.serverTiming()}, total;dur=${(performance.now() - started).toFixed(1)}`);
    // Tests hold these against each other: an answer with an ETag must version every table it read.
    if (meter.tablesRead && c.res.headers.has('ETag')) {
      c.res.headers.set('X-Region-Reads', [...meter.tablesRead].sort().join(','));
      c.res.headers.set('X-Region-Versions', [...versionedTablesOf(c.var.db)].sort().join(','));
    }
  } catch {
    // Immutable headers (a WebSocket upgrade, a response passed through from a Durable Object) go without.
  }
};

/** The integrations API (/api/v1) takes API keys only: its requests never read or open a session. */
export const isIntegrationsApi = (path: string) => path === '/api/v1' || path.startsWith('/api/v1/');

/** A customer's tracking link (issue 16) is nobody's session: the link is the key, and its read is its one round trip. */
const isTrackingLink = (path: string) => path.startsWith('/t/') || path.startsWith('/api/track/');

/** A sign-in needs no session: it ends the one its browser presents, whoever's it is, without reading it. */
const isSignIn = (c: Context<AppEnv>) => c.req.method === 'POST' && c.req.path === '/api/login';

/** The courier app's manifest and service worker are the same for everyone: the browser asks for them at every visit. */
const isAppShellFile = (path: string) => path === '/courier/sw.js' || path === '/courier/manifest.webmanifest';

/**
 * Requests to answer again, with the body they came with: their first answer was built for
 * the session a hint named, and the session check said otherwise (ended, or its owner
 * changed). The second time round the session is checked first, as without a hint.
 */
const toAnswerAgain = new WeakMap<Request, ArrayBuffer | null>();
const answeringAgain = new WeakSet<Request>();

/** The request to answer again in place of this one's answer, if its speculation failed. */
export function answerAgain(request: Request): Request | null {
  if (!toAnswerAgain.has(request)) return null;
  const body = toAnswerAgain.get(request) ?? null;
  const headers = new Headers(request.headers);
  if (!body) headers.delete('content-length');
  headers.delete('transfer-encoding');
  const again = new Request(request.url, { method: request.method, headers, body });
  answeringAgain.add(again);
  return again;
}

const isWebSocket = (c: Context<AppEnv>) => c.req.header('upgrade')?.toLowerCase() === 'websocket';

/**
 * A write may run its reads ahead of the session check when its body can be kept for a
 * second answer: none, or one of a declared length an API body may have. A bigger body (a
 * courier's photos) waits for the check: its upload takes longer than the round trip saved.
 */
function bodyCanBeKept(c: Context<AppEnv>): boolean {
  if (!c.req.raw.body) return true;
  const declared = c.req.header('content-length');
  return declared !== undefined && !c.req.header('transfer-encoding') && Number(declared) <= MAX_API_BODY_BYTES;
}

/**
 * Reads a write's body before its handler runs: kept for a second answer, and already
 * there when the handler parses it, so the handler's first queries start in the same turn
 * as the session check and leave with it.
 */
async function keepBody(c: Context<AppEnv>): Promise<ArrayBuffer | null> {
  if (!c.req.raw.body) return null;
  const bytes = await c.req.arrayBuffer();
  if (/^(application\/([\w.+-]*\+)?json|text\/)/i.test(c.req.header('content-type') ?? '')) {
    // Hono keeps each parsed form of the body as a promise (its types say otherwise).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(new TextDecoder().decode(bytes));
  }
  return bytes;
}

/** The request's user is known before its handler runs (no hint, or no session): nothing waits. */
function known(c: Context<AppEnv>, user: SessionUser | null): void {
  c.set('user', user);
  c.set('session', Promise.resolve(user));
  c.set('sessionVerified', CHECKED);
  c.set('outbound', fetch);
}

/**
 * The session, checked on every request. A request whose hint names the session's owner does
 * not wait for the check: its queries leave with the session's in one round trip
 * (src/db/pipeline.ts), and the check decides before anything is sent. Until then the
 * handler has the hint's identity only (RequestUser); the account itself is
 * `verifiedUser(c)`. Its writes wait for the check (WriteGate), and so does everything it
 * can do beyond the database: its bindings and outgoing fetch are gated (./effects.ts).
 * Socket upgrades wait.
 */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  known(c, null);
  if (isIntegrationsApi(c.req.path) || isTrackingLink(c.req.path) || isAppShellFile(c.req.path) || isSignIn(c)) return next();
  const db = c.var.db;
  const sessionId = await presentedSession(c);
  if (!sessionId) {
    if (hasHint(c)) deleteHint(c);
    return next();
  }
  // Reads (pages, partial polls, lists) may answer from ETags: fetch the counters with the session.
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
  const speculating = !isWebSocket(c) && !answeringAgain.has(c.req.raw) && (reading || bodyCanBeKept(c));
  const hint = speculating ? await readHint(c, db, sessionId) : null;
  if (!hint) {
    const user = await readSession(c, db, sessionId, Date.now(), { withVersions: reading });
    known(c, user);
    if (!user) {
      if (hasHint(c)) deleteHint(c);
    } else if (reading && !isWebSocket(c)) {
      // Sessions from before hints, or whose business record came later, get theirs now.
      await setHint(c, db, sessionId, user, (user.sessionExpiresAt - Date.now()) / 1000);
    }
    return next();
  }
  // Later middleware may replace the request object (body limits): the answer is marked on this one.
  const original = c.req.raw;
  const body = reading ? null : await keepBody(c);
  // An ended session is deleted after the answer: the delete is a write, and writes wait for this check.
  const session = readSession(c, db, sessionId, Date.now(), { withVersions: reading, endLater: true });
  c.set('user', { ...hint, sessionId });
  let failure: unknown;
  const confirmed = session.then(
    (found) => (found && sameIdentity(found, hint) ? found : null),
    (error: unknown) => {
      failure = error;
      return null;
    },
  );
  const checked = confirmed.then((found) => found !== null);
  c.set('session', confirmed);
  c.set('sessionVerified', checked);
  c.var.writeGate.hold(checked, () => new SessionNotConfirmed());
  c.env = gatedEnv(c.env, checked);
  c.set('outbound', gatedFetch(checked));
  try {
    await next();
  } catch (error) {
    // Thrown by the error handler itself: it matters only for an answer that is kept.
    if (await checked) throw error;
  }
  if (!(await checked)) {
    // Nothing of this answer leaves, not even its status or headers (Hono's setter would keep them).
    await c.res.body?.cancel().catch(() => undefined);
    c.res = undefined;
    c.res = new Response(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
    // The check itself failed (the database is down): answered as any failed read, at once.
    if (failure) {
      known(c, null);
      throw failure;
    }
    toAnswerAgain.set(original, body);
  }
};

const CHECKED = Promise.resolve(true);

/**
 * The signed-in user of a session the check confirmed: what a handler reads beyond the
 * identity (the account's name, its business or courier record, when the session ends).
 * A session the check refused stops the handler quietly (the request is answered again).
 */
export async function verifiedUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await c.var.session;
  if (!user) throw new SessionNotConfirmed();
  return user;
}

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
