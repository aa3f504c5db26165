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

v1.get(OPERATIONS.openApiDocument.path, (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(buildOpenApiDocument(new URL(c.req.url).origin));
});

v1.get(OPERATIONS.docs.path, (c) => renderPage(c, <ApiReference document={buildOpenApiDocument(new URL(c.req.url).origin)} />));

v1.route('/', orders);

export default v1;
