/** The API key's rate limiter (decision I4), inside workerd: a token bucket of 10 a second with bursts of 20. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LAST_USED_INTERVAL_MS } from '../../src/durable-objects/ApiRateLimiter';
import { apiKeyLimiterName } from '../../src/durable-objects/names';

const limiter = (keyId: number) => env.API_RATE_LIMITER.get(env.API_RATE_LIMITER.idFromName(apiKeyLimiterName(keyId)));

describe('ApiRateLimiter', () => {
  it('lets a burst of 20 through, refuses the 21st with when to retry, and refills at 10 a second', async () => {
    const key = limiter(1);
    const now = 1_000_000;
    const decisions = [];
    for (let i = 0; i < 21; i++) decisions.push(await key.take(now));
    expect(decisions.slice(0, 20).every((decision) => decision.allowed)).toBe(true);
    expect(decisions[20]).toMatchObject({ allowed: false });
    expect(decisions[20].retryAfterMs).toBeGreaterThan(0);
    expect(decisions[20].retryAfterMs).toBeLessThanOrEqual(100);
    expect((await key.take(now + 100)).allowed).toBe(true);
  });

  it('says to record the key’s use at most once a minute', async () => {
    const key = limiter(2);
    const now = 5_000_000;
    expect((await key.take(now)).recordUse).toBe(true);
    expect((await key.take(now + 1000)).recordUse).toBe(false);
    expect((await key.take(now + LAST_USED_INTERVAL_MS)).recordUse).toBe(true);
  });

  it('keeps each key’s budget apart', async () => {
    const now = 9_000_000;
    for (let i = 0; i < 20; i++) await limiter(3).take(now);
    expect((await limiter(3).take(now)).allowed).toBe(false);
    expect((await limiter(4).take(now)).allowed).toBe(true);
  });
});
