/** Sign-in, account and courier schemas (spec 1-foundations-and-admin.md §5.1, §5.5, §5.7; spec 2-business-area.md §5 "Change password"). */
import * as z from 'zod/mini';
import { COURIER_VEHICLE_TYPES } from '../vehicles';
import { day, flag, optionalPhone, requiredText, wholeNumber, yesNo } from './common';

const password = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(200));

export const loginSchema = z.object({
  username: requiredText('Username is required', 200),
  password: password('Password is required'),
});

/** The courier login page words its messages differently (spec 3-courier-area.md §5). */
export const courierLoginSchema = z.object({
  username: requiredText('Please enter your username', 200),
  password: password('Please enter your password'),
});

/** The shortest password anyone may set, however it is set (spec 2-business-area.md: "at least 6 characters"). */
export const MIN_PASSWORD_LENGTH = 6;

/** The one rule for a password being set: an account's first, or a new one. `name` is how the form calls the field. */
const passwordToSet = (name: string, missing?: string) => {
  const tooShort = `${name} must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return z
    .string({ error: missing ?? tooShort })
    .check(
      z.minLength(1, { error: missing ?? tooShort, abort: true }),
      z.minLength(MIN_PASSWORD_LENGTH, tooShort),
      z.maxLength(200, `${name} must be at most 200 characters`),
    );
};

export const changePasswordSchema = z.object({
  currentPassword: password('Current password is required'),
  newPassword: passwordToSet('New password'),
});

/** The form also asks for a confirmation, checked in the browser and not sent. */
export const changePasswordFormSchema = z
  .extend(changePasswordSchema, { confirmPassword: z.string().check(z.minLength(1, 'Please confirm your new password')) })
  .check(z.refine((form) => form.confirmPassword === form.newPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }));

const zoneId = wholeNumber('Zone is required');

/** The user fields of spec 1-foundations-and-admin.md §5.7. */
export const userFields = {
  username: requiredText('Username is required', 100).check(z.regex(/^[A-Za-z0-9._@-]+$/, 'Username may use letters, digits and . _ @ - only')),
  password: passwordToSet('Password', 'Password is required'),
  name: requiredText('Name is required', 200),
};

/** Courier fields with the messages of spec 1-foundations-and-admin.md §5.5. */
export const courierFields = {
  zoneId,
  address: requiredText('Address is required'),
  email: z.email({ error: 'Valid email is required' }).check(z.maxLength(254)),
  phone: optionalPhone,
  vehicleType: z._default(z.enum(COURIER_VEHICLE_TYPES, { error: 'Choose a vehicle type' }), 'sedan'),
  vehicleMake: requiredText('Vehicle make is required', 100),
  vehicleModel: requiredText('Vehicle model is required', 100),
  vehicleYear: requiredText('Vehicle year is required', 4).check(z.regex(/^(19|20)\d{2}$/, 'Vehicle year is required')),
  driversLicense: requiredText("Driver's license number is required", 100),
  driversLicenseExpiry: day('License expiry date is required'),
  insurance: requiredText('Insurance number is required', 100),
  insuranceExpiry: day('Insurance expiry date is required'),
  hasQuickDeliveryEquipment: flag,
  hasCateringDolly: flag,
  hasThermoBags: flag,
  hasIsothermalBoxes: flag,
};

/** POST /api/register: an admin creates a courier (with its courier record) or another admin. */
export const registerSchema = z.discriminatedUnion(
  'role',
  [z.object({ role: z.literal('courier'), ...userFields, ...courierFields }), z.object({ role: z.literal('admin'), ...userFields, phone: optionalPhone })],
  { error: 'role must be courier or admin; business accounts are created with POST /api/restaurants' },
);

export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * Courier fields that a courier or an admin may change later (each optional). Without
 * the create defaults: a field left out stays as it is (zod applies a default even to
 * an optional field, which would reset the vehicle type and equipment on every edit).
 */
export const courierUpdateSchema = z.partial(
  z.object({
    ...courierFields,
    vehicleType: z.enum(COURIER_VEHICLE_TYPES, { error: 'Choose a vehicle type' }),
    hasQuickDeliveryEquipment: yesNo,
    hasCateringDolly: yesNo,
    hasThermoBags: yesNo,
    hasIsothermalBoxes: yesNo,
  }),
);
