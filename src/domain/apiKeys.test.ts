import { describe, expect, it } from 'vitest';
import { API_RATE, apiKeyShownPrefix, bearerToken, isApiKeyFormat, newApiKey, takeToken, type Bucket } from './apiKeys';

describe('keys', () => {
  it('are 32 random bytes behind the dsp_ prefix, and lists show their first characters', () => {
    const key = newApiKey();
    expect(isApiKeyFormat(key)).toBe(true);
    expect(newApiKey()).not.toBe(key);
    expect(apiKeyShownPrefix(key)).toBe(key.slice(0, 10));
    expect(isApiKeyFormat(`${key}x`)).toBe(false);
    expect(isApiKeyFormat(key.replace('dsp_', 'sk_'))).toBe(false);
  });

  it('are read from a Bearer header and nothing else', () => {
    expect(bearerToken('Bearer dsp_abc')).toBe('dsp_abc');
    expect(bearerToken('bearer   dsp_abc ')).toBe('dsp_abc');
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic dsp_abc', 'dsp_abc', 'Bearer a b']) expect(bearerToken(header), String(header)).toBeNull();
  });
});

describe('the request budget (token bucket)', () => {
  it(`allows a burst of ${API_RATE.burst}, then ${API_RATE.perSecond} a second, and says how long to wait`, () => {
    let bucket: Bucket | null = null;
    const now = 1_000_000;
    for (let i = 0; i < API_RATE.burst; i++) {
      const taken = takeToken(bucket, now);
      expect(taken.allowed).toBe(true);
      bucket = taken.bucket;
    }
    const refused = takeToken(bucket, now);
    expect(refused).toMatchObject({ allowed: false, retryAfterMs: 100 });
    expect(takeToken(refused.bucket, now + 50).allowed).toBe(false);
    const later = takeToken(refused.bucket, now + 100);
    expect(later.allowed).toBe(true);
    // A second refills ten requests, never more than the burst.
    let refilled: Bucket = later.bucket;
    let allowed = 0;
    while (takeToken(refilled, now + 1100).allowed) {
      refilled = takeToken(refilled, now + 1100).bucket;
      allowed++;
    }
    expect(allowed).toBe(API_RATE.perSecond);
    expect(takeToken(refilled, now + 60_000).bucket.tokens).toBe(API_RATE.burst - 1);
  });
});
