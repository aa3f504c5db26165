/**
 * The data model (spec 1-foundations-and-admin.md §3) for libSQL. Conventions:
 * - money is integer cents (`*_cents`), never REAL;
 * - instants are integer epoch milliseconds (UTC, unambiguous); calendar dates that
 *   people type (document expiry) are 'YYYY-MM-DD' text;
 * - enums are CHECKed in the database, so no path can store a status that does not exist;
 * - photos are R2 object keys; the bytes never enter the database.
 * Migrations in migrations/ are generated from this file (npm run db:generate).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { CASCADE_PHASES } from '../domain/autopilot/cascade';
import { DEFAULT_AUTOPILOT_SETTINGS, DISPATCH_MODES, numbersOf, type AutopilotNumbers } from '../domain/autopilot/settings';
import { CUSTOMER_TYPES } from '../domain/customerTypes';
import { FAILURE_OUTCOMES, FAILURE_REASONS } from '../domain/failedDelivery';
import { LOCATION_PRECISIONS } from '../domain/location';
import { MESSAGE_CHANNELS, MESSAGE_KINDS } from '../domain/messages';
import { newTrackingToken } from '../domain/tracking';
import { ORDER_STATUSES, STOP_STATUSES } from '../domain/orderStatus';
import { COURIER_VEHICLE_TYPES, type OrderVehicleType } from '../domain/vehicles';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer('created_at').notNull().default(now);
const updatedAt = () => integer('updated_at').notNull().default(now);
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
/**
 * How precise a place's coordinates are (domain/location.ts). 'address' by default: rows
 * that carry coordinates without saying came from a maps place. Checked in the database
 * by migration 0008 (a column CHECK, so adding it needs no table rebuild).
 */
const locationPrecision = (name: string) => text(name, { enum: LOCATION_PRECISIONS }).notNull().default('address');

export const ROLES = ['admin', 'restaurant', 'courier'] as const;
export type Role = (typeof ROLES)[number];
export { CUSTOMER_TYPES, type CustomerType } from '../domain/customerTypes';
export const PHOTO_KINDS = ['delivery', 'stop', 'pharmacy_pickup'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const EVENT_OUTCOMES = ['applied', 'refused'] as const;

export interface OrderItem {
  name: string;
  quantity: number;
  /** cents */
  price: number;
  notes?: string | null;
}

export const zones = sqliteTable(
  'zones',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    cities: text('cities', { mode: 'json' }).$type<string[]>().notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    /** How the zone's orders are dispatched (issue 30, decision W12): new zones by a person. */
    dispatchMode: text('dispatch_mode', { enum: DISPATCH_MODES }).notNull().default('manual'),
    /** The admin paused the autopilot: it makes no decision until resumed; its settings stay. */
    autopilotPaused: integer('autopilot_paused', { mode: 'boolean' }).notNull().default(false),
    /** The autopilot's numbers (lead time, time to accept, cascade, max load, batching). */
    autopilotSettings: text('autopilot_settings', { mode: 'json' })
      .$type<AutopilotNumbers>()
      .notNull()
      .default(sql.raw(`'${JSON.stringify(numbersOf(DEFAULT_AUTOPILOT_SETTINGS))}'`)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('zones_name_unique').on(sql`${t.name} collate nocase`),
    check('zones_dispatch_mode_check', sql`${t.dispatchMode} in (${inList(DISPATCH_MODES)})`),
  ],
);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    address: text('address'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    zoneId: integer('zone_id').references(() => zones.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames are unique regardless of case: "Bistro" and "bistro" are one person.
    uniqueIndex('users_username_unique').on(sql`${t.username} collate nocase`),
    check('users_role_check', sql`${t.role} in (${inList(ROLES)})`),
  ],
);

/** Server-side sessions. The id is the SHA-256 of the cookie's token, so a database read does not yield live cookies. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins per username, to slow down password guessing. */
/**
 * Sign-in attempts per channel (src/auth/throttle.ts): a username tried from devices it
 * never signed in on, or one device it did sign in on. An attempt is counted before its
 * password is checked, so parallel guesses cannot slip past the limit.
 */
export const signInAttempts = sqliteTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  windowStartedAt: integer('window_started_at').notNull(),
  lockedUntil: integer('locked_until'),
});

