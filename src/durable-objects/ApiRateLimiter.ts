/**
 * One Durable Object per API key (named by the key's id) holding its request budget: a
 * token bucket of 10 requests a second with bursts of 20 (src/domain/apiKeys.ts). One
 * object per key sees every request of that key, in order, wherever it comes from, so
 * the limit is exact; the bucket lives in memory (losing it on eviction only refills it).
 *
 * It also says when the key's "last used" time is worth writing: at most once a minute,
 * so a busy integration does not turn every read into a database write.
 */
import { DurableObject } from 'cloudflare:workers';
import { takeToken, type Bucket } from '../domain/apiKeys';
import type { Env } from '../env';

export const LAST_USED_INTERVAL_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  /** When refused: how long until a request would be allowed. */
  retryAfterMs: number;
  /** Whether the caller should record the key's last use now. */
  recordUse: boolean;
}

export class ApiRateLimiter extends DurableObject<Env> {
  private bucket: Bucket | null = null;
  private usedRecordedAt = 0;

  take(now = Date.now()): RateDecision {
    const { bucket, allowed, retryAfterMs } = takeToken(this.bucket, now);
    this.bucket = bucket;
    const recordUse = allowed && now - this.usedRecordedAt >= LAST_USED_INTERVAL_MS;
    if (recordUse) this.usedRecordedAt = now;
    return { allowed, retryAfterMs, recordUse };
  }
}
