/**
 * The courier area's service worker (decisions F1–F3): the courier app opens with no
 * network, from a cold start. It is loaded by `<courier base>/sw.js` (src/routes/courier/app.ts),
 * which sets `self.COURIER_OFFLINE` first, so its scope is the courier area and nothing else.
 *
 * - Assets (content-hashed, immutable): everything the courier area can reach is cached when
 *   it installs (the shell, every courier island and the screens they open on demand, the
 *   map script, icons: issue 27), any other the first time a page loads it; served from the
 *   cache first. A new release is stored before the old one is let go, and the release
 *   before it is kept too, so a page still running the old code finds its screens.
 * - Pages: from the network, and a copy of each kept (one per path); with no network, the
 *   copy of that page, else of the dashboard: the courier still sees the active
 *   and upcoming orders with address, phone and instructions.
 * - The courier's order lists: from the network, the last answer kept for when there is none.
 * - Writes are never touched: the outbox (islands/lib/courier/outbox.ts) keeps them.
 *
 * Signing in or out (the login page) empties the copies, so one courier's orders never
 * show to the next person on the phone.
 */

interface OfflineConfig {
  /** The courier area's path ('/courier', or '' on a courier host name). */
  base: string;
  /** What the shell needs: runtime, CSS, the courier islands and their chunks. */
  precache: string[];
  version: string;
}

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

interface WorkerScope {
  COURIER_OFFLINE: OfflineConfig;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const { base, precache, version } = worker.COURIER_OFFLINE;

const ASSETS = `courier-assets-${version}`;
/** The asset caches of the releases kept, oldest first: this one and the one before. */
const RELEASES = 'courier-releases';
const RELEASES_KEPT = 2;
const PAGES = 'courier-pages';
const DATA = 'courier-data';
/** The header on an answer that comes from the phone's copy rather than the server. */
const OFFLINE_COPY = 'X-Offline-Copy';

const DASHBOARD = `${base}/dashboard`;
/** The sign-in form's addresses (login.tsx). */
const SIGN_IN = new Set([base || '/', `${base}/`, `${base}/auth`, `${base}/login`]);
const isSignIn = (url: string) => SIGN_IN.has(new URL(url).pathname);
/** The lists a courier screen reads (dashboard, tasks, the order view). */
const DATA_PATHS = ['/api/orders/courier', '/api/orders/courier/assigned', '/api/orders/courier/active', '/api/orders/courier/scheduled'];

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSETS);
      await assets.addAll(precache);
      // The page that registered us was loaded before we ran: keep the dashboard now.
      await keepPage(new Request(DASHBOARD, { credentials: 'same-origin' })).catch(() => undefined);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const releases = await caches.open(RELEASES);
      const listed = ((await (await releases.match('/releases'))?.json()) ?? []) as string[];
      const kept = [...listed.filter((name) => name !== ASSETS), ASSETS].slice(-RELEASES_KEPT);
      await releases.put('/releases', new Response(JSON.stringify(kept)));
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('courier-assets-') && !kept.includes(name)).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  if (request.mode === 'navigate') return event.respondWith(page(request, url));
  if (DATA_PATHS.includes(url.pathname)) return event.respondWith(networkFirst(request, DATA));
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(ASSETS).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** Whether a page answer is this courier's page (not the sign-in form it may redirect to). */
const isCourierPage = (response: Response) =>
  response.ok && !response.redirected && (response.headers.get('Content-Type') ?? '').includes('text/html') && !isSignIn(response.url);

/** One copy per page, whatever its query (an earnings range, an open order): the copies stay few. */
async function keepPage(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (isCourierPage(response)) {
    await (await caches.open(PAGES)).put(new URL(request.url).pathname, response.clone());
  } else if (isSignIn(response.url)) {
    await forget();
  }
  return response;
}

/** Signed out, or someone else signs in: no copy of anyone's orders stays. */
const forget = () => Promise.all([caches.delete(PAGES), caches.delete(DATA)]);

async function page(request: Request, url: URL): Promise<Response> {
  if (isSignIn(url.href)) {
    await forget();
    return fetch(request).catch(offlinePage);
  }
  try {
    return await keepPage(request);
  } catch {
    const pages = await caches.open(PAGES);
    const copy = (await pages.match(url.pathname)) ?? (await pages.match(DASHBOARD));
    return copy ? marked(copy) : offlinePage();
  }
}

async function networkFirst(request: Request, cacheName: string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const copy = await (await caches.open(cacheName)).match(request);
    if (copy) return marked(copy);
    throw error;
  }
}

/** A copy says it is one, so the page can say it is offline. */
function marked(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(OFFLINE_COPY, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** No copy yet (the courier never opened the app online): say so plainly. */
function offlinePage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offline · Dispatch</title></head><body style="font-family:system-ui,sans-serif;margin:2rem;line-height:1.5">
<h1>You are offline</h1><p>This page has not been saved on this phone yet. It opens here once you are back online.</p>
<p><a href="${DASHBOARD}">Open the dashboard</a></p></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', [OFFLINE_COPY]: '1' } });
}
