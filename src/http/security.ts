/**
 * Security headers on every response and the refusal of cross-origin writes.
 * Pages get a Content-Security-Policy whose only inline scripts are the ones carrying
 * this response's nonce (React's streaming scripts); island bundles load from 'self'.
 */
import type { MiddlewareHandler } from 'hono';
import { mapTilesOf, tilesSource } from '../domain/mapTiles';
import type { AppEnv } from '../env';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
}

/** `tiles`: the source of the map tiles drawn without the maps service (domain/mapTiles.ts). */
export function contentSecurityPolicy(nonce: string, tiles: string | null = null): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://maps.googleapis.com`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    `img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com https://*.google.com${tiles ? ` ${tiles}` : ''}`,
    "connect-src 'self' https://maps.googleapis.com https://*.googleapis.com",
    "font-src 'self' https://fonts.gstatic.com",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = newNonce();
  c.set('nonce', nonce);
  await next();
  // A WebSocket handshake's response belongs to the runtime; its headers are fixed.
  if (c.res.status === 101) return;
  const headers = c.res.headers;
  headers.set('X-Content-Type-Options', 'nosniff');
  // Tracking links set no-referrer themselves (their token is in the path).
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'geolocation=(self), camera=(self), microphone=()');
  if (new URL(c.req.url).protocol === 'https:') headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, tilesSource(mapTilesOf(c.env))));
  // Answers are personal (sessions) or live (statuses): no cache keeps one unless the route says it may.
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
};

/**
 * A state-changing request must come from our own pages: a browser's Origin (or, when it
 * sends none, Sec-Fetch-Site) must name this origin. Clients that send neither (curl,
 * server-to-server) carry no victim's cookies, so they are not a CSRF vector.
 */
export const refuseCrossOriginWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const ownOrigin = new URL(c.req.url).origin;
    if (origin ? origin !== ownOrigin : site === 'cross-site' || site === 'same-site') {
      throw forbidden('Cross-origin request refused');
    }
  }
  await next();
};
