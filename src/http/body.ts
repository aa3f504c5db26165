/**
 * How big a request body may be. Every body is capped while it streams, with a limit
 * chosen by the route and the caller: an API body is a few KB (a route of 100
 * stops is about 40 KB); only the courier's photo-carrying requests take more. A body
 * without Content-Length (chunked) is counted as it arrives and refused the moment it
 * passes the limit.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { MAX_PHOTO_BYTES } from '../domain/photos';
import type { AppEnv } from '../env';
import { ApiError } from './errors';

export const MAX_API_BODY_BYTES = 1024 * 1024;
/** One photo's bytes as an upload body. */
export const BINARY_PHOTO_BODY_BYTES = MAX_PHOTO_BYTES + 1024;
/** A courier's step or delivery photos carrying image data strings: a handful of phone photos. */
export const PHOTO_STRINGS_BODY_BYTES = 24 * 1024 * 1024;
/** A stop's step carrying one photo as an image data string. */
export const STOP_PHOTO_BODY_BYTES = 12 * 1024 * 1024;

const PHOTO_UPLOAD = /^\/api\/orders\/[^/]+\/photos$/;
const DELIVERY_PHOTOS = /^\/api\/orders\/[^/]+\/delivery-photos$/;
const ORDER = /^\/api\/orders\/[^/]+$/;
const STOP = /^\/api\/order-stops\/[^/]+$/;

/** The largest body this request may carry: only a courier's photo-carrying requests exceed 1 MB. */
export function maxBodyBytes(method: string, path: string, role: string | undefined): number {
  if (role !== 'courier') return MAX_API_BODY_BYTES;
  if (method === 'POST' && PHOTO_UPLOAD.test(path)) return BINARY_PHOTO_BODY_BYTES;
  if (method === 'POST' && DELIVERY_PHOTOS.test(path)) return PHOTO_STRINGS_BODY_BYTES;
  if (method === 'PATCH' && ORDER.test(path)) return PHOTO_STRINGS_BODY_BYTES;
  if (method === 'PATCH' && STOP.test(path)) return STOP_PHOTO_BODY_BYTES;
  return MAX_API_BODY_BYTES;
}

const tooLarge = (bytes: number) =>
  new ApiError(
    413,
    'Payload too large',
    `A request may carry at most ${bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`}.`,
  );

/** The most of a refused chunked upload that is read (and thrown away) before the connection is dropped. */
const DRAIN_LIMIT_BYTES = 128 * 1024 * 1024;

/** Reads the rest of a refused upload without keeping it, so the client hears the 413 instead of a reset mid-upload. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_LIMIT_BYTES) break;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => {});
}

/**
 * Refuses a body over `bytes`. With a Content-Length, before reading any of it. Chunked,
 * as it streams: nothing past the limit is kept, and the rest is read and dropped (memory
 * stays flat) so that the answer reaches a client still sending (an unread chunked body
 * also wedges wrangler's dev proxy for the requests after it).
 */
async function capBody(c: Context, bytes: number): Promise<void> {
  const body = c.req.raw.body;
  if (!body) return;
  const declared = c.req.header('content-length');
  if (declared !== undefined && !c.req.header('transfer-encoding')) {
    if (Number(declared) > bytes) throw tooLarge(bytes);
    return;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > bytes) {
      await discardRest(reader);
      throw tooLarge(bytes);
    }
    chunks.push(value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  c.req.raw = new Request(c.req.raw, { body: whole });
}

/** Runs after the session is read, so the caller's role can widen the limit for courier photos. */
export const limitBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  await capBody(c, maxBodyBytes(c.req.method, c.req.path, c.var.user?.role));
  await next();
};
