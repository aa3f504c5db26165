/**
 * Webhook fan-out (issue 19): a business's system creates orders through /api/v1 and
 * cancels them; every change is an outbox event that the queue turns into a signed
 * delivery to the business's endpoint, here a receiver on loopback that the benchmark
 * starts. Measured: how many events a second reach the receiver, from the first API call
 * to the last delivery, and how long each event took from its change to its delivery.
 */
import { startReceiver } from '../../tests/support/webhookReceiver';

export interface FanOut {
  orders: number;
  events: number;
  /** From the first API call to the last delivery received. */
  seconds: number;
  eventsPerSecond: number;
  /** Each delivery's arrival minus its event's time (the change's commit), ms. */
  lagP50: number;
  lagP95: number;
  lagMax: number;
  /** Deliveries that did not arrive in time. */
  missing: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `work` on each item, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

export async function webhookFanOut(options: {
  base: string;
  businessCookie: string;
  /** The next API key's Authorization header. */
  apiHeaders: () => Record<string, string>;
  /** A new order's JSON body, named. */
  body: (name: string) => string;
  orders: number;
}): Promise<FanOut> {
  const { base, businessCookie, apiHeaders } = options;
  const receiver = await startReceiver();
  const portal = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { Cookie: businessCookie, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const saved = await portal('PUT', '/api/webhook-endpoint', { url: receiver.url });
  if (!saved.ok) throw new Error(`webhook endpoint: ${saved.status} ${await saved.text()}`);
  try {
    // Events older than the endpoint are not sent to it: start on the next millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const api = async (path: string, body: string) => {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { ...apiHeaders(), 'Content-Type': 'application/json' }, body });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number };
    };
    const started = Date.now();
    const ids: number[] = [];
    await eachLimited(
      Array.from({ length: options.orders }, (_, i) => i),
      2,
      async (i) => {
        ids.push((await api('/api/v1/orders', options.body(`Webhook ${i}`))).id);
      },
    );
    await eachLimited(ids, 2, async (id) => void (await api(`/api/v1/orders/${id}/cancel`, '{}')));
    const ours = new Set(ids);
    const expected = ids.length * 2;
    const arrived = await receiver
      .waitFor((entry) => ours.has(entry.event?.data?.order?.id), expected, 180_000)
      .catch(() => receiver.received.filter((entry) => ours.has(entry.event?.data?.order?.id)));
    const last = Math.max(...arrived.map((entry) => entry.at));
    const lags = arrived.map((entry) => entry.at - Date.parse(entry.event.timestamp)).sort((a, b) => a - b);
    const seconds = (last - started) / 1000;
    return {
      orders: ids.length,
      events: arrived.length,
      seconds: Math.round(seconds * 10) / 10,
      eventsPerSecond: Math.round((arrived.length / seconds) * 10) / 10,
      lagP50: percentile(lags, 50),
      lagP95: percentile(lags, 95),
      lagMax: lags[lags.length - 1] ?? 0,
      missing: expected - arrived.length,
    };
  } finally {
    await portal('DELETE', '/api/webhook-endpoint');
    await receiver.close();
  }
}
