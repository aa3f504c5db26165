/** PUT /api/message-settings (issue 16): each customer message on or off, with its wording. */
import * as z from 'zod/mini';
import { MAX_TEMPLATE_LENGTH, MESSAGE_KINDS } from '../messages';
import { requiredText } from './common';

export const messageSettingsSchema = z.strictObject({
  settings: z
    .array(
      z.strictObject({
        kind: z.enum(MESSAGE_KINDS),
        enabled: z.boolean(),
        template: requiredText('Write the message', MAX_TEMPLATE_LENGTH),
      }),
    )
    .check(z.minLength(1), z.maxLength(MESSAGE_KINDS.length)),
});
