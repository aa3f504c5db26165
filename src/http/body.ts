/**
 * Request bodies: the size every API body is held to, and reading a JSON body inside a
 * handler, for routes that choose their schema after the request arrives (PATCH
 * /api/orders/:id dispatches on the caller's role). Same answers as the validate()
 * middleware: 400 with the schema's own messages, never a 500.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { limitBody } from './courier';
import { badRequest } from './errors';
import { describeIssues } from './validate';

/**
 * An API body is a few KB (a large order with 25 stops is about 10 KB); only the routes
 * that carry photos take more, under limits of their own. Anything bigger is refused
 * before it is read, so a 90 MB body costs the Worker nothing.
 */
export const MAX_API_BODY_BYTES = 1024 * 1024;
const CARRIES_PHOTOS = /^\/api\/(?:orders\/[^/]+(?:\/delivery-photos|\/photos)?|order-stops\/[^/]+)$/;
const apiBodyLimit = limitBody(MAX_API_BODY_BYTES);

export const limitApiBodies: MiddlewareHandler<AppEnv> = (c, next) => (CARRIES_PHOTOS.test(c.req.path) ? next() : apiBodyLimit(c, next));

export async function readJson<Schema extends z.ZodMiniType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Invalid request', 'The request body must be JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const { details, fields } = describeIssues(result.error.issues);
    throw badRequest('Invalid request', details, fields);
  }
  return result.data;
}
