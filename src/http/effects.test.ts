import { describe, expect, it } from 'vitest';
import { SessionNotConfirmed } from '../auth/session';
import type { Env } from '../env';
import { gatedEnv, gatedFetch } from './effects';

/** Stand-ins for the bindings: each records the calls that reached it. */
function bindings() {
  const reached: string[] = [];
  const stub = { id: 'stub-id', report: async (point: unknown) => reached.push(`report ${JSON.stringify(point)}`), fetch: async () => reached.push('fetch') };
  const namespace = { idFromName: (name: string) => `id:${name}`, get: (id: string) => (reached.push(`get ${id}`), stub) };
  const env = {
    DATABASE_URL: 'http://db',
    COURIER_LOCATION: namespace,
    LIVE_HUB: namespace,
    API_RATE_LIMITER: namespace,
    ORDER_TRACKING: namespace,
    ZONE_AUTOPILOT: namespace,
    PHOTOS: { put: async (key: string) => reached.push(`put ${key}`), get: async (key: string) => reached.push(`get ${key}`) },
    EVENTS: { send: async () => reached.push('send'), sendBatch: async () => reached.push('sendBatch') },
  } as unknown as Env;
  return { env, reached };
}

/** A session check that answers when told. */
function pendingCheck() {
  let answer!: (held: boolean) => void;
  const verified = new Promise<boolean>((resolve) => (answer = resolve));
  return { verified, answer };
}

describe('the effects of a request that speculates (decision S16)', () => {
  it('wait for the session check: nothing reaches a Durable Object, R2 or the queue before it holds', async () => {
    const { env, reached } = bindings();
    const check = pendingCheck();
    const gated = gatedEnv(env, check.verified);
    // Ids are pure and made at once; the stub is handed out, but no call on it leaves.
    const id = gated.COURIER_LOCATION.idFromName('courier-7');
    expect(id).toBe('id:courier-7');
    const reported = (gated.COURIER_LOCATION.get(id) as unknown as { report: (point: unknown) => Promise<unknown> }).report({ lat: 1 });
    const stored = gated.PHOTOS.put('photo', 'bytes');
    const queued = gated.EVENTS.send({ deliveryId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reached).toEqual(['get id:courier-7']);
    check.answer(true);
    await Promise.all([reported, stored, queued]);
    expect(reached).toEqual(['get id:courier-7', 'report {"lat":1}', 'put photo', 'send']);
  });

  it('are refused when the session did not hold: nothing reaches any binding, and the handler stops quietly', async () => {
    const { env, reached } = bindings();
    const gated = gatedEnv(env, Promise.resolve(false));
    const stub = gated.LIVE_HUB.get(gated.LIVE_HUB.idFromName('hub')) as unknown as { fetch: () => Promise<unknown>; id: string };
    expect(stub.id).toBe('stub-id');
    await expect(stub.fetch()).rejects.toBeInstanceOf(SessionNotConfirmed);
    await expect(gated.PHOTOS.get('photo')).rejects.toBeInstanceOf(SessionNotConfirmed);
    await expect(gated.EVENTS.sendBatch([])).rejects.toBeInstanceOf(SessionNotConfirmed);
    expect(reached).toEqual(['get id:hub']);
    // Plain values pass through untouched.
    expect(gated.DATABASE_URL).toBe('http://db');
  });

  it('leave no outgoing request for a session that did not hold', async () => {
    let sent = 0;
    const original = globalThis.fetch;
    globalThis.fetch = (async () => {
      sent++;
      return new Response('ok');
    }) as typeof fetch;
    try {
      await expect(gatedFetch(Promise.resolve(false))('https://maps.example/geocode')).rejects.toBeInstanceOf(SessionNotConfirmed);
      expect(sent).toBe(0);
      expect(await (await gatedFetch(Promise.resolve(true))('https://maps.example/geocode')).text()).toBe('ok');
      expect(sent).toBe(1);
    } finally {
      globalThis.fetch = original;
    }
  });
});
