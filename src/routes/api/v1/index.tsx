/**
 * /api/v1: the integrations API (issue 17). Businesses' own systems call it with an API
 * key (src/http/apiKey.ts); it never reads or opens a session. Its reference is public:
 * the OpenAPI document, generated from the schemas the routes validate with, and a page
 * rendered from that document.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { ApiReference } from '../../../views/ApiReference';
import { renderPage } from '../../../views/render';
import { buildOpenApiDocument } from './openapi';
import { OPERATIONS } from './operations';
import orders from './orders';

const v1 = new Hono<AppEnv>();

/**
 * The reference never changes while a version runs, so each isolate builds it once per
 * host (and, for the page, per time zone, which the page's shell carries). The page has
 * no inline script, so no response's nonce is in it.
 */
const MAX_CACHED = 8;
const cache = new Map<string, Promise<string>>();
function once(key: string, build: () => Promise<string>): Promise<string> {
  let value = cache.get(key);
  if (!value) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    value = build();
    value.catch(() => cache.delete(key));
    cache.set(key, value);
  }
  return value;
}

/** Like every answer here (docs/decisions/, issue 11): no shared cache keeps it; browsers ask again. */
const CACHE_CONTROL = 'private, no-cache';

v1.get(OPERATIONS.openApiDocument.path, async (c) => {
  const origin = new URL(c.req.url).origin;
  const json = await once(`json ${origin}`, async () => JSON.stringify(buildOpenApiDocument(origin)));
  return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': CACHE_CONTROL });
});

v1.get(OPERATIONS.docs.path, async (c) => {
  const origin = new URL(c.req.url).origin;
  const html = await once(`page ${origin} ${c.var.timeZone}`, async () =>
    (await renderPage(c, <ApiReference document={buildOpenApiDocument(origin)} />)).text(),
  );
  return c.body(html, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': CACHE_CONTROL });
});

v1.route('/', orders);

export default v1;
