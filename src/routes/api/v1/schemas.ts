/**
 * The integrations API's schemas (issue 17), in zod/mini like every other schema: the
 * routes validate requests with them, and the OpenAPI document is generated from them
 * (./openapi.ts), so the two cannot disagree. Requests reuse the portal's own schemas
 * (an order is validated exactly as the portal's form is); answers are described here,
 * strictly, and a test checks real answers against the document.
 *
 * `apiDocs` carries the documentation: an `id` makes a schema a named component, a
 * description explains a field. Descriptions of shared request fields are added here, so
 * the islands' bundles, which import the same schemas, carry none of this text.
 */
import * as z from 'zod/mini';
import { decodeOrderCursor } from '../../../domain/orderCursor';
import { EVENT_OUTCOMES, ROLES } from '../../../db/schema';
import { LOCATION_PRECISIONS } from '../../../domain/location';
import { isOrderStatus, ORDER_STATUSES, STOP_STATUSES, type OrderStatus } from '../../../domain/orderStatus';
import { MAX_ROUTE_STOPS, orderCreateSchema } from '../../../domain/schemas/businessOrders';
import { idParam, instant, wholeNumber } from '../../../domain/schemas/common';
import { PHONE_RULE, PHONE_SPELLINGS } from '../../../domain/phone';
import { ORDER_VEHICLE_TYPES } from '../../../domain/vehicles';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../domain/webhooks';
import { FAILURE_OUTCOMES, FAILURE_REASONS } from '../../../domain/failedDelivery';

export interface DocMeta {
  id?: string;
  title?: string;
  description?: string;
  examples?: unknown[];
}

export const apiDocs = z.registry<DocMeta>();

function doc<T extends z.core.$ZodType>(schema: T, meta: DocMeta): T {
  apiDocs.add(schema, meta);
  return schema;
}

// ---------------------------------------------------------------------------
// Building blocks of answers
// ---------------------------------------------------------------------------

const dateTime = (description: string) => doc(z.iso.datetime(), { description });
const maybeDateTime = (description: string) => doc(z.nullable(z.iso.datetime()), { description });
const money = (description: string) =>
  doc(z.string().check(z.regex(/^\d+\.\d{2}$/)), { description: `${description} Dollars with 2 decimals, as a string.`, examples: ['245.00'] });
const maybeMoney = (description: string) =>
  doc(z.nullable(z.string().check(z.regex(/^\d+\.\d{2}$/))), { description: `${description} Dollars with 2 decimals, as a string, or null.` });
const text = (description: string) => doc(z.string(), { description });
const maybeText = (description: string) => doc(z.nullable(z.string()), { description });
const maybeNumber = (description: string) => doc(z.nullable(z.number()), { description });
const int = (description: string) => doc(z.int(), { description });
const maybeInt = (description: string) => doc(z.nullable(z.int()), { description });
const photoLink = (description: string) =>
  doc(z.url(), {
    description: `${description} An absolute link that works without signing in for a limited time (an hour in API answers, 7 days in webhooks).`,
  });

const locationPrecision = doc(z.enum(LOCATION_PRECISIONS), {
  id: 'LocationPrecision',
  description:
    "How precisely the coordinates place the address: 'address' (the address itself), 'zip' (only its ZIP code's centre) or 'none' (no coordinates).",
});

const orderStatus = doc(z.enum(ORDER_STATUSES), { id: 'OrderStatus', description: 'Where the order is in its life.' });

const item = doc(
  z.strictObject({
    name: text('What is delivered.'),
    quantity: int('How many.'),
    price: money('Unit price.'),
    notes: maybeText('Notes on the item.'),
  }),
  { id: 'OrderItem' },
);

