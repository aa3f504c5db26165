/**
 * What a business sends to create, edit and cancel its orders, add stops and ask for a
 * route (spec 2-business-area.md §5, §7; spec 1-foundations-and-admin.md §5.8), with the spec's messages. Fees, distances and the
 * order number are never read from these bodies: the server computes them.
 */
import * as z from 'zod/mini';
import { ORDER_VEHICLE_TYPES, type OrderVehicleType } from '../vehicles';
import { PHONE_RULE } from '../phone';
import { instant, latitude, longitude, MAX_LONG_TEXT, money, optionalEmail, optionalText, phoneField, requiredPhone, requiredText } from './common';

/**
 * How precise coordinates sent with an address are: 'zip' when they are a ZIP centre the
 * server placed earlier (a route calculation, a past address); 'address' (the default)
 * for a maps place. Without coordinates the server places the address itself.
 */
const locationPrecision = z.optional(z.nullable(z.enum(['address', 'zip'], { error: "Location precision must be 'address' or 'zip'" })));

export const ORDER_MESSAGES = {
  customerName: 'Customer name is required',
  customerPhone: 'Customer phone is required',
  customerPhoneInvalid: `Customer phone must be ${PHONE_RULE}, such as (813) 555-0142`,
  customerAddress: 'Delivery address is required',
  internalOrderNumber: 'Internal order number is required',
  requiredVehicleTypes: 'At least one vehicle type is required',
  amount: 'Order amount is required',
  pickupTime: 'Pickup time is required',
  deliveryTime: 'Delivery time is required',
  deliveryAfterPickup: 'Delivery time must not be before pickup time',
  deliverBy: 'Deliver-by time must be a valid date and time',
  deliverAfter: 'Deliver-after time must be a valid date and time',
  serviceMinutes: 'Minutes at the stop must be a whole number from 0 to 240',
} as const;

/** A stop's optional deliver-by time (issue 18): the route optimizer tries to reach the stop by then. */
const deliverBy = z.optional(z.nullable(instant(ORDER_MESSAGES.deliverBy, 'Deliver-by time')));
/** A stop's optional earliest time (issue 32): a courier there sooner waits (decision O10). */
const deliverAfter = z.optional(z.nullable(instant(ORDER_MESSAGES.deliverAfter, 'Deliver-after time')));
/** Minutes the courier spends at the stop, when it is not the usual (a signature, a large parcel); issue 32. */
const serviceMinutes = z.optional(
  z.nullable(
    z
      .number({ error: ORDER_MESSAGES.serviceMinutes })
      .check(z.int(ORDER_MESSAGES.serviceMinutes), z.minimum(0, ORDER_MESSAGES.serviceMinutes), z.maximum(240, ORDER_MESSAGES.serviceMinutes)),
  ),
);

/**
 * A pharmacy route's stops, at most (issue 32): a day's parcels. The routing service takes
 * 25 intermediate points a call, so longer routes are asked for in stretches (src/maps/routing.ts).
 */
export const MAX_ROUTE_STOPS = 100;

const customerName = () => requiredText(ORDER_MESSAGES.customerName, 200);
/** Typed into a 10-digit input in the forms; the API takes the usual spellings (`phoneDigits`) and stores the 10 digits. */
const customerPhone = () => requiredPhone(ORDER_MESSAGES.customerPhone, ORDER_MESSAGES.customerPhoneInvalid);

/** Order amount: at least $0.01 (spec 1-foundations-and-admin.md §5.8). */
const orderAmount = (message: string, label?: string) => money(message, label).check(z.refine((cents) => cents >= 1, message));

/** A yes/no flag without a default, for edits that may leave it out. */
const yesNo = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', 'on'])], { error: 'Must be true or false' }),
  z.transform((value) => value === true || value === 'true' || value === 'on'),
);

const vehicleTypes = z.pipe(
  z
    .array(z.enum(ORDER_VEHICLE_TYPES, { error: ORDER_MESSAGES.requiredVehicleTypes }), { error: ORDER_MESSAGES.requiredVehicleTypes })
    .check(z.minLength(1, ORDER_MESSAGES.requiredVehicleTypes), z.maxLength(ORDER_VEHICLE_TYPES.length * 2)),
  z.transform((types): OrderVehicleType[] => [...new Set(types)]),
);

