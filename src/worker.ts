/** The Worker entry: the app, area selection by host name, the cron job, and the Durable Object classes. */
import { createApp } from './app';
import { createDb } from './db/client';
import { markMissedPickups } from './db/orders/missedPickup';
import type { Env } from './env';
import { courierHostPath, isCourierHost } from './http/context';
import { removeUnattachedPhotos } from './photos/store';

export { CourierLocation } from './durable-objects/CourierLocation';
export { LiveHub } from './durable-objects/LiveHub';

const app = createApp();

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (isCourierHost(url.host)) {
      const path = courierHostPath(url.pathname);
      if (path !== url.pathname) {
        url.pathname = path;
        return app.fetch(new Request(url, request), env, ctx);
      }
    }
    return app.fetch(request, env, ctx);
  },

  /**
   * The cron trigger (wrangler.toml, every minute): orders whose courier never went online
   * become missed pickups (D17); photos no step used within a day are removed.
   */
  async scheduled(_controller, env) {
    const db = createDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    await markMissedPickups(db, { limit: 1000 });
    await removeUnattachedPhotos(env.PHOTOS, db);
  },
} satisfies ExportedHandler<Env>;
