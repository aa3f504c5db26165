/**
 * The courier area as an installable web app (decision F1): its manifest and its service
 * worker, both under the courier base so the worker's scope is the courier area alone.
 * `sw.js` is a two-line script: the worker's settings (the shell's hashed assets) and an
 * importScripts of its built code; a new build changes it, so phones pick up the new
 * worker on their next visit.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { assets } from '../../views/assets';
import type { IslandName } from '../../generated/islands';

/** The islands of the courier pages: kept on the phone when the worker installs. */
const COURIER_ISLANDS: IslandName[] = [
  'CourierSync',
  'CourierConnection',
  'CourierContrast',
  'CourierInstall',
  'CourierDashboard',
  'CourierTasks',
  'CourierProfile',
  'CourierEarningsRange',
];

const ICONS = ['/icons/courier-192.png', '/icons/courier-512.png', '/icons/courier-maskable-512.png'];

/**
 * Everything the courier area can reach, stored when the worker installs (issue 27): the
 * shell, each courier island with what it imports and every screen it opens on demand
 * (the delivery workflows, the drag list), the open map's script and the icons.
 */
function shellAssets(): string[] {
  const islands = COURIER_ISLANDS.flatMap((name) => [assets.islands[name].src, ...assets.islands[name].imports, ...assets.islands[name].lazy]);
  return [...new Set([assets.runtime, assets.css, assets.openMap, '/favicon.svg', ...ICONS, ...islands])];
}

const app = new Hono<AppEnv>();

app.get('/manifest.webmanifest', (c) => {
  const base = c.var.courierBase;
  // Like every answer of the Worker: no shared cache, revalidated (tests/integration/security-authorization.test.ts).
  c.header('Cache-Control', 'private, no-cache');
  c.header('Content-Type', 'application/manifest+json');
  return c.body(
    JSON.stringify({
      name: 'Dispatch Courier',
      short_name: 'Courier',
      description: 'Deliveries on your phone: offers, active orders and every step, with or without signal.',
      id: `${base}/dashboard`,
      start_url: `${base}/dashboard`,
      scope: `${base}/`,
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#f1f5f9',
      theme_color: '#0f172a',
      icons: [
        { src: ICONS[0], sizes: '192x192', type: 'image/png' },
        { src: ICONS[1], sizes: '512x512', type: 'image/png' },
        { src: ICONS[2], sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    }),
  );
});

app.get('/sw.js', (c) => {
  const precache = shellAssets();
  const settings = { base: c.var.courierBase, precache, version: assets.courierServiceWorker.replace(/^.*courier-sw\.|\.js$/g, '') };
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  // The browser checks for a new worker on each visit; no cache may answer for it.
  c.header('Cache-Control', 'private, no-cache');
  return c.body(`self.COURIER_OFFLINE = ${JSON.stringify(settings)};\nimportScripts(${JSON.stringify(assets.courierServiceWorker)});\n`);
});

export default app;
