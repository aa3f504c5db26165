/**
 * Request validation with zod. A body or query that does not fit answers 400 with the
 * schema's own messages (spec §5), never a 500:
 *   {error: 'Invalid request', details: 'Zone name is required', fields: {name: [...]}}
 * A JSON body is read by readJson alone (the `validate('json', …)` middleware and the
 * handlers that choose their schema after the request arrives both use it): JSON media
 * type, well-formed Unicode (a lone UTF-16 surrogate cannot be stored), then the schema.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import type * as z from 'zod/mini';
import { ApiError, badRequest } from './errors';

export function describeIssues(issues: readonly z.core.$ZodIssue[]): { details: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fields[field] ??= []).push(issue.message);
  }
  return { details: [...new Set(issues.map((issue) => issue.message))].join('; '), fields };
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(target: Target, schema: Schema) {
  const checked = zValidator(target, schema, (result) => {
    if (!result.success) {
      const { details, fields } = describeIssues(result.error.issues);
      throw badRequest('Invalid request', details, fields);
    }
  });
  if (target !== 'json') return checked;
  const json: MiddlewareHandler = async (c, next) => {
    c.req.addValidatedData('json', (await readJson(c, schema)) as object);
    await next();
  };
  return json as unknown as typeof checked;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** In Unicode mode a valid surrogate pair reads as one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Every string in a JSON value (keys included) is well-formed UTF-16: no lone surrogate. */
export function isWellFormedJson(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isWellFormedJson);
  if (value !== null && typeof value === 'object') return Object.entries(value).every(([key, item]) => !LONE_SURROGATE.test(key) && isWellFormedJson(item));
  return true;
}

/** A value checked against a schema: its data, or a 400 with the schema's own messages. */
export function parseWith<Schema extends z.ZodMiniType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const { details, fields } = describeIssues(result.error.issues);
    throw badRequest('Invalid request', details, fields);
  }
  return result.data;
}

/** The request's JSON body checked against a schema. No body at all reads as `{}`, so a schema's own "required" messages answer. */
export async function readJson<Schema extends z.ZodMiniType>(c: Context, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown = {};
  if (c.req.raw.body) {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim();
    if (!JSON_MEDIA_TYPE.test(mediaType)) throw new ApiError(415, 'Unsupported media type', 'Send the body as JSON, with Content-Type: application/json.');
    try {
      body = await c.req.json();
    } catch {
      throw badRequest('Invalid request', 'The request body must be JSON.');
    }
    if (!isWellFormedJson(body)) throw badRequest('Invalid request', 'The text contains characters that are not valid Unicode.');
  }
  return parseWith(schema, body);
}
