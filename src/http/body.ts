/**
 * Reading a JSON body inside a handler, for routes that choose their schema after the
 * request arrives (PATCH /api/orders/:id dispatches on the caller's role). Same answers
 * as the validate() middleware: 400 with the schema's own messages, never a 500.
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { badRequest } from './errors';
import { describeIssues } from './validate';

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
