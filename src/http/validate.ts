/**
 * Request validation with zod. A body or query that does not fit answers 400 with the
 * schema's own messages (spec §5), never a 500:
 *   {error: 'Invalid request', details: 'Zone name is required', fields: {name: [...]}}
 */
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type * as z from 'zod/mini';
import { badRequest } from './errors';

export function describeIssues(issues: readonly z.core.$ZodIssue[]): { details: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (fields[field] ??= []).push(issue.message);
  }
  return { details: [...new Set(issues.map((issue) => issue.message))].join('; '), fields };
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const { details, fields } = describeIssues(result.error.issues);
      throw badRequest('Invalid request', details, fields);
    }
  });
}