const item = z.object({
  name: requiredText('Item name is required', 200),
  quantity: z
    .number({ error: 'Item quantity must be more than 0' })
    .check(z.int('Item quantity must be a whole number'), z.positive('Item quantity must be more than 0')),
  price: money('Item price must be more than 0', 'Item price').check(z.refine((cents) => cents > 0, 'Item price must be more than 0')),
  notes: optionalText(),
});

/** The address parts the forms send next to the composed one-line address. */
const addressParts = {
  customerStreet: optionalText(200),
  customerHouse: optionalText(50),
  customerApartment: optionalText(100),
  customerCity: optionalText(100),
  customerState: optionalText(100),
  customerZip: optionalText(20),
};

/** A stop's own fields (spec 1-foundations-and-admin.md §5.8 'Order stop'); a new stop starts as pending. */
const stopFields = {
  customerName: customerName(),
  customerPhone: customerPhone(),
  customerEmail: optionalEmail(),
  address: requiredText(ORDER_MESSAGES.customerAddress),
  latitude,
  longitude,
  locationPrecision,
  deliveryInstructions: optionalText(MAX_LONG_TEXT),
  deliverBy,
  deliverAfter,
  serviceMinutes,
  status: z.optional(z.literal('pending', { error: 'A new stop starts as pending' })),
};

const sequence = z
  .number({ error: 'Stop sequence must be a whole number of 1 or more' })
  .check(
    z.int('Stop sequence must be a whole number of 1 or more'),
    z.minimum(1, 'Stop sequence must be a whole number of 1 or more'),
    z.maximum(1000, 'Stop sequence must be at most 1000'),
  );

/** POST /api/order-stops (spec 2-business-area.md §7): one stop of the caller's own order. */
export const orderStopCreateSchema = z.object({
  orderId: z.number({ error: 'orderId is required' }).check(z.int('orderId is required'), z.positive('orderId is required')),
  sequence,
  ...stopFields,
});

const newStop = z.object({ sequence: z.optional(sequence), ...stopFields });
export type NewStopInput = z.infer<typeof newStop>;

/** Sequences, when given, must number the stops 1..n (in any order of the array). */
const sequencesAreOneToN = (stops: NewStopInput[]) => {
  if (stops.every((stop) => stop.sequence == null)) return true;
  const given = stops.map((stop) => stop.sequence).sort((a, b) => (a ?? 0) - (b ?? 0));
  return given.every((value, index) => value === index + 1);
};

/**
 * POST /api/orders (spec 2-business-area.md §7), single or multi-stop. `stops` is our extension: the
 * order and all its stops are created together. With stops, the customer fields are
 * taken from the first stop, so a multi-stop body need not repeat them.
 */
