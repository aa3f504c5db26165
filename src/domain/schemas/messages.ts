/** PUT /api/message-settings (issue 16): each customer message on or off, with its wording; the Messages log's query. */
import * as z from 'zod/mini';
import { MAX_TEMPLATE_LENGTH, MESSAGE_KINDS, templateProblem } from '../messages';
import { listPageQuery } from '../paging';
import { requiredText } from './common';

export const messageSettingsSchema = z.strictObject({
  settings: z
    .array(
      z.strictObject({
        kind: z.enum(MESSAGE_KINDS),
        enabled: z.boolean(),
        template: requiredText('Write the message', MAX_TEMPLATE_LENGTH).check(
          z.superRefine((template, context) => {
            const problem = templateProblem(template);
            if (problem) context.addIssue({ code: 'custom', message: problem, input: template });
          }),
        ),
      }),
    )
    .check(z.minLength(1), z.maxLength(MESSAGE_KINDS.length)),
});

/**
 * GET /api/notifications and the Messages page: a page of the log, or of one order's
 * messages (?order=10042, as people read the number out; a leading # is fine; blank is all).
 */
export const messageLogQuery = z.object({
  ...listPageQuery.shape,
  order: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(20, 'order must be an order number')),
      z.transform((value) => value.replace(/^#/, '').trim() || undefined),
    ),
  ),
});
