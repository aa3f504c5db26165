/**
 * Business accounts created and edited by an admin (spec 1-foundations-and-admin.md §2.10, §5.6, §7.6): the same
 * schemas check the dialogs in the browser and POST/PATCH /api/restaurants.
 */
import * as z from 'zod/mini';
import { CUSTOMER_TYPES } from '../customerTypes';
import { latitude, longitude, MAX_LONG_TEXT, optionalPhone, optionalText, requiredPhone, requiredText, wholeNumber } from './common';
import { userFields } from './users';

/** The fields both dialogs edit; required ones are required in both (spec 1-foundations-and-admin.md §5.6 create and edit). */
const restaurantFields = {
  name: requiredText('Restaurant name is required', 200),
  address: requiredText('Address is required'),
  phone: requiredPhone('Phone is required'),
  businessHours: optionalText(200),
  deliveryInstructions: optionalText(MAX_LONG_TEXT),
  latitude,
  longitude,
  contactPersonName: requiredText('Contact name is required', 200),
  contactPersonPosition: requiredText('Contact position is required', 200),
  contactPersonPhone: requiredPhone('Contact phone is required'),
  contactPersonEmail: z.email({ error: 'Valid email is required' }).check(z.maxLength(254)),
  backupPhone: optionalPhone,
};

const ZONE_REQUIRED = 'Zone is required';

/** POST /api/restaurants: the login, the zone and the business, created together. */
export const restaurantCreateSchema = z.object({
  username: userFields.username,
  password: userFields.password,
  zoneId: wholeNumber(ZONE_REQUIRED),
  customerType: z._default(z.enum(CUSTOMER_TYPES, { error: 'Customer type must be restaurant or pharmacy' }), 'restaurant'),
  ...restaurantFields,
});

/**
 * PATCH /api/restaurants/:id: any of the fields; a given required field may not be blank.
 * apiEnabled turns the business's integrations (API keys, webhooks) on or off (issue 17).
 */
export const restaurantUpdateSchema = z.partial(z.object({ ...restaurantFields, apiEnabled: z.boolean({ error: 'API access must be true or false' }) }));

export type RestaurantCreateInput = z.infer<typeof restaurantCreateSchema>;
export type RestaurantUpdateInput = z.infer<typeof restaurantUpdateSchema>;
