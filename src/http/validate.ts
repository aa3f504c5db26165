/**
 * Request validation with zod. A body or query that does not fit answers 400 with the
 * schema's own messages (spec 1-foundations-and-admin.md §5), never a 500:
 *   {error: 'Invalid request', details: 'Zone name is required', fields: {name: [...]}}
 * A JSON body is read by readJson alone (the `validate('json', …)` middleware and the
 * handlers that choose their schema after the request arrives both use it): JSON media
 * type, no deeper than MAX_JSON_DEPTH, well-formed Unicode without control characters, then the schema.
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
/**
 * Control characters no text of ours holds: C0 except tab, line feed and carriage return,
 * DEL and C1. A NUL ends a C string early in whatever reads the text next (a mail server, a
 * phone network, a CSV), so it is refused at the door for every field of every route.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** No request of ours nests deeper than an order's items (4 levels); a body nested deeper is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

export type JsonProblem = 'too_deep' | 'lone_surrogate' | 'control_character';

export const JSON_PROBLEMS: Record<JsonProblem, string> = {
  too_deep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  lone_surrogate: 'The text contains characters that are not valid Unicode.',
  control_character: 'The text contains control characters (such as NUL); remove them.',
};

function textProblem(text: string): JsonProblem | null {
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  if (CONTROL_CHARACTER.test(text)) return 'control_character';
  return null;
}

/**
 * What is wrong with a parsed JSON value, if anything: nested deeper than MAX_JSON_DEPTH, or
 * a string (key or value) with a lone UTF-16 surrogate or a control character. Walked with
 * a stack of its own, so a body nested thousands deep cannot exhaust the call stack.
 */
export function jsonProblem(value: unknown): JsonProblem | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length) {
    const { value: item, depth } = pending.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return 'too_deep';
      for (const [key, child] of Object.entries(item)) {
        const problem = Array.isArray(item) ? null : textProblem(key);
        if (problem) return problem;
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
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
    const problem = jsonProblem(body);
    if (problem) throw badRequest('Invalid request', JSON_PROBLEMS[problem]);
  }
  return parseWith(schema, body);
}
