/**
 * Request schemas of the courier area (spec 3-courier-area.md §7.3–7.5). The milestone times a client may
 * send with a step are accepted and ignored: the server stamps its own (spec 3-courier-area.md §4.3).
 */
import * as z from 'zod/mini';
import { DOCUMENT_KINDS } from '../documents';
import { FAILURE_REASONS } from '../failedDelivery';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_REQUEST } from '../photos';
import { ORDER_STATUSES, STOP_STATUSES } from '../orderStatus';
import type { CourierVehicleType } from '../vehicles';
import { courierFields } from './users';
import { day, latitude, longitude, MAX_LONG_TEXT, wholeNumber } from './common';

/** An image data string (base64 takes 4 characters per 3 bytes) or the URL of an uploaded photo. */
const photoText = z
  .string({ error: 'A photo must be an image data string or a photo URL' })
  .check(z.maxLength(Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 100, 'The photo is too large'));
const photo = photoText.check(z.minLength(1, 'A photo must not be empty'));

const acceptLateFee = z.optional(z.boolean());

/** Notes: absent leaves them as they are, blank clears them. */
const notes = z.optional(
  z.pipe(
    z.nullable(z.string().check(z.maxLength(MAX_LONG_TEXT, `Must be at most ${MAX_LONG_TEXT} characters`))),
    z.transform((value) => value?.trim() || null),
  ),
);

export const courierResponseSchema = z.object({
  action: z.enum(['accept', 'reject'], { error: 'action must be "accept" or "reject"' }),
  /** Declining or giving back an order under 2 hours before pickup costs $30; the client confirms it. */
  acceptLateFee,
});

/**
 * The device's position sent with an arrival, for the proximity check; or, when the phone
 * cannot give one, the courier's word that they are there (decision C23).
 */
const position = {
  courierLatitude: latitude,
  courierLongitude: longitude,
  withoutPosition: z.optional(z.boolean({ error: 'withoutPosition must be true or false' })),
};

export const courierOrderPatchSchema = z.object({
  status: z.optional(z.enum(ORDER_STATUSES, { error: 'Unknown status' })),
  // "Empty or blank photo entries are removed before sending" (spec 3-courier-area.md §5); the server does the same.
  deliveryPhotos: z.optional(
    z.pipe(
      z.array(photoText).check(z.maxLength(MAX_PHOTOS_PER_REQUEST, `At most ${MAX_PHOTOS_PER_REQUEST} photos at a time`)),
      z.transform((photos) => photos.filter((value) => value.trim() !== '')),
    ),
  ),
  deliveryNotes: notes,
  pharmacyPickupPhoto: z.nullish(photo),
  acceptLateFee,
  ...position,
});

export const deliveryPhotosSchema = z.object({
  photos: z
    .array(photo)
    .check(z.minLength(1, 'Send at least one photo'), z.maxLength(MAX_PHOTOS_PER_REQUEST, `At most ${MAX_PHOTOS_PER_REQUEST} photos at a time`)),
  notes,
});

/** A delivery that could not be made (POST /api/orders/:id/delivery-failures; decision C28). */
export const deliveryFailureSchema = z.object({
  stopId: z.optional(wholeNumber('stopId must be a positive whole number')),
  reason: z.enum(FAILURE_REASONS, { error: 'reason must be customer_not_there, wrong_address, refused or unsafe' }),
  notes,
  photo: z.nullish(photo),
});

/**
 * Where a binary upload belongs (POST /api/orders/:id/photos?kind=…&stopId=…), and where the
 * phone was when it was taken (&latitude=…&longitude=…), when it knew.
 */
export const photoUploadQuerySchema = z.object({
  kind: z._default(z.enum(['delivery', 'pharmacy_pickup', 'stop'], { error: 'kind must be delivery, pharmacy_pickup or stop' }), 'delivery'),
  stopId: z.optional(wholeNumber('stopId must be a positive whole number')),
  latitude,
  longitude,
});

export const stopPatchSchema = z.object({
  status: z.enum(STOP_STATUSES, { error: 'status must be pending, on_way, arrived or delivered' }),
  deliveryPhoto: z.nullish(photo),
  deliveryNotes: notes,
  ...position,
});

/** What a courier may change of their own record: not their zone, documents' verification or position. */
const { zoneId: _zone, ...ownFields } = courierFields;
export const courierProfileSchema = z.partial(
  z.object({
    ...ownFields,
    // Opted in to take the autopilot's orders without an offer, in zones on auto-assign (decision W12).
    acceptsAutomatically: z.boolean({ error: 'acceptsAutomatically must be true or false' }),
  }),
);
export type CourierProfileInput = z.infer<typeof courierProfileSchema>;

/** The profile form offers these (spec 3-courier-area.md §3.5); the data model's truck stays valid for older records. */
export const PROFILE_VEHICLE_TYPES: readonly CourierVehicleType[] = ['suv', 'pickup', 'sedan', 'minivan', 'hatchback'];

export const EARNINGS_PERIODS = ['today', '7days', '30days'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

/** GET /api/couriers/earnings: a period, or a custom range of days or instants (spec 3-courier-area.md §7.5). */
export const earningsQuerySchema = z.object({
  // The shortcuts week and month map to 7 and 30 days (spec 3-courier-area.md §9).
  period: z.optional(
    z.pipe(
      z.enum([...EARNINGS_PERIODS, 'week', 'month', 'custom'], { error: 'period must be today, 7days or 30days' }),
      z.transform((value) => (value === 'week' ? '7days' : value === 'month' ? '30days' : value)),
    ),
  ),
  startDate: z.optional(z.union([day('startDate must be a date'), z.iso.datetime({ offset: true, error: 'startDate must be a date' })])),
  endDate: z.optional(z.union([day('endDate must be a date'), z.iso.datetime({ offset: true, error: 'endDate must be a date' })])),
});

/** PUT /api/orders/:id/stop-order (issue 18): the stops not yet reached, by id, in their new order. */
export const stopOrderSchema = z.object({
  stopIds: z
    .array(wholeNumber('Stop ids must be whole numbers'), { error: 'stopIds must list the stops in their new order' })
    .check(z.minLength(1, 'stopIds must list the stops in their new order'), z.maxLength(1000, 'Too many stops')),
});

/** POST /api/orders/:id/stop-order/optimize: where the courier is, when the phone knows. */
export const optimizeStopsSchema = z.object(position);

/** POST /api/couriers/:id/documents (decision C22): an admin verifies or refuses the expiry a courier typed. */
export const documentDecisionSchema = z.strictObject({
  document: z.enum(DOCUMENT_KINDS as ['driversLicense', 'insurance'], { error: 'document must be driversLicense or insurance' }),
  requested: day('requested must be the date the courier gave'),
  decision: z.enum(['verify', 'refuse'], { error: 'decision must be verify or refuse' }),
});