const orderFields = {
  id: int('The order id: use it in /orders/{id}.'),
  orderNumber: text('The number people read out ("10042").'),
  internalOrderNumber: maybeText('Your own reference, as sent.'),
  status: orderStatus,
  createdAt: dateTime('When the order was created.'),
  updatedAt: dateTime('When anything about the order last changed.'),
  restaurantId: int('Your business id.'),
  restaurantName: text('Pickup: your business name.'),
  restaurantAddress: text('Pickup address.'),
  restaurantPhone: text('Pickup phone.'),
  courierId: maybeInt('The courier holding the order, if any.'),
  zoneId: maybeInt('The service zone.'),
  customerName: text('The recipient (of a multi-stop order: the first stop).'),
  customerPhone: text("The recipient's phone: 10 digits."),
  customerEmail: maybeText("The recipient's email, when given: customer messages go there too."),
  customerAddress: text('The delivery address on one line.'),
  customerStreet: maybeText('Street, when given.'),
  customerHouse: maybeText('House number, when given.'),
  customerApartment: maybeText('Apartment or suite, when given.'),
  customerCity: maybeText('City, when given.'),
  customerState: maybeText('State, when given.'),
  customerZip: maybeText('ZIP code, when given.'),
  customerLatitude: maybeNumber('Delivery latitude.'),
  customerLongitude: maybeNumber('Delivery longitude.'),
  customerLocationPrecision: locationPrecision,
  customerCompany: maybeText("The recipient's company."),
  deliveryInstructions: maybeText('Instructions for the courier.'),
  setupRequired: doc(z.boolean(), { description: 'Whether the courier sets the order up on site (catering).' }),
  requiredVehicleTypes: doc(z.array(z.enum(ORDER_VEHICLE_TYPES)), { description: 'Vehicles that can carry the order.' }),
  items: doc(z.array(item), { description: 'What is delivered.' }),
  amount: money("The order's value."),
  deliveryFee: money('What the delivery costs you, computed by the server.'),
  tip: money('The tip for the courier.'),
  courierPay: maybeMoney('What the courier is paid, once assigned.'),
  totalDistanceMiles: maybeNumber('Route length of a multi-stop order, in miles.'),
  calculatedDeliveryFee: maybeMoney('The route-priced fee of a multi-stop order.'),
  pickupTime: dateTime('When the courier picks up.'),
  deliveryTime: dateTime('When the order is due.'),
  courierLatitude: maybeNumber("The courier's last known latitude."),
  courierLongitude: maybeNumber("The courier's last known longitude."),
  lastLocationUpdateTime: maybeDateTime("When the courier's position was last known."),
  goOnlineTime: maybeDateTime('When the courier set off.'),
  onWayToPickupTime: maybeDateTime('When the courier started towards the pickup.'),
  arrivedAtPickupTime: maybeDateTime('When the courier arrived at the pickup.'),
  pickedUpTime: maybeDateTime('When the order was picked up.'),
  onWayToCustomerTime: maybeDateTime('When the courier left for the customer.'),
  arrivedAtCustomerTime: maybeDateTime('When the courier arrived at the customer.'),
  setupStartTime: maybeDateTime('When the on-site setup started.'),
  setupCompleteTime: maybeDateTime('When the on-site setup was done.'),
  completedAt: maybeDateTime('When the order was delivered (or the route completed).'),
  deliveryPhotos: doc(z.array(photoLink('A proof-of-delivery photo.')), { description: 'Proof-of-delivery photos.' }),
  deliveryNotes: maybeText("The courier's notes at delivery."),
  pharmacyPickupPhoto: doc(z.nullable(photoLink('The pickup photo of a pharmacy route.')), { description: 'The pickup photo of a pharmacy route, or null.' }),
  pharmacyPickupTime: maybeDateTime('When a pharmacy route was picked up.'),
  deliveryFailedAt: maybeDateTime("Since when a failed delivery of the order's own waits for the dispatcher, else null."),
  failedAttempts: int("Failed delivery attempts of the order's own (a single order)."),
};

export const orderSchema = doc(z.strictObject(orderFields), { id: 'Order', description: 'An order, as lists give it (without its stops).' });

export const stopSchema = doc(
  z.strictObject({
    id: int('The stop id.'),
    orderId: int('Its order.'),
    sequence: int('Its place in the route, from 1.'),
    customerName: text('The recipient.'),
    customerPhone: text("The recipient's phone: 10 digits."),
    customerEmail: maybeText("The recipient's email, when given."),
    address: text('Where.'),
    latitude: maybeNumber('Latitude.'),
    longitude: maybeNumber('Longitude.'),
    locationPrecision,
    deliveryInstructions: maybeText('Instructions for this stop.'),
    status: doc(z.enum(STOP_STATUSES), { description: 'pending, on_way, arrived or delivered.' }),
    arrivedTime: maybeDateTime('When the courier arrived.'),
    deliveredTime: maybeDateTime('When it was delivered.'),
    deliveryTime: maybeDateTime('When it is due.'),
    deliverBy: maybeDateTime('The deliver-by time routes are ordered to meet, when one was given.'),
    deliverAfter: maybeDateTime('The earliest the stop may be reached, when one was given: a courier there sooner waits.'),
    serviceMinutes: maybeNumber('Minutes the courier spends at the stop, when one was given; 5 otherwise.'),
    deliveryPhoto: doc(z.nullable(photoLink("The stop's delivery photo.")), { description: "The stop's delivery photo, or null." }),
    deliveryNotes: maybeText("The courier's notes at this stop."),
    returnedAt: maybeDateTime('When the stop could not be delivered and its package went back to the pickup, else null.'),
    failedAttempts: int('Failed delivery attempts at this stop.'),
    createdAt: dateTime('When the stop was added.'),
    trackingUrl: z.optional(
      doc(z.url(), {
        description: "The page where this stop's recipient follows the delivery (no sign-in). Absent in webhooks when the app's address is not configured.",
      }),
    ),
  }),
  { id: 'Stop', description: 'One delivery stop of a multi-stop order.' },
);