export const orderCreateSchema = z
  .object({
    customerName: optionalText(200),
    // Required without stops (below), so that every missing field is named at once.
    customerPhone: phoneField(null, ORDER_MESSAGES.customerPhoneInvalid),
    customerEmail: optionalEmail(),
    customerAddress: optionalText(),
    ...addressParts,
    customerLatitude: latitude,
    customerLongitude: longitude,
    customerLocationPrecision: locationPrecision,
    customerCompany: optionalText(200),
    deliveryInstructions: optionalText(MAX_LONG_TEXT),
    internalOrderNumber: requiredText(ORDER_MESSAGES.internalOrderNumber, 100),
    setupRequired: z._default(yesNo, false),
    requiredVehicleTypes: z._default(vehicleTypes, ['sedan']),
    amount: orderAmount(ORDER_MESSAGES.amount, 'Order amount'),
    tip: z._default(money('Tip must be a valid amount of 0 or more', 'Tip'), 0),
    pickupTime: instant(ORDER_MESSAGES.pickupTime, 'Pickup time'),
    deliveryTime: instant(ORDER_MESSAGES.deliveryTime, 'Delivery time'),
    items: z.optional(z.array(item).check(z.minLength(1, 'Add at least one item'), z.maxLength(100, 'At most 100 items'))),
    status: z.optional(z.literal('new', { error: 'A new order starts in status new' })),
    stops: z.optional(
      z
        .array(newStop)
        .check(
          z.minLength(1, 'Please add at least one valid delivery stop'),
          z.maxLength(MAX_ROUTE_STOPS, `A route can have at most ${MAX_ROUTE_STOPS} stops`),
          z.refine(sequencesAreOneToN, 'Stop sequences must number the stops 1, 2, 3… without gaps'),
        ),
    ),
  })
  .check(
    // Runs even when other fields are wrong, so every missing field is named at once.
    z.superRefine(
      (order, context) => {
        if (order.stops !== undefined) return;
        for (const field of ['customerName', 'customerPhone', 'customerAddress'] as const) {
          if (!order[field]) context.addIssue({ code: 'custom', message: ORDER_MESSAGES[field], path: [field], input: order[field] });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    ),
    z.refine((order) => order.deliveryTime >= order.pickupTime, { message: ORDER_MESSAGES.deliveryAfterPickup, path: ['deliveryTime'] }),
  );

export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

/**
 * PATCH /api/orders/:id by a business (spec 2-business-area.md §7): an edit (any subset of the fields the
 * Edit Order modal sends), or a cancel ({status: 'cancelled', courierId: null}).
 * Fields left out stay as they are; other fields (fees, courier, zone) are not the
 * business's to set and are ignored.
 */
export const businessOrderPatchSchema = z.object({
  internalOrderNumber: z.optional(requiredText(ORDER_MESSAGES.internalOrderNumber, 100)),
  customerName: z.optional(customerName()),
  customerPhone: z.optional(customerPhone()),
  customerEmail: z.optional(optionalEmail()),
  customerAddress: z.optional(requiredText('Customer address is required')),
  customerStreet: z.optional(addressParts.customerStreet),
  customerHouse: z.optional(addressParts.customerHouse),
  customerApartment: z.optional(addressParts.customerApartment),
  customerCity: z.optional(addressParts.customerCity),
  customerState: z.optional(addressParts.customerState),
  customerZip: z.optional(addressParts.customerZip),
  customerLatitude: z.optional(latitude),
  customerLongitude: z.optional(longitude),
  customerLocationPrecision: locationPrecision,
  customerCompany: z.optional(optionalText(200)),
  deliveryInstructions: z.optional(optionalText(MAX_LONG_TEXT)),
  amount: z.optional(orderAmount('Amount must be a valid number')),
  tip: z.optional(money('Tip must be a valid amount of 0 or more', 'Tip')),
  pickupTime: z.optional(instant(ORDER_MESSAGES.pickupTime, 'Pickup time')),
  deliveryTime: z.optional(instant(ORDER_MESSAGES.deliveryTime, 'Delivery time')),
  setupRequired: z.optional(yesNo),
  requiredVehicleTypes: z.optional(vehicleTypes),
  status: z.optional(z.literal('cancelled', { error: 'A business can only change the status to cancelled' })),
  courierId: z.optional(z.null({ error: 'A business cannot assign a courier' })),
});

export type BusinessOrderPatch = z.infer<typeof businessOrderPatchSchema>;
export type BusinessOrderEdit = Omit<BusinessOrderPatch, 'status' | 'courierId'>;

/** A stop to route: coordinates, or an address to geocode (spec 2-business-area.md §7 POST /api/routes/calculate). */
const routeStop = z
  .object({
    lat: latitude,
    lng: longitude,
    precision: locationPrecision,
    address: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
    deliverBy,
    deliverAfter,
    serviceMinutes,
  })
  .check(z.refine((stop) => (stop.lat != null && stop.lng != null) || !!stop.address, 'Please enter addresses for all delivery stops'));

/**
 * POST /api/routes/calculate. The route starts at the signed-in business's own location;
 * pharmacyAddress is accepted for the spec's clients but not trusted. `optimize` asks for
 * the stops in the best order too; `departureTime` (now by default) is when the courier
 * leaves the pickup, against which the stops' deliver-by times are judged.
 */
export const routeCalculationSchema = z.object({
  pharmacyAddress: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  optimize: z._default(yesNo, false),
  departureTime: z.optional(z.nullable(instant('Departure time must be a valid date and time', 'Departure time'))),
  stops: z
    .array(routeStop, { error: 'Please enter addresses for all delivery stops' })
    .check(z.minLength(1, 'Please add at least one valid delivery stop'), z.maxLength(MAX_ROUTE_STOPS, `A route can have at most ${MAX_ROUTE_STOPS} stops`)),
});

/** GET /api/places/suggestions?q= */
export const placeQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(200, 'Search text must be at most 200 characters')), ''),
});
