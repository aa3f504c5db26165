/** The Worker entry: the app, area selection by host name, the cron job, the queue consumer, and the Durable Object classes. */
import { createApp } from './app';
import { createDb } from './db/client';
import { markMissedPickups } from './db/orders/missedPickup';
import type { Env, EventMessage } from './env';
import { consumeEvents } from './events/consumer';
import { sweepEvents } from './events/sweep';
import { courierHostPath, isCourierHost } from './http/context';
import { removeUnattachedPhotos } from './photos/store';
import { alertMinute } from './services/dispatch/alerts';
import { wakeAllAutopilots } from './services/dispatch/autopilot';
import { notifyCouriers } from './events/courierPush';

export { ApiRateLimiter } from './durable-objects/ApiRateLimiter';
export { OrderTracking } from './durable-objects/OrderTracking';
export { CourierLocation } from './durable-objects/CourierLocation';
export { LiveHub } from './durable-objects/LiveHub';
export { ZoneAutopilot } from './durable-objects/ZoneAutopilot';

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
   * become missed pickups (D17); photos no step used within a day are removed; then events
   * and webhook retries the queue has not carried are sent (their own missed pickups among
   * them), and old ones pruned.
   */
  async scheduled(_controller, env) {
    const db = createDb(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    try {
      const now = Date.now();
      const missed = await markMissedPickups(db, { limit: 1000, now });
      // The dispatcher hears of them and of offers nobody took; the couriers who missed them see their lists change (F11).
      await Promise.all([
        alertMinute(env, db, missed, now).catch((error: Error) => console.warn('Dispatcher alerts not pushed', error.message)),
        missed.length
          ? notifyCouriers(env, db, { orderIds: missed, stopIds: [] }).catch((error: Error) =>
              console.error('courier push failed; phones will poll', error.message),
            )
          : null,
      ]);
      await Promise.all([
        removeUnattachedPhotos(env.PHOTOS, db),
        wakeAllAutopilots(env, db).catch((error: Error) => console.error('autopilots not woken', error.message)),
      ]);
    } finally {
      // Events waiting must go out even when the other jobs failed.
      await sweepEvents(env, db);
    }
  },

  /** The EVENTS queue: outbox events to their subscribers, webhook retries when due. */
  async queue(batch, env) {
    await consumeEvents(batch, env);
  },
} satisfies ExportedHandler<Env, EventMessage>;