/**
 * Devices a user has signed in on (OWASP's device cookies): the cookie holds 128 random
 * bits, the table their SHA-256. Guesses from elsewhere cannot lock such a device out.
 */
export const trustedDevices = sqliteTable(
  'trusted_devices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at').notNull(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

export const restaurants = sqliteTable(
  'restaurants',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    contactPersonName: text('contact_person_name'),
    contactPersonPosition: text('contact_person_position'),
    contactPersonPhone: text('contact_person_phone'),
    contactPersonEmail: text('contact_person_email'),
    backupPhone: text('backup_phone'),
    deliveryInstructions: text('delivery_instructions'),
    businessHours: text('business_hours'),
    apiKey: text('api_key'),
    apiEnabled: integer('api_enabled', { mode: 'boolean' }).notNull().default(false),
    webhookUrl: text('webhook_url'),
    webhookSecret: text('webhook_secret'),
    lastApiCall: integer('last_api_call'),
    customerType: text('customer_type', { enum: CUSTOMER_TYPES }).notNull().default('restaurant'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    locationPrecision: locationPrecision('location_precision'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('restaurants_user_unique').on(t.userId),
    index('restaurants_zone_idx').on(t.zoneId),
    check('restaurants_customer_type_check', sql`${t.customerType} in (${inList(CUSTOMER_TYPES)})`),
    check('restaurants_latitude_check', sql`${t.latitude} is null or ${t.latitude} between -90 and 90`),
    check('restaurants_longitude_check', sql`${t.longitude} is null or ${t.longitude} between -180 and 180`),
  ],
);

export const couriers = sqliteTable(
  'couriers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    address: text('address').notNull(),
    email: text('email').notNull(),
    vehicleType: text('vehicle_type', { enum: COURIER_VEHICLE_TYPES }).notNull().default('sedan'),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    vehicleYear: text('vehicle_year').notNull(),
    driversLicense: text('drivers_license').notNull(),
    driversLicenseExpiry: text('drivers_license_expiry').notNull(),
    driversLicensePhotos: text('drivers_license_photos', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    driversLicenseVerified: integer('drivers_license_verified', { mode: 'boolean' }).notNull().default(false),
    /**
     * A new expiry the courier typed in their profile, counted only once an admin verifies it
     * (issue 26, decision C22): until then driversLicenseExpiry, the date that counts, stays.
     */
    driversLicenseExpiryRequested: text('drivers_license_expiry_requested'),
    insurance: text('insurance').notNull(),
    insuranceExpiry: text('insurance_expiry').notNull(),
    insurancePhotos: text('insurance_photos', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    insuranceVerified: integer('insurance_verified', { mode: 'boolean' }).notNull().default(false),
    /** The insurance's new expiry awaiting an admin's verification (decision C22). */
    insuranceExpiryRequested: text('insurance_expiry_requested'),
    documentsLastNotifiedDate: integer('documents_last_notified_date'),
    documentNotificationsAcknowledged: integer('document_notifications_acknowledged', { mode: 'boolean' }).notNull().default(false),
    hasQuickDeliveryEquipment: integer('has_quick_delivery_equipment', { mode: 'boolean' }).notNull().default(false),
    hasCateringDolly: integer('has_catering_dolly', { mode: 'boolean' }).notNull().default(false),
    hasThermoBags: integer('has_thermo_bags', { mode: 'boolean' }).notNull().default(false),
    hasIsothermalBoxes: integer('has_isothermal_boxes', { mode: 'boolean' }).notNull().default(false),
    /** The courier opted in to take the autopilot's orders without an offer (auto-assign zones, decision W12). */
    acceptsAutomatically: integer('accepts_automatically', { mode: 'boolean' }).notNull().default(false),
    /**
     * The courier's phone holds its socket open, as their CourierLocation object last knew it
     * (set as a phone connects, cleared when a push finds none): offers to the zone are pushed
     * to these phones only (decision P31-7).
     */
    phoneListening: integer('phone_listening', { mode: 'boolean' }).notNull().default(false),
    // The latest position, written through from the courier's Durable Object.
    courierLatitude: real('courier_latitude'),
    courierLongitude: real('courier_longitude'),
    lastLocationUpdateTime: integer('last_location_update_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('couriers_user_unique').on(t.userId),
    index('couriers_zone_idx').on(t.zoneId),
    // The admin's list of documents to verify.
    index('couriers_documents_to_verify_idx')
      .on(t.updatedAt)
      .where(sql`${t.driversLicenseExpiryRequested} is not null or ${t.insuranceExpiryRequested} is not null`),
    check('couriers_vehicle_type_check', sql`${t.vehicleType} in (${inList(COURIER_VEHICLE_TYPES)})`),
  ],
);

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderNumber: text('order_number').notNull(),
    internalOrderNumber: text('internal_order_number'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    restaurantName: text('restaurant_name').notNull(),
    restaurantAddress: text('restaurant_address').notNull(),
    restaurantPhone: text('restaurant_phone').notNull(),
    courierId: integer('courier_id').references(() => couriers.id),
    zoneId: integer('zone_id').references(() => zones.id),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    /** Optional: where the customer's messages also go by email (decision K14). */
    customerEmail: text('customer_email'),
    customerAddress: text('customer_address').notNull(),
    customerStreet: text('customer_street'),
    customerHouse: text('customer_house'),
    customerApartment: text('customer_apartment'),
    customerCity: text('customer_city'),
    customerState: text('customer_state'),
    customerZip: text('customer_zip'),
    customerLatitude: real('customer_latitude'),
    customerLongitude: real('customer_longitude'),
    customerLocationPrecision: locationPrecision('customer_location_precision'),
    customerCompany: text('customer_company'),
    deliveryInstructions: text('delivery_instructions'),
    setupRequired: integer('setup_required', { mode: 'boolean' }).notNull().default(false),
    requiredVehicleTypes: text('required_vehicle_types', { mode: 'json' }).$type<OrderVehicleType[]>().notNull(),
    items: text('items', { mode: 'json' }).$type<OrderItem[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    deliveryFeeCents: integer('delivery_fee_cents').notNull(),
    tipCents: integer('tip_cents').notNull().default(0),
    courierPayCents: integer('courier_pay_cents'),
    /** Present on distance-priced (multi-stop) orders. */
    totalDistanceMiles: real('total_distance_miles'),
    calculatedDeliveryFeeCents: integer('calculated_delivery_fee_cents'),
    pickupTime: integer('pickup_time').notNull(),
    deliveryTime: integer('delivery_time').notNull(),
    courierLatitude: real('courier_latitude'),
    courierLongitude: real('courier_longitude'),
    lastLocationUpdateTime: integer('last_location_update_time'),
    goOnlineTime: integer('go_online_time'),
    onWayToPickupTime: integer('on_way_to_pickup_time'),
    arrivedAtPickupTime: integer('arrived_at_pickup_time'),
    pickedUpTime: integer('picked_up_time'),
    onWayToCustomerTime: integer('on_way_to_customer_time'),
    arrivedAtCustomerTime: integer('arrived_at_customer_time'),
    setupStartTime: integer('setup_start_time'),
    setupCompleteTime: integer('setup_complete_time'),
    /** When the order reached delivered or pharmacy_completed: the day earnings count on. */
    completedAt: integer('completed_at'),
    /**
     * When the courier last confirmed an arrival (the pickup or a stop) without a device
     * position (issue 27, decision C23): flagged to the dispatcher in the orders list.
     */
    arrivedWithoutPositionAt: integer('arrived_without_position_at'),
    /**
     * The route's miles in the order the courier now drives it, after they reordered or
     * optimized its stops (issue 27): what their map and end screen show. The fee stays on
     * totalDistanceMiles, the route as priced (O6). Null until a courier reorders.
     */
    routeMiles: real('route_miles'),
    /**
     * Since when a failed delivery of the order's own waits for the dispatcher (issue 27,
     * decision C28): flagged in the orders list; cleared when they send the courier again
     * or the order moves on.
     */
    deliveryFailedAt: integer('delivery_failed_at'),
    /** Failed attempts at the order's own delivery: the first "customer not there" is tried again. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Until when the courier holding an autopilot's offer may accept it (decision W12): their phone counts down. */
    offerExpiresAt: integer('offer_expires_at'),
    /** R2 keys of the delivery photos. */
    deliveryPhotos: text('delivery_photos', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    deliveryNotes: text('delivery_notes'),
    /** R2 key of the pharmacy pickup photo. */
    pharmacyPickupPhoto: text('pharmacy_pickup_photo'),
    pharmacyPickupTime: integer('pharmacy_pickup_time'),
    /** The customer's tracking link (issue 16): 128 random bits; replaced to revoke it. */
    trackingToken: text('tracking_token').$defaultFn(newTrackingToken),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_unique').on(t.orderNumber),
    check('orders_status_check', sql`${t.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_money_check', sql`${t.amountCents} >= 0 and ${t.deliveryFeeCents} >= 0 and ${t.tipCents} >= 0`),
    check('orders_courier_pay_check', sql`${t.courierPayCents} is null or ${t.courierPayCents} >= 0`),
    check('orders_distance_check', sql`${t.totalDistanceMiles} is null or ${t.totalDistanceMiles} >= 0`),
    // Admin list: a tab (status set) within a month or day of delivery time.
    index('orders_status_delivery_idx').on(t.status, t.deliveryTime),
    // A month or day of delivery time: ordered lists, and tab counts read from the index alone.
    index('orders_delivery_status_idx').on(t.deliveryTime, t.status),
    // Business lists and dashboards.
    index('orders_restaurant_delivery_idx').on(t.restaurantId, t.deliveryTime),
    index('orders_restaurant_status_idx').on(t.restaurantId, t.status),
    // Courier lists: assigned to me; offered to my zone.
    index('orders_courier_status_idx').on(t.courierId, t.status),
    index('orders_zone_status_idx').on(t.zoneId, t.status),
    // The earnings report over a range of completion days: only completed orders have a
    // completion time, and the money columns ride along so the sums read the index alone.
    index('orders_completed_report_idx')
      .on(t.completedAt, t.status, t.courierId, t.restaurantId, t.amountCents, t.deliveryFeeCents, t.tipCents, t.courierPayCents)
      .where(sql`${t.completedAt} is not null`),
    index('orders_courier_completed_idx').on(t.courierId, t.completedAt),
    // The Restaurant Summary tab (issue 31): whether a business completed an order in the range, and its page's sums.
    index('orders_restaurant_completed_idx')
      .on(t.restaurantId, t.completedAt)
      .where(sql`${t.completedAt} is not null`),
    uniqueIndex('orders_tracking_token_unique').on(t.trackingToken),
    // The dispatcher's queue and bell (issue 29): the few failed deliveries waiting for a person, whatever their date.
    index('orders_delivery_failed_idx')
      .on(t.deliveryFailedAt)
      .where(sql`${t.deliveryFailedAt} is not null`),
  ],
);

export const orderStops = sqliteTable(
  'order_stops',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email'),
    address: text('address').notNull(),
    latitude: real('latitude'),
    longitude: real('longitude'),
    locationPrecision: locationPrecision('location_precision'),
    deliveryInstructions: text('delivery_instructions'),
    status: text('status', { enum: STOP_STATUSES }).notNull().default('pending'),
    arrivedTime: integer('arrived_time'),
    deliveredTime: integer('delivered_time'),
    deliveryTime: integer('delivery_time'),
    /** The business's optional deliver-by time (issue 18): routes are ordered to reach the stop by then. */
    deliverBy: integer('deliver_by'),
    /** The business's optional earliest time (issue 32): a courier there sooner waits (decision O10). */
    deliverAfter: integer('deliver_after'),
    /** Minutes the courier spends at this stop, when the business said (issue 32); STOP_SERVICE_MINUTES otherwise. */
    serviceMinutes: integer('service_minutes'),
    /** R2 key of the stop's delivery photo. */
    deliveryPhoto: text('delivery_photo'),
    deliveryNotes: text('delivery_notes'),
    /** The stop could not be delivered and its package goes back to the pickup (issue 27): settled without a delivery. */
    returnedAt: integer('returned_at'),
    /** Failed attempts at this stop: the first "customer not there" is tried again. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** This stop's customer's tracking link (issue 16). */
    trackingToken: text('tracking_token').$defaultFn(newTrackingToken),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_stops_order_sequence_unique').on(t.orderId, t.sequence),
    uniqueIndex('order_stops_tracking_token_unique').on(t.trackingToken),
    check('order_stops_sequence_check', sql`${t.sequence} >= 1`),
    check('order_stops_status_check', sql`${t.status} in (${inList(STOP_STATUSES)})`),
  ],
);

/**
 * Every attempt to change an order, applied or refused: who, when, from which status to
 * which. Beyond the spec; it is what a dispatcher needs in a dispute.
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: integer('at').notNull().default(now),
    actorUserId: integer('actor_user_id').references((): AnySQLiteColumn => users.id),
    actorRole: text('actor_role', { enum: [...ROLES, 'system'] as const }).notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    outcome: text('outcome', { enum: EVENT_OUTCOMES }).notNull().default('applied'),
    detail: text('detail'),
    // Who held the order when the attempt was made: a courier whose order was just taken
    // (cancelled, reassigned) can still have their late step recorded as refused.
    fromCourierId: integer('from_courier_id').references((): AnySQLiteColumn => couriers.id),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id), check('order_events_outcome_check', sql`${t.outcome} in (${inList(EVENT_OUTCOMES)})`)],
);

/** A courier who declined an order offered to the zone no longer sees it offered. */
export const orderDeclines = sqliteTable(
  'order_declines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id),
    at: integer('at').notNull().default(now),
  },
  (t) => [uniqueIndex('order_declines_unique').on(t.orderId, t.courierId)],
);

/**
 * The autopilot's cascade of each order it dispatches (issue 30, decision W12): the state
 * `nextCascade` (src/domain/autopilot/cascade.ts) moves, written with the order's change in
 * one transaction, so a restart loses no timer (the zone's object wakes at `expires_at`).
 */
export const dispatchCascades = sqliteTable(
  'dispatch_cascades',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id),
    phase: text('phase', { enum: CASCADE_PHASES }).notNull(),
    courierId: integer('courier_id').references(() => couriers.id),
    offeredAt: integer('offered_at'),
    expiresAt: integer('expires_at'),
    /** Couriers offered it alone so far, in order. */
    tried: text('tried', { mode: 'json' })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dispatch_cascades_zone_phase_idx').on(t.zoneId, t.phase),
    check('dispatch_cascades_phase_check', sql`${t.phase} in (${inList(CASCADE_PHASES)})`),
  ],
);

export type DispatchCascade = typeof dispatchCascades.$inferSelect;

/**
 * Failed delivery attempts (issue 27, decision C28): why, the courier's photo and notes, and
 * what followed by the rule (src/domain/failedDelivery.ts). A stop's or the order's own.
 */
export const deliveryFailures = sqliteTable(
  'delivery_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stopId: integer('stop_id').references(() => orderStops.id, { onDelete: 'cascade' }),
    courierId: integer('courier_id').references(() => couriers.id),
    reason: text('reason', { enum: FAILURE_REASONS }).notNull(),
    outcome: text('outcome', { enum: FAILURE_OUTCOMES }).notNull(),
    notes: text('notes'),
    /** R2 key of the photo taken at the door, if any. */
    photo: text('photo'),
    /** When it happened: the courier's tap time when plausible (decision F7). */
    at: integer('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('delivery_failures_order_idx').on(t.orderId, t.id),
    check('delivery_failures_reason_check', sql`${t.reason} in (${inList(FAILURE_REASONS)})`),
    check('delivery_failures_outcome_check', sql`${t.outcome} in (${inList(FAILURE_OUTCOMES)})`),
  ],
);

/** Photos stored in R2: who may see one follows from its order. */
export const photos = sqliteTable(
  'photos',
  {
    key: text('key').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stopId: integer('stop_id').references(() => orderStops.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PHOTO_KINDS }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    /** When the courier took it: the phone's tap time when plausible (decision F7), else when it arrived. */
    takenAt: integer('taken_at'),
    /** Where the phone was when it was taken, when it knew. */
    takenLatitude: real('taken_latitude'),
    takenLongitude: real('taken_longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_order_idx').on(t.orderId),
    // Uploads per courier per hour (src/photos/store.ts) and the sweep of unattached uploads.
    index('photos_uploader_idx').on(t.uploadedByUserId, t.createdAt),
    index('photos_created_idx').on(t.createdAt),
    check('photos_kind_check', sql`${t.kind} in (${inList(PHOTO_KINDS)})`),
  ],
);

/**
 * Replies to requests sent with an Idempotency-Key (the courier app's offline queue
 * retries them): a repeat gets the first answer instead of acting twice.
 */
export const requestReceipts = sqliteTable(
  'request_receipts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body first sent with the key: a key reused for another request is refused. */
    fingerprint: text('fingerprint').notNull().default(''),
    /** The reply's status; 0 while the first request is still being handled. */
    status: integer('status').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('request_receipts_unique').on(t.userId, t.key)],
);

// ---------------------------------------------------------------------------
// Integrations (issue 17): API keys, the event outbox, webhook endpoints and deliveries.
// These tables have no version counters: background work writes them, and nothing
// polled depends on them but the business's delivery log.
// ---------------------------------------------------------------------------

/** A business's API keys. Only the key's SHA-256 is kept; the key itself is shown once. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, to tell keys apart in lists. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    /** The spec's lastApiCall, per key; written at most once a minute. */
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), index('api_keys_restaurant_idx').on(t.restaurantId, t.id)],
);

export const OUTBOX_KINDS = ['order.created', 'order.changed', 'webhook.test'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Things that happened, written in the same transaction as the change itself (triggers on
 * orders, migration 0009), then handed to the queue. Background consumers (webhooks; later
 * customer messages) read them; a row is processed once every consumer has taken it.
 */
export const eventOutbox = sqliteTable(
  'event_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The event's id for the outside world (the webhook-id header): "evt_" and 24 hex digits. */
    publicId: text('public_id').notNull(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Set when a stop's status moved (issue 16; its statuses in from/to): customer messages
     * and tracking pages hear it, webhooks do not (stop progress shows in the order's stops, I10).
     */
    stopId: integer('stop_id'),
    /** Set when a delivery failed (issue 27): webhooks hear it as order.delivery_failed, tracking pages too. */
    deliveryFailureId: integer('delivery_failure_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    fromCourierId: integer('from_courier_id'),
    toCourierId: integer('to_courier_id'),
    createdAt: createdAt(),
    /** Handed to the queue (claimed by a sender); the cron sends again what stays unprocessed. */
    queuedAt: integer('queued_at'),
    processedAt: integer('processed_at'),
  },
  (t) => [
    uniqueIndex('event_outbox_public_id_unique').on(t.publicId),
    check('event_outbox_kind_check', sql`${t.kind} in (${inList(OUTBOX_KINDS)})`),
    index('event_outbox_unprocessed_idx')
      .on(t.queuedAt, t.id)
      .where(sql`${t.processedAt} is null`),
    index('event_outbox_created_idx').on(t.createdAt),
  ],
);

/** A business's webhook endpoint (one per business) and its health. */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** Standard Webhooks secret: "whsec_" and base64 of 32 random bytes. */
  secret: text('secret').notNull(),
  /** After a rotation the old secret also signs, for a day, so receivers can switch over. */
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: integer('previous_secret_expires_at'),
  /** Since when every attempt has failed (null after any success). */
  failingSince: integer('failing_since'),
  disabledAt: integer('disabled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event sent to one business's endpoint: its frozen body and where its retries stand. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => eventOutbox.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    orderId: integer('order_id'),
    /** The JSON body, the same bytes on every attempt. */
    payload: text('payload').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    /** An attempt under way holds the delivery until then, so the queue and the cron never send it twice at once. */
    leasedUntil: integer('leased_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: integer('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_unique').on(t.eventId, t.restaurantId),
    index('webhook_deliveries_restaurant_idx').on(t.restaurantId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in (${inList(DELIVERY_STATUSES)})`),
  ],
);

/** Each attempt of a delivery: when, the answer's status code or the error, how long it took. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: integer('at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/** Server-held keys (made by the migration, never configured): signed photo links. */
export const signingKeys = sqliteTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * One counter per table, bumped by triggers on every write (see the migration). Polled
 * partials build their ETag from these, so "nothing changed" costs one indexed read.
 */
export const dataVersions = sqliteTable('data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * How many orders are due for delivery in each hour, per status, kept by triggers on orders
 * (migration 0028): the admin's tab counts for a month read its 720 hours, not its orders,
 * so they cost the same at 100,000 orders as at 1,000,000 (issue 31). hour = delivery_time
 * divided by ORDER_COUNT_BUCKET_MS (src/db/orders/tabCounts.ts).
 */
export const orderHourCounts = sqliteTable(
  'order_hour_counts',
  {
    hour: integer('hour').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
);

/**
 * The centre of every US ZIP code (npm package `zipcodes`), loaded by `npm run db:migrate`
 * (scripts/migrate.ts): the geocoding chain's last step before "no coordinates", kept in
 * the database so the Worker bundle stays small.
 */
export const zipCentroids = sqliteTable('zip_centroids', {
  zip: text('zip').primaryKey(),
  latitude: real('latitude').notNull(),
  longitude: real('longitude').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
});

// ---------------------------------------------------------------------------
// Customer tracking and messages (issue 16).
// ---------------------------------------------------------------------------

/**
 * ETAs shown to customers, sampled (at most one a minute per link, written by the
 * order's tracking object), so their accuracy can be measured against the arrival
 * recorded on the order or stop.
 */
export const trackingEtas = sqliteTable(
  'tracking_etas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stopId: integer('stop_id').references(() => orderStops.id, { onDelete: 'cascade' }),
    recordedAt: integer('recorded_at').notNull(),
    /** When the courier was expected to arrive. */
    etaAt: integer('eta_at').notNull(),
    /** Estimated road metres left. */
    meters: integer('meters').notNull(),
  },
  (t) => [index('tracking_etas_order_idx').on(t.orderId, t.stopId, t.recordedAt), index('tracking_etas_recorded_idx').on(t.recordedAt)],
);

/**
 * Orders with a tracking page open (until the page's socket goes quiet): their changes
 * become outbox events, so the page hears of them (migration 0012's triggers).
 */
export const trackingWatchers = sqliteTable('tracking_watchers', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  until: integer('until').notNull(),
});

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'not_sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A business's choice for each customer message: on or off, and its wording. No row: off, default wording. */
export const messageSettings = sqliteTable(
  'message_settings',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
    template: text('template').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_settings_unique').on(t.restaurantId, t.kind),
    check('message_settings_kind_check', sql`${t.kind} in (${inList(MESSAGE_KINDS)})`),
  ],
);

/**
 * Every customer message: what, to whom, and how sending went. `dedupeKey` (kind and the
 * order or stop) is unique, so one moment never makes two messages however often its
 * event is handled.
 */
export const customerMessages = sqliteTable(
  'customer_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    dedupeKey: text('dedupe_key').notNull(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stopId: integer('stop_id').references(() => orderStops.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    /** An email's subject line; null for an SMS. */
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('pending'),
    /** Why it was not sent, or the provider's last error. */
    detail: text('detail'),
    /** The provider's id for the message (Twilio's SID). */
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    /** A send under way holds the message until then, so two deliveries of its queue message never send it twice. */
    leasedUntil: integer('leased_until'),
    /** When a waiting message is due (its retry's queue message was scheduled for then); the cron resends one long overdue. */
    nextAttemptAt: integer('next_attempt_at'),
    createdAt: createdAt(),
    sentAt: integer('sent_at'),
  },
  (t) => [
    uniqueIndex('customer_messages_dedupe_unique').on(t.dedupeKey),
    index('customer_messages_created_idx').on(t.createdAt, t.id),
    index('customer_messages_order_idx').on(t.orderId, t.createdAt),
    // The hourly limits (domain/messages.ts MESSAGE_LIMITS) count by recipient and by business.
    index('customer_messages_recipient_idx').on(t.recipient, t.createdAt),
    index('customer_messages_business_idx').on(t.restaurantId, t.createdAt),
    index('customer_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('customer_messages_kind_check', sql`${t.kind} in (${inList(MESSAGE_KINDS)})`),
    check('customer_messages_channel_check', sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check('customer_messages_status_check', sql`${t.status} in (${inList(MESSAGE_STATUSES)})`),
  ],
);

export type User = typeof users.$inferSelect;
export type Zone = typeof zones.$inferSelect;
export type Restaurant = typeof restaurants.$inferSelect;
export type Courier = typeof couriers.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderStop = typeof orderStops.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type DeliveryFailure = typeof deliveryFailures.$inferSelect;
export type Photo = typeof photos.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type OutboxEvent = typeof eventOutbox.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type CustomerMessage = typeof customerMessages.$inferSelect;

/**
 * Running totals of each business's orders, kept exact by triggers on orders
 * (migrations/0002). Dashboards and the restaurants list read these rows instead of
 * scanning every order: the admin dashboard sums one row per business.
 */
export const restaurantOrderTotals = sqliteTable('restaurant_order_totals', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  ordersCount: integer('orders_count').notNull().default(0),
  amountCents: integer('amount_cents').notNull().default(0),
  deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
  /** Not delivered, cancelled or pharmacy_completed (spec 1-foundations-and-admin.md §4.2 "active"). */
  activeCount: integer('active_count').notNull().default(0),
  /** Neither delivered nor cancelled: these block deactivating the business. */
  unfinishedCount: integer('unfinished_count').notNull().default(0),
  completedCount: integer('completed_count').notNull().default(0),
  completedAmountCents: integer('completed_amount_cents').notNull().default(0),
  completedDeliveryFeeCents: integer('completed_delivery_fee_cents').notNull().default(0),
  completedTipCents: integer('completed_tip_cents').notNull().default(0),
  completedCourierPayCents: integer('completed_courier_pay_cents').notNull().default(0),
});

/**
 * The completed orders' money per hour of completion (hour = completed_at / 3,600,000),
 * kept exact by triggers on orders (migrations/0029): the earnings report's summary cards
 * sum a range's whole hours here, a few hundred rows for a month, however many orders it
 * holds (issue 31, decision P31-4). Sums as src/db/completedOrders.ts states them.
 */
export const earningsHourlyTotals = sqliteTable('earnings_hourly_totals', {
  hour: integer('hour').primaryKey(),
  ordersCount: integer('orders_count').notNull().default(0),
  amountCents: integer('amount_cents').notNull().default(0),
  /** Orders without a courier pay add nothing (the report's sum skips nulls). */
  courierPayCents: integer('courier_pay_cents').notNull().default(0),
  platformFeeCents: integer('platform_fee_cents').notNull().default(0),
});