export const orderDetailSchema = doc(
  z.strictObject({
    ...orderFields,
    stops: doc(z.array(stopSchema), { description: 'The stops in route order; empty for a single order.' }),
    trackingUrl: z.optional(
      doc(z.url(), {
        description:
          "The page where the recipient follows the delivery (no sign-in; revoke it from the portal). Absent in webhooks when the app's address is not configured.",
      }),
    ),
  }),
  { id: 'OrderDetail', description: 'An order with its stops.' },
);

export const orderPageSchema = doc(
  z.strictObject({
    data: z.array(orderSchema),
    nextCursor: doc(z.nullable(z.string()), { description: 'Pass as `cursor` for the next page; null on the last page.' }),
  }),
  { id: 'OrderPage', description: 'A page of orders, newest delivery time first.' },
);

export const orderEventSchema = doc(
  z.strictObject({
    id: int('The history entry id.'),
    at: dateTime('When it happened.'),
    actorUserId: maybeInt('Who acted (a user id), or null for the system.'),
    actorName: maybeText('Their name.'),
    actorRole: doc(z.enum([...ROLES, 'system']), { description: 'admin, restaurant, courier or system.' }),
    action: text('What was attempted: create, assign, accept, status, edit, cancel…'),
    fromStatus: maybeText('The status before.'),
    toStatus: maybeText('The status after (or the one asked for, if refused).'),
    outcome: doc(z.enum(EVENT_OUTCOMES), { description: 'applied, or refused when the order had moved on.' }),
    detail: maybeText('More about it.'),
  }),
  { id: 'OrderHistoryEntry', description: 'One attempt to change an order, applied or refused.' },
);

export const orderEventsSchema = doc(z.strictObject({ data: z.array(orderEventSchema) }), {
  id: 'OrderHistory',
  description: "The order's history, oldest first.",
});

export const errorSchema = doc(
  z.strictObject({
    error: text('What went wrong, in a few words.'),
    details: z.optional(text('A sentence saying exactly what to change.')),
    fields: z.optional(doc(z.record(z.string(), z.array(z.string())), { description: 'For invalid bodies and queries: the messages of each field.' })),
  }),
  { id: 'Error', description: 'Every error answer.' },
);

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/** POST /api/v1/orders: exactly the portal's order (domain/schemas/businessOrders.ts). */
export const orderCreateBody = doc(orderCreateSchema, {
  id: 'OrderCreate',
  description:
    "A single order (customerName, customerPhone and customerAddress required), or a multi-stop order with `stops` (the customer fields are then the first stop's). Fees and distances are computed by the server; any sent are ignored.",
});

const createFields = orderCreateSchema.shape;
const stopFields = createFields.stops.def.innerType.def.element.shape;
const MONEY_IN = 'Dollars: a number or a numeric string with up to 2 decimals (245, "245.00").';
const INSTANT_IN = 'An ISO 8601 date-time with its offset (2030-01-15T14:00:00Z), or epoch milliseconds.';
for (const [schema, description] of [
  [createFields.internalOrderNumber, 'Your own reference for the order.'],
  [createFields.amount, `The order's value. ${MONEY_IN}`],
  [createFields.tip, `Tip for the courier. ${MONEY_IN}`],
  [createFields.pickupTime, `When the courier picks up. ${INSTANT_IN}`],
  [createFields.deliveryTime, `When the order is due; not before pickupTime. ${INSTANT_IN}`],
  [createFields.customerName, 'The recipient. Required without stops.'],
  [createFields.customerPhone, `The recipient's phone, ${PHONE_RULE}: ${PHONE_SPELLINGS}. Stored and answered as its 10 digits. Required without stops.`],
  [stopFields.customerPhone, `This stop's recipient's phone, ${PHONE_RULE}: ${PHONE_SPELLINGS}. Stored and answered as its 10 digits.`],
  [createFields.customerAddress, 'The delivery address on one line. Required without stops.'],
  [createFields.customerEmail, "Optional: the recipient's email. The messages your business turned on go there too."],
  [stopFields.customerEmail, "Optional: this stop's recipient's email."],
  [createFields.deliveryInstructions, 'Instructions for the courier.'],
  [createFields.customerLatitude, 'Latitude, a number or numeric string. With the longitude, the address needs no geocoding.'],
  [createFields.customerLongitude, 'Longitude, a number or numeric string.'],
  [createFields.setupRequired, 'Whether the courier sets the order up on site.'],
  [createFields.requiredVehicleTypes, 'Vehicles that can carry the order; sedan by default.'],
  [createFields.items, "What is delivered; one item of the order's amount by default."],
  [createFields.stops, `A multi-stop order's stops (1 to ${MAX_ROUTE_STOPS}), priced by the route from your business through them in sequence.`],
  [stopFields.sequence, "The stop's place in the route; sequences must be 1..n if given."],
  [
    stopFields.address,
    "The stop's address. Without coordinates it is placed by the server (the maps service when configured, the US Census geocoder, else its ZIP code's centre); one none of them can place is refused.",
  ],
  [stopFields.deliverBy, `When the stop must be reached; optimized routes are ordered to meet it. ${INSTANT_IN}`],
  [stopFields.deliverAfter, `The earliest the stop may be reached (a customer home later); a courier there sooner waits. ${INSTANT_IN}`],
  [stopFields.serviceMinutes, 'Minutes the courier spends at the stop (0 to 240), when not the usual 5: routes are timed with them.'],
  [createFields.customerZip, "The delivery ZIP code. An address without coordinates that no geocoder finds is placed at its ZIP code's centre."],
] as const) {
  apiDocs.add(schema, { description });
}

