/** An admin's changes to courier and business accounts (spec 1-foundations-and-admin.md §7.5 PATCH /api/users/:id). */
import * as z from 'zod/mini';
import { optionalPhone, optionalText } from './common';
import { courierFields, userFields } from './users';

/** Activate or deactivate, and the user fields the courier dialog keeps in step (phone, zone). */
export const userPatchSchema = z
  .object({
    isActive: z.optional(z.boolean({ error: 'isActive must be true or false' })),
    name: z.optional(userFields.name),
    phone: z.optional(optionalPhone),
    address: z.optional(optionalText()),
    zoneId: z.optional(courierFields.zoneId),
  })
  .check(z.refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Nothing to change: send isActive, name, phone, address or zoneId'));

export type UserPatch = z.infer<typeof userPatchSchema>;
