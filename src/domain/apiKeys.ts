/**
 * API keys of businesses (issue 17): how a key looks, how it is told apart in lists, and
 * the per-key request budget. A key is 32 random bytes behind a recognisable prefix, so
 * secret scanners and people can tell what leaked; only its SHA-256 is stored.
 */
import * as z from 'zod/mini';
import { requiredText } from './schemas/common';
import { randomToken } from './tokens';

export const API_KEY_PREFIX = 'dsp_';
/** base64url of 32 bytes. */
const KEY = /^dsp_[A-Za-z0-9_-]{43}$/;
/** What lists show of a key: the prefix and its first 6 characters. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

/** A business keeps at most this many keys in use: one per system, with room to rotate. */
export const MAX_ACTIVE_KEYS = 10;

/** Requests a key may make: 10 a second on average, bursts of up to 20. */
export const API_RATE = { perSecond: 10, burst: 20 } as const;

export const isApiKeyFormat = (value: string) => KEY.test(value);

export const apiKeyShownPrefix = (key: string) => key.slice(0, SHOWN_LENGTH);

export const newApiKey = () => API_KEY_PREFIX + randomToken(32);

/** The key in `Authorization: Bearer <key>`, or null when the header is missing or says something else. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** POST /api/api-keys */
export const apiKeyCreateSchema = z.object({ name: requiredText('Key name is required', 100) });

/**
 * A token bucket: `tokens` left after the last request at `at`. Each request takes one;
 * the bucket refills at `perSecond` up to `burst`. Pure, so the Durable Object that holds
 * a key's bucket and the unit tests run the same arithmetic.
 */
export interface Bucket {
  tokens: number;
  at: number;
}

export function takeToken(
  bucket: Bucket | null,
  now: number,
  rate: { perSecond: number; burst: number } = API_RATE,
): { bucket: Bucket; allowed: boolean; retryAfterMs: number } {
  const elapsed = bucket ? Math.max(0, now - bucket.at) : 0;
  const tokens = bucket ? Math.min(rate.burst, bucket.tokens + (elapsed * rate.perSecond) / 1000) : rate.burst;
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, at: now }, allowed: true, retryAfterMs: 0 };
  return { bucket: { tokens, at: now }, allowed: false, retryAfterMs: Math.ceil(((1 - tokens) * 1000) / rate.perSecond) };
}
