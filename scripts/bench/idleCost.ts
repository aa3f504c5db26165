/**
 * What an open, untouched screen costs (issue 19): a real Chromium keeps the page open for
 * a while, counting every HTTP request the page (and its service worker) makes and the
 * socket frames it receives, while the latency proxy counts the database round trips the
 * Worker makes meanwhile. Nothing else runs during the window, so every round trip is the
 * screen's (or the Worker's own background work, which a production Worker would pay too).
 */
import { chromium, type Browser, type Request } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import type { LatencyProxy } from './latencyProxy';

export interface IdleCost {
  name: string;
  path: string;
  seconds: number;
  /** HTTP requests in the window, by answer status. */
  requests: Record<string, number>;
  requestsPerMinute: number;
  roundTripsPerMinute: number;
  /** WebSockets the page holds open at the end of the window. */
  socketsOpen: number;
  /** WebSocket frames received per minute (pushed updates, pings). */
  socketFramesPerMinute: number;
  /** The paths requested, with how often: what polls. */
  polled: Record<string, number>;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export async function idleCost(
  browser: Browser,
  proxy: LatencyProxy,
  /** `cookie`: the signed-in user's cookies, as a Cookie header says them. */
  screen: { name: string; base: string; path: string; cookie?: string; phone?: boolean },
  seconds: number,
): Promise<IdleCost> {
  const context = await browser.newContext(
    screen.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  if (screen.cookie)
    await context.addCookies(
      screen.cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name, value: value.join('='), url: screen.base };
      }),
    );
  const page = await context.newPage();
  let counting = false;
  const requests: Record<string, number> = {};
  const polled: Record<string, number> = {};
  let frames = 0;
  const count = (request: Request, status: string) => {
    requests[status] = (requests[status] ?? 0) + 1;
    const path = new URL(request.url()).pathname;
    polled[path] = (polled[path] ?? 0) + 1;
  };
  // Counted when the answer's headers arrive: the page may abort reading a 304's body.
  context.on('response', (response) => counting && count(response.request(), String(response.status())));
  context.on('requestfailed', async (request) => {
    if (counting && !(await request.response().catch(() => null))) count(request, `failed (${request.failure()?.errorText})`);
  });
  let socketsOpen = 0;
  page.on('websocket', (socket) => {
    socketsOpen++;
    socket.on('close', () => socketsOpen--);
    socket.on('framereceived', () => counting && frames++);
  });
  await page.goto(`${screen.base}${screen.path}`, { waitUntil: 'load' });
  // Let the page settle (islands hydrate, sockets open, first fetches answer) before the window opens.
  await page.waitForTimeout(5000);
  const before = (await proxy.quiet()).forwarded;
  counting = true;
  await page.waitForTimeout(seconds * 1000);
  counting = false;
  const roundTrips = (await proxy.count()).forwarded - before;
  const open = socketsOpen;
  await context.close();
  const perMinute = (count: number) => Math.round((count * 60 * 10) / seconds) / 10;
  const requestCount = Object.values(requests).reduce((sum, count) => sum + count, 0);
  return {
    name: screen.name,
    path: screen.path.replace(/\/t\/[^/?]+/, '/t/<token>'),
    seconds,
    requests,
    requestsPerMinute: perMinute(requestCount),
    roundTripsPerMinute: perMinute(roundTrips),
    socketsOpen: open,
    socketFramesPerMinute: perMinute(frames),
    polled: Object.fromEntries(
      Object.entries(polled).map(([path, count]) => [path.replace(/\/t\/[^/]+/, '/t/<token>').replace(/track\/[^/]+/, 'track/<token>'), count]),
    ),
  };
}