const statusList = z.pipe(
  z.string(),
  z.transform((value, context): OrderStatus[] => {
    const statuses = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (statuses.length === 0 || !statuses.every(isOrderStatus)) {
      context.issues.push({ code: 'custom', message: `status must be one or more of: ${ORDER_STATUSES.join(', ')}`, input: value });
      return z.NEVER as never;
    }
    return statuses as OrderStatus[];
  }),
);

const cursor = z.pipe(
  z.string(),
  z.transform((value, context) => {
    const decoded = decodeOrderCursor(value);
    if (!decoded) {
      context.issues.push({ code: 'custom', message: 'cursor must be a nextCursor this API gave', input: value });
      return z.NEVER as never;
    }
    return decoded;
  }),
);

export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;

/** GET /api/v1/orders */
export const orderListQuery = z.object({
  status: z.optional(doc(statusList, { description: 'Only orders in these statuses: one, or several separated by commas (new,assigned).' })),
  createdSince: z.optional(
    doc(instant('createdSince must be an ISO 8601 date-time with its offset'), {
      description: 'Only orders created at or after this instant (2026-11-22T00:00:00Z).',
    }),
  ),
  updatedSince: z.optional(
    doc(instant('updatedSince must be an ISO 8601 date-time with its offset'), {
      description: 'Only orders changed at or after this instant: poll with the time of your last sync.',
    }),
  ),
  limit: z.optional(
    doc(wholeNumber(`limit must be a whole number from 1 to ${MAX_PAGE}`, MAX_PAGE), {
      description: `Orders per page, 1 to ${MAX_PAGE} (${DEFAULT_PAGE} by default).`,
    }),
  ),
  cursor: z.optional(doc(cursor, { description: 'The nextCursor of the previous page.' })),
});

export const orderIdParam = idParam;
apiDocs.add(idParam.shape.id, { description: 'The order id.' });

// ---------------------------------------------------------------------------
// Webhook bodies
// ---------------------------------------------------------------------------

export const failureSchema = doc(
  z.strictObject({
    id: int('The attempt id.'),
    orderId: int('Its order.'),
    stopId: doc(z.nullable(z.int()), { description: "The stop that could not be delivered, or null for the order's own delivery." }),
    reason: doc(z.enum(FAILURE_REASONS), { description: 'Why: customer_not_there, wrong_address, refused or unsafe.' }),
    outcome: doc(z.enum(FAILURE_OUTCOMES), {
      description: 'What follows: retry (the courier tries again), return (the package goes back to the pickup) or dispatch (the dispatcher decides).',
    }),
    notes: maybeText("The courier's notes."),
    at: dateTime('When it happened.'),
  }),
  { id: 'DeliveryFailure', description: 'A failed delivery attempt: only in order.delivery_failed events.' },
);

const ORDER_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type): type is Exclude<WebhookEventType, 'webhook.test'> => type !== 'webhook.test');

export const orderWebhookSchema = doc(
  z.strictObject({
    type: doc(z.enum(ORDER_EVENT_TYPES), { description: 'The event.' }),
    timestamp: dateTime('When it happened.'),
    data: z.strictObject({
      from: doc(z.nullable(orderStatus), { description: 'The status before (null for order.created).' }),
      to: orderStatus,
      order: orderDetailSchema,
      failure: z.optional(failureSchema),
    }),
  }),
  { id: 'OrderWebhook', description: 'The body of every order event.' },
);

export const testWebhookSchema = doc(
  z.strictObject({
    type: z.literal('webhook.test'),
    timestamp: dateTime('When it was sent.'),
    data: z.strictObject({ message: z.string() }),
  }),
  { id: 'TestWebhook', description: 'The body of a test event.' },
);
