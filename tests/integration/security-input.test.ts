/**
 * Hostile input (issue 7): every route that takes a body, a query or path parameters gets
 * generated variants of a valid request with one thing broken (a body that is not an
 * object, a required field missing, each field given wrong types, a megabyte of text,
 * negative and non-numeric money, impossible dates and coordinates, malformed and unknown
 * ids, SQL and markup where ids belong). Each answers 4xx with the JSON error shape, never
 * 5xx, and the database is exactly as it was afterwards (fingerprint of every write). The
 * valid request itself then succeeds, so every refusal was for the broken part.
 *
 * Pages that read a query or an id never answer 5xx either, and reflect nothing unescaped.
 * Fields the server never takes from a client (owner, status, fees, verification) are
 * ignored when sent: the mass-assignment cases check what was stored.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, couriers, orders, restaurants, users, zones } from '../../src/db/schema';
import { apiKeyShownPrefix, newApiKey } from '../../src/domain/apiKeys';
import { sha256Hex } from '../../src/domain/tokens';
import { Client, testDb, unique, type ApiResponse } from '../support/api';
import { serviceToday, todaysLastMinute } from '../support/clock';
import { multiStopBody, singleOrderBody, TAMPA_STOPS } from '../support/business';
import { dataString, insertPharmacyOrder, png, upload, atStop } from '../support/courier';
import { courierRegistration as newCourier, insertBusiness, insertCourier, insertOrder, insertSession } from '../support/factories';
import { bodyCases, DEEP_JSON, describe as show, HOSTILE, HOSTILE_ID_SEGMENTS, MEGABYTE, UNKNOWN_ID, type Values } from '../support/hostile';
import { MAX_ROUTE_STOPS } from '../../src/domain/schemas/businessOrders';
import { recordFigures } from '../support/figures';
import { callers, fingerprint, inBatches, isErrorShape, sessionCookie, type Role, type Caller, removeOrdersCreatedBySuite } from '../support/security';

type Db = ReturnType<typeof testDb>;

/** A valid request to a route, made fresh for each use (it may change what it names). */
interface Valid {
  caller: Client;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** The path with its id replaced by a hostile segment. */
  withId?: (segment: string) => string;
  /** Sent with every case (Idempotency-Key routes get hostile keys too). */
  idempotent?: boolean;
}

interface Target {
  route: string;
  setup: () => Promise<Valid>;
  /** Hostile values per body field, and the fields that must be present. */
  fields?: Record<string, Values>;
  required?: readonly string[];
  /** Hostile values per query parameter. */
  query?: Record<string, readonly string[]>;
  /** Hand-written cases on top of the generated ones (relations between fields). */
  more?: (valid: Valid) => Array<{ what: string; body?: unknown; path?: string }>;
  /** The valid request's answer. */
  control: number;
}

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

const HOUR = 3_600_000;
const iso = (time: number) => new Date(time).toISOString();
const { requiredText, optionalText, money, instant, latitude, longitude, id, boolean, day, email, phone, array, photo } = HOSTILE;
const strictBoolean = [...boolean, 'true', 'false'];
const enumOf = (...extra: unknown[]) => ['nope', 'DELIVERED', ' ', '', 1, null, {}, [], ...extra];
const notNull = (values: Values) => values.filter((value) => value !== null);
const idOrUnknown = [...id, UNKNOWN_ID];
const PAGE = ['0', '-1', 'abc', '1.5', '1e3', '100001', "1' OR '1'='1"];
const DAY_QUERY = [
  '2030-02-30',
  '2030-13-01',
  'tomorrow',
  '20300101',
  "2030-01-01' OR 1=1--",
  '<script>alert(1)</script>',
  '0999-01-01',
  '0000-01-01',
  '9999-12-31',
];
const MONTH_QUERY = ['2030-13', '2030-1', 'abc', "2030-01' OR 1=1--", '<b>x</b>', '0999-01', '0000-01', '9999-12'];
const STATUS_QUERY = ['bogus', "' OR 1=1--", '<script>alert(1)</script>', 'x'.repeat(41)];
const COURIER_STEP_TEXT = [...optionalText.filter((value) => value !== null)];
const PHOTOS = [...array, [12], ['data:image/png;base64,AAAA'], ['javascript:alert(1)'], Array.from({ length: 9 }, () => dataString(png(4, 4)))];
const STOP = { customerName: 'Stop Person', customerPhone: '8135550190', address: '500 Bayshore Blvd, Tampa, FL 33606', latitude: 27.931, longitude: -82.481 };

// ---------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------

let db: Db;
let who: Record<Role, Caller>;
let tampaZoneId: number;
const casesTried: Record<string, number> = {};

const client = (caller: Caller) => caller.client();

/**
 * Calls /api/v1 for a business of its own with one of several keys in turn: the cases of
 * one route come faster than one key's budget (10 a second), and a 429 is not what these
 * cases are about (tests/integration/api-keys.test.ts is).
 */
class KeyRing extends Client {
  private next = 0;
  constructor(private readonly keys: string[]) {
    super();
  }
  override request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const key = this.keys[this.next++ % this.keys.length];
    return super.request<T>(method, path, body, { Authorization: `Bearer ${key}`, ...headers });
  }
}

async function apiBusiness(keyCount = 12) {
  const business = await insertBusiness(db);
  await db.update(restaurants).set({ apiEnabled: true }).where(eq(restaurants.id, business.restaurant.id));
  const keys = Array.from({ length: keyCount }, () => newApiKey());
  for (const key of keys)
    await db.insert(apiKeys).values({ restaurantId: business.restaurant.id, name: 'Hostile', prefix: apiKeyShownPrefix(key), keyHash: await sha256Hex(key) });
  const session = new Client();
  session.cookie = sessionCookie(await insertSession(db, business.user.id));
  return { ...business, keys: new KeyRing(keys), session };
}
async function freshCourierCaller(): Promise<{ client: Client; courierId: number; userId: number }> {
  const created = await insertCourier(db);
  const session = new Client();
  session.cookie = sessionCookie(await insertSession(db, created.user.id));
  return { client: session, courierId: created.courier.id, userId: created.user.id };
}

// Acts as the demo couriers: leaves none of its orders on their phones.
removeOrdersCreatedBySuite();

beforeAll(async () => {
  db = testDb();
  who = await callers(db);
  [{ id: tampaZoneId }] = await db.select({ id: zones.id }).from(zones).where(eq(zones.name, 'Tampa'));
});

const courierRegistration = () => newCourier(tampaZoneId, unique('hostile'), 'Hostile Courier');

const restaurantFields = () => ({
  name: 'Hostile Kitchen',
  address: '1 Hostile Way, Tampa, FL',
  phone: '8135550111',
  contactPersonName: 'Pat Hostile',
  contactPersonPosition: 'Owner',
  contactPersonPhone: '8135550112',
  contactPersonEmail: 'pat@example.com',
});

const RESTAURANT_FIELDS = {
  name: requiredText,
  address: requiredText,
  phone: [...phone, null, ''],
  businessHours: optionalText,
  deliveryInstructions: optionalText,
  latitude,
  longitude,
  contactPersonName: requiredText,
  contactPersonPosition: requiredText,
  contactPersonPhone: [...phone, null, ''],
  contactPersonEmail: [...email, null],
  backupPhone: phone,
};

const COURIER_FIELDS = {
  address: requiredText,
  email: [...email, null],
  phone,
  vehicleType: enumOf('spaceship'),
  vehicleMake: requiredText,
  vehicleModel: requiredText,
  vehicleYear: ['1800', '20301', 'abcd', 2020, ...notNull(requiredText)],
  driversLicense: requiredText,
  driversLicenseExpiry: day,
  insurance: requiredText,
  insuranceExpiry: day,
  hasQuickDeliveryEquipment: boolean,
  hasCateringDolly: boolean,
  hasThermoBags: boolean,
  hasIsothermalBoxes: boolean,
};

const ORDER_FIELDS = {
  customerName: requiredText,
  customerPhone: requiredText,
  customerAddress: requiredText,
  customerStreet: optionalText,
  customerHouse: optionalText,
  customerApartment: optionalText,
  customerCity: optionalText,
  customerState: optionalText,
  customerZip: optionalText,
  customerLatitude: latitude,
  customerLongitude: longitude,
  customerCompany: optionalText,
  deliveryInstructions: optionalText,
  internalOrderNumber: requiredText,
  setupRequired: boolean,
  requiredVehicleTypes: [...array, [], ['spaceship'], [1]],
  amount: [...money, 0, '0.00'],
  tip: money,
  pickupTime: instant,
  deliveryTime: instant,
};

// ---------------------------------------------------------------------------
// The routes
// ---------------------------------------------------------------------------

const TARGETS: Target[] = [
  {
    route: 'POST /api/login',
    setup: async () => ({
      caller: new Client(),
      method: 'POST',
      path: '/api/login',
      body: { username: (await insertBusiness(db)).username, password: 'demo1234' },
    }),
    fields: { username: requiredText, password: HOSTILE.password },
    required: ['username', 'password'],
    control: 200,
  },
  {
    route: 'POST /api/register',
    setup: async () => ({ caller: await client(who.admin), method: 'POST', path: '/api/register', body: courierRegistration() }),
    fields: {
      role: enumOf('restaurant', 'superadmin'),
      username: ['has space', 'bad/char', '<script>', ...requiredText],
      password: HOSTILE.password,
      name: requiredText,
      zoneId: idOrUnknown,
      ...COURIER_FIELDS,
    },
    required: [
      'role',
      'username',
      'password',
      'name',
      'zoneId',
      'email',
      'address',
      'vehicleMake',
      'vehicleModel',
      'vehicleYear',
      'driversLicense',
      'driversLicenseExpiry',
      'insurance',
      'insuranceExpiry',
    ],
    control: 201,
  },
  {
    route: 'POST /api/change-password',
    setup: async () => {
      const { user } = await insertBusiness(db);
      const caller = new Client();
      caller.cookie = sessionCookie(await insertSession(db, user.id));
      return { caller, method: 'POST', path: '/api/change-password', body: { currentPassword: 'demo1234', newPassword: 'another-pass' } };
    },
    fields: { currentPassword: HOSTILE.password, newPassword: [...HOSTILE.password, '12345', 'x'.repeat(201)] },
    required: ['currentPassword', 'newPassword'],
    control: 200,
  },
  {
    route: 'POST /api/orders/:id/courier-response',
    setup: async () => {
      const order = await insertOrder(db, { status: 'pending_courier' });
      const path = (segment: string) => `/api/orders/${segment}/courier-response`;
      return { caller: await client(who.courier), method: 'POST', path: path(String(order.id)), withId: path, body: { action: 'accept' }, idempotent: true };
    },
    fields: { action: enumOf('ACCEPT'), acceptLateFee: strictBoolean.filter((value) => value !== null) },
    required: ['action'],
    control: 200,
  },
  {
    route: 'POST /api/orders/:id/delivery-photos',
    setup: async () => {
      const order = await insertOrder(db, { status: 'arrived_at_customer', courierId: who.courier.courierId });
      const path = (segment: string) => `/api/orders/${segment}/delivery-photos`;
      return {
        caller: await client(who.courier),
        method: 'POST',
        path: path(String(order.id)),
        withId: path,
        body: { photos: [dataString(png(8, 8))], notes: 'At the door' },
        idempotent: true,
      };
    },
    fields: { photos: [...PHOTOS, []], notes: COURIER_STEP_TEXT },
    required: ['photos'],
    control: 201,
  },
  {
    route: 'POST /api/orders/:id/photos',
    setup: async () => {
      const order = await insertOrder(db, { status: 'arrived_at_customer', courierId: who.courier.courierId });
      const path = (segment: string) => `/api/orders/${segment}/photos?kind=delivery`;
      return { caller: await client(who.courier), method: 'POST', path: path(String(order.id)), withId: path, idempotent: true };
    },
    query: { kind: ['selfie', 'DELIVERY', '', '<script>'], stopId: ['abc', '-1', '0', '1.5'] },
    control: 201,
  },
  {
    route: 'GET /api/orders',
    setup: async () => ({ caller: await client(who.admin), method: 'GET', path: '/api/orders?page=1&pageSize=5' }),
    query: { status: STATUS_QUERY, month: MONTH_QUERY, day: DAY_QUERY, page: PAGE, pageSize: ['0', '201', 'abc', '-5'] },
    control: 200,
  },
  {
    route: 'POST /api/orders',
    setup: async () => ({ caller: await client(who.bistro), method: 'POST', path: '/api/orders', body: singleOrderBody() }),
    fields: {
      ...ORDER_FIELDS,
      items: [
        ...array,
        [],
        [{}],
        [{ name: 'x', quantity: 0, price: 1 }],
        [{ name: 'x', quantity: 1.5, price: 1 }],
        [{ name: 'x', quantity: 1, price: -1 }],
        [{ name: MEGABYTE, quantity: 1, price: 1 }],
        Array.from({ length: 101 }, () => ({ name: 'x', quantity: 1, price: 1 })),
      ],
      status: enumOf('delivered', 'cancelled'),
    },
    required: ['customerName', 'customerPhone', 'customerAddress', 'internalOrderNumber', 'amount', 'pickupTime', 'deliveryTime'],
    more: (valid) => [
      { what: 'delivery before pickup', body: { ...valid.body, pickupTime: iso(Date.now() + 3 * HOUR), deliveryTime: iso(Date.now() + 2 * HOUR) } },
    ],
    control: 201,
  },
  {
    route: 'POST /api/orders (multi-stop)',
    setup: async () => ({ caller: await client(who.pharmacy), method: 'POST', path: '/api/orders', body: multiStopBody() }),
    fields: {
      stops: [
        ...array,
        [],
        [{}],
        [{ ...STOP, latitude: 91 }],
        [{ ...STOP, longitude: 'east' }],
        [{ ...STOP, customerName: MEGABYTE }],
        [
          { ...STOP, sequence: 1 },
          { ...STOP, sequence: 3 },
        ],
        [{ ...STOP, sequence: 0 }],
        [{ ...STOP, status: 'delivered' }],
        Array.from({ length: MAX_ROUTE_STOPS + 1 }, () => STOP),
      ],
      amount: money,
      pickupTime: instant,
    },
    control: 201,
  },
  {
    route: 'GET /api/orders/:id',
    setup: async () => {
      const order = await insertOrder(db);
      const path = (segment: string) => `/api/orders/${segment}`;
      return { caller: await client(who.admin), method: 'GET', path: path(String(order.id)), withId: path };
    },
    control: 200,
  },
  {
    route: 'GET /api/orders/:id/events',
    setup: async () => {
      const order = await insertOrder(db);
      const path = (segment: string) => `/api/orders/${segment}/events`;
      return { caller: await client(who.admin), method: 'GET', path: path(String(order.id)), withId: path };
    },
    control: 200,
  },
  {
    route: 'PATCH /api/orders/:id (admin assigns)',
    setup: async () => {
      // Any vehicle: the demo courier2 drives an SUV (an order naming other vehicles refuses them, W4).
      const order = await insertOrder(db, { requiredVehicleTypes: [] });
      const path = (segment: string) => `/api/orders/${segment}`;
      return {
        caller: await client(who.admin),
        method: 'PATCH',
        path: path(String(order.id)),
        withId: path,
        body: { status: 'assigned', courierId: who.courier2.courierId, deliveryFee: 12.5, tip: 2, expectedStatus: 'new' },
      };
    },
    fields: {
      status: enumOf('delivered'),
      courierId: idOrUnknown,
      deliveryFee: money,
      tip: money,
      expectedStatus: enumOf('DELIVERED').filter((value) => value !== null),
    },
    required: ['status', 'courierId', 'deliveryFee', 'tip'],
    control: 200,
  },
  {
    route: 'PATCH /api/orders/:id (business edits)',
    setup: async () => {
      const order = await insertOrder(db);
      const path = (segment: string) => `/api/orders/${segment}`;
      return {
        caller: await client(who.bistro),
        method: 'PATCH',
        path: path(String(order.id)),
        withId: path,
        body: { customerName: 'Edited Customer', amount: '180.00' },
      };
    },
    fields: {
      ...ORDER_FIELDS,
      status: enumOf('delivered', 'assigned'),
      courierId: [5, 'x', {}],
    },
    more: (valid) => [
      { what: 'an empty edit', body: {} },
      { what: 'delivery before pickup', body: { ...valid.body, pickupTime: iso(Date.now() + 3 * HOUR), deliveryTime: iso(Date.now() + 2 * HOUR) } },
    ],
    control: 200,
  },
  {
    route: 'PATCH /api/orders/:id (courier steps)',
    setup: async () => {
      const order = await insertOrder(db, { status: 'courier_confirmed', courierId: who.courier.courierId });
      const path = (segment: string) => `/api/orders/${segment}`;
      return {
        caller: await client(who.courier),
        method: 'PATCH',
        path: path(String(order.id)),
        withId: path,
        body: { status: 'courier_on_way_to_pickup' },
        idempotent: true,
      };
    },
    fields: {
      status: enumOf().filter((value) => value !== null),
      deliveryNotes: COURIER_STEP_TEXT,
      deliveryPhotos: PHOTOS.filter((value) => value !== null),
      pharmacyPickupPhoto: notNull(photo),
      acceptLateFee: strictBoolean.filter((value) => value !== null),
      courierLatitude: latitude,
      courierLongitude: longitude,
    },
    control: 200,
  },
  {
    route: 'POST /api/order-stops',
    setup: async () => {
      const { order } = await insertPharmacyOrder(db, { status: 'new', stops: 2 });
      return {
        caller: await client(who.pharmacy),
        method: 'POST',
        path: '/api/order-stops',
        body: { orderId: order.id, sequence: 3, ...STOP, deliveryInstructions: 'Gate code 12' },
      };
    },
    fields: {
      orderId: idOrUnknown,
      sequence: [0, -1, 1.5, 1001, 'x', null, {}],
      customerName: requiredText,
      customerPhone: requiredText,
      address: requiredText,
      latitude,
      longitude,
      deliveryInstructions: optionalText,
      status: enumOf('delivered').filter((value) => value !== null),
    },
    required: ['orderId', 'sequence', 'customerName', 'customerPhone', 'address'],
    control: 201,
  },
  {
    route: 'PATCH /api/order-stops/:stopId',
    setup: async () => {
      const { stops } = await insertPharmacyOrder(db, { courierId: who.courier2.courierId, status: 'pharmacy_picked_up', stops: 2 });
      const path = (segment: string) => `/api/order-stops/${segment}`;
      return {
        caller: await client(who.courier2),
        method: 'PATCH',
        path: path(String(stops[0].id)),
        withId: path,
        body: { status: 'arrived', deliveryNotes: 'Knocked', ...atStop(stops[0]) },
        idempotent: true,
      };
    },
    fields: { status: enumOf('ARRIVED'), deliveryPhoto: notNull(photo), deliveryNotes: COURIER_STEP_TEXT },
    required: ['status'],
    control: 200,
  },
  {
    route: 'GET /api/order-stops/order/:orderId',
    setup: async () => {
      const { order } = await insertPharmacyOrder(db, { stops: 2 });
      const path = (segment: string) => `/api/order-stops/order/${segment}`;
      return { caller: await client(who.admin), method: 'GET', path: path(String(order.id)), withId: path };
    },
    control: 200,
  },
  {
    route: 'POST /api/zones',
    setup: async () => ({
      caller: await client(who.admin),
      method: 'POST',
      path: '/api/zones',
      body: { name: unique('Hostile Zone '), description: 'East side', cities: ['Tampa'], isActive: true },
    }),
    fields: {
      name: requiredText,
      description: optionalText,
      cities: [...array, [], [12], [''], [MEGABYTE], Array.from({ length: 201 }, (_, i) => `City ${i}`)],
      isActive: strictBoolean.filter((value) => value !== null),
    },
    required: ['name', 'cities'],
    control: 201,
  },
  {
    route: 'PATCH /api/zones/:id',
    setup: async () => {
      const [zone] = await db
        .insert(zones)
        .values({ name: unique('Hostile Spare '), cities: ['Tampa'] })
        .returning();
      const path = (segment: string) => `/api/zones/${segment}`;
      return {
        caller: await client(who.admin),
        method: 'PATCH',
        path: path(String(zone.id)),
        withId: path,
        body: { name: zone.name, cities: ['Tampa', 'Brandon'] },
      };
    },
    fields: { name: requiredText, description: optionalText, cities: [...array, [], [12]], isActive: strictBoolean.filter((value) => value !== null) },
    required: ['name', 'cities'],
    control: 200,
  },
  {
    route: 'PATCH /api/users/:id',
    setup: async () => {
      const { user } = await insertCourier(db);
      const path = (segment: string) => `/api/users/${segment}`;
      return { caller: await client(who.admin), method: 'PATCH', path: path(String(user.id)), withId: path, body: { name: 'Renamed Courier' } };
    },
    fields: { isActive: strictBoolean, name: requiredText, phone, address: notNull(optionalText), zoneId: idOrUnknown },
    more: () => [{ what: 'an empty patch', body: {} }],
    control: 200,
  },
  {
    route: 'PATCH /api/couriers/profile',
    setup: async () => ({ caller: (await freshCourierCaller()).client, method: 'PATCH', path: '/api/couriers/profile', body: { vehicleMake: 'Honda' } }),
    fields: COURIER_FIELDS,
    control: 200,
  },
  {
    route: 'GET /api/couriers/earnings',
    setup: async () => ({ caller: await client(who.courier), method: 'GET', path: '/api/couriers/earnings?period=today' }),
    query: { period: ['forever', '', 'TODAY', '<script>'], startDate: DAY_QUERY, endDate: DAY_QUERY },
    more: () => [{ what: 'endDate before startDate', path: '/api/couriers/earnings?period=custom&startDate=2026-02-10&endDate=2026-02-01' }],
    control: 200,
  },
  {
    route: 'POST /api/couriers/location',
    setup: async () => ({
      caller: (await freshCourierCaller()).client,
      method: 'POST',
      path: '/api/couriers/location',
      body: { latitude: 27.95, longitude: -82.46, accuracy: 12 },
    }),
    fields: {
      latitude: [...latitude, '27.95', null],
      longitude: [...longitude, '-82.46', null],
      accuracy: [-1, 100_001, 'x', {}],
      heading: [-1, 361, 'n', {}],
      speed: [-1, 1001, 'fast', {}],
      recordedAt: ['yesterday', '2030-02-30T10:00:00Z', '1', 'Jan 1 2030', 'x'.repeat(41), Date.now() + 10 * 60_000, 1e20, true, {}, []],
    },
    required: ['latitude', 'longitude'],
    control: 200,
  },
  {
    route: 'GET /api/couriers/:id/track',
    setup: async () => {
      const path = (segment: string) => `/api/couriers/${segment}/track`;
      return { caller: await client(who.admin), method: 'GET', path: path(String(who.courier.courierId)), withId: path };
    },
    control: 200,
  },
  {
    route: 'GET /api/couriers/:id',
    setup: async () => {
      const path = (segment: string) => `/api/couriers/${segment}`;
      return { caller: await client(who.admin), method: 'GET', path: path(String(who.courier.courierId)), withId: path };
    },
    control: 200,
  },
  {
    route: 'PATCH /api/couriers/:id',
    setup: async () => {
      const { courier } = await insertCourier(db);
      const path = (segment: string) => `/api/couriers/${segment}`;
      return {
        caller: await client(who.admin),
        method: 'PATCH',
        path: path(String(courier.id)),
        withId: path,
        body: { vehicleMake: 'Ford', hasThermoBags: true },
      };
    },
    fields: { ...COURIER_FIELDS, zoneId: idOrUnknown },
    control: 200,
  },
  {
    route: 'POST /api/couriers/:id/documents',
    setup: async () => {
      const { courier } = await insertCourier(db, { driversLicenseExpiryRequested: '2031-02-28' });
      const path = (segment: string) => `/api/couriers/${segment}/documents`;
      return {
        caller: await client(who.admin),
        method: 'POST',
        path: path(String(courier.id)),
        withId: path,
        body: { document: 'driversLicense', requested: '2031-02-28', decision: 'verify' },
      };
    },
    required: ['document', 'requested', 'decision'],
    fields: { document: ['licence', 1, null], requested: HOSTILE.day, decision: ['approve', true, null] },
    control: 200,
  },
  {
    route: 'GET /api/restaurants/:id',
    setup: async () => {
      const path = (segment: string) => `/api/restaurants/${segment}`;
      return { caller: await client(who.admin), method: 'GET', path: path(String(who.bistro.restaurantId)), withId: path };
    },
    control: 200,
  },
  {
    route: 'POST /api/restaurants',
    setup: async () => ({
      caller: await client(who.admin),
      method: 'POST',
      path: '/api/restaurants',
      body: { username: unique('hostilebiz'), password: 'secret-pass', zoneId: tampaZoneId, customerType: 'pharmacy', ...restaurantFields() },
    }),
    fields: {
      username: ['has space', 'bad/char', '<script>', ...requiredText],
      password: HOSTILE.password,
      zoneId: idOrUnknown,
      customerType: enumOf('hospital').filter((value) => value !== null),
      ...RESTAURANT_FIELDS,
    },
    required: [
      'username',
      'password',
      'zoneId',
      'name',
      'address',
      'phone',
      'contactPersonName',
      'contactPersonPosition',
      'contactPersonPhone',
      'contactPersonEmail',
    ],
    control: 201,
  },
  {
    route: 'PATCH /api/restaurants/:id',
    setup: async () => {
      const { restaurant } = await insertBusiness(db);
      const path = (segment: string) => `/api/restaurants/${segment}`;
      return {
        caller: await client(who.admin),
        method: 'PATCH',
        path: path(String(restaurant.id)),
        withId: path,
        body: { businessHours: '8am-4pm', latitude: 27.9 },
      };
    },
    fields: RESTAURANT_FIELDS,
    control: 200,
  },
  {
    route: 'GET /api/reports/earnings',
    setup: async () => ({ caller: await client(who.admin), method: 'GET', path: '/api/reports/earnings?from=2026-01-01&to=2026-01-31&page=1' }),
    query: { from: DAY_QUERY, to: DAY_QUERY, page: PAGE, pageSize: ['0', '201', 'abc'] },
    more: () => [{ what: 'to before from', path: '/api/reports/earnings?from=2026-02-10&to=2026-02-01' }],
    control: 200,
  },
  {
    route: 'GET /api/reports/earnings.csv',
    setup: async () => ({ caller: await client(who.admin), method: 'GET', path: '/api/reports/earnings.csv?from=2026-01-01&to=2026-01-31' }),
    query: { from: DAY_QUERY, to: DAY_QUERY },
    control: 200,
  },
  {
    route: 'POST /api/routes/calculate',
    setup: async () => ({
      caller: await client(who.pharmacy),
      method: 'POST',
      path: '/api/routes/calculate',
      body: { stops: TAMPA_STOPS.map((stop) => ({ lat: stop.latitude, lng: stop.longitude })) },
    }),
    fields: {
      stops: [
        ...array,
        [],
        [{}],
        [{ lat: 91, lng: 0 }],
        [{ lat: 'x', lng: 0 }],
        [{ address: MEGABYTE }],
        [{ address: 12 }],
        Array.from({ length: MAX_ROUTE_STOPS + 1 }, () => ({ lat: 27.9, lng: -82.4 })),
      ],
      pharmacyAddress: [12, {}, MEGABYTE],
    },
    required: ['stops'],
    control: 200,
  },
  {
    route: 'GET /api/places/suggestions',
    setup: async () => ({ caller: await client(who.bistro), method: 'GET', path: '/api/places/suggestions?q=Franklin' }),
    query: { q: ['x'.repeat(201), 'y'.repeat(20_000)] },
    control: 200,
  },
  {
    route: 'GET /api/photos/:key',
    setup: async () => {
      const order = await insertOrder(db, { status: 'arrived_at_customer', courierId: who.courier.courierId });
      const photo = await upload(await client(who.courier), `/api/orders/${order.id}/photos`, png(8, 8, 3));
      const path = (segment: string) => `/api/photos/${segment}`;
      return { caller: await client(who.admin), method: 'GET', path: path(photo.body.key), withId: path };
    },
    control: 200,
  },

  // Integrations (issue 17): the business's keys and endpoint, and /api/v1 with a key
  {
    route: 'POST /api/api-keys',
    setup: async () => ({ caller: (await apiBusiness(0)).session, method: 'POST', path: '/api/api-keys', body: { name: 'Hostile key' } }),
    fields: { name: requiredText },
    required: ['name'],
    control: 201,
  },
  {
    route: 'DELETE /api/api-keys/:id',
    setup: async () => {
      const business = await apiBusiness(0);
      const made = await business.session.post('/api/api-keys', { name: 'To revoke' });
      const path = (segment: string) => `/api/api-keys/${segment}`;
      return { caller: business.session, method: 'DELETE', path: path(String(made.body.id)), withId: path };
    },
    control: 204,
  },
  {
    route: 'PUT /api/webhook-endpoint',
    setup: async () => ({ caller: (await apiBusiness(0)).session, method: 'PUT', path: '/api/webhook-endpoint', body: { url: 'http://127.0.0.1:9/hostile' } }),
    fields: {
      url: [
        ...requiredText,
        'javascript:alert(1)',
        'file:///etc/passwd',
        'http://169.254.169.254/latest/meta-data/',
        'https://169.254.169.254/latest/meta-data/',
        'https://[::ffff:127.0.0.1]/',
        'https://0x0a.0.0.1/',
        'https://167772161/',
        'https://localhost./',
        'gopher://127.0.0.1:6379/_INFO',
        `https://example.com/${'a'.repeat(2001)}`,
      ],
    },
    required: ['url'],
    control: 200,
  },
  // Customer tracking and messages (issue 16)
  {
    route: 'POST /api/orders/:id/tracking-link',
    setup: async () => {
      const order = await insertOrder(db);
      const path = (segment: string) => `/api/orders/${segment}/tracking-link`;
      return { caller: await client(who.bistro), method: 'POST', path: path(String(order.id)), body: {}, withId: path };
    },
    fields: { stopId: ['0', -1, 1.5, 'abc', "1' OR '1'='1", 99_999_999] },
    control: 200,
  },
  {
    route: 'PUT /api/message-settings',
    setup: async () => ({
      caller: await client(who.bistro),
      method: 'PUT',
      path: '/api/message-settings',
      body: { settings: [{ kind: 'cancelled', enabled: false, template: 'Order {order} cancelled.' }] },
    }),
    fields: {
      settings: [
        [],
        [{ kind: 'bogus', enabled: true, template: 'x' }],
        [{ kind: 'delivered', enabled: 'yes', template: 'x' }],
        [{ kind: 'delivered', enabled: true, template: '' }],
        [{ kind: 'delivered', enabled: true, template: 'x'.repeat(307) }],
        [{ kind: 'delivered', enabled: true }],
        'all',
        Array.from({ length: 5 }, () => ({ kind: 'delivered', enabled: true, template: 'x' })),
      ],
    },
    required: ['settings'],
    control: 200,
  },
  {
    route: 'GET /api/track/:token',
    setup: async () => {
      const order = await insertOrder(db);
      const path = (segment: string) => `/api/track/${segment}`;
      return { caller: new Client(), method: 'GET', path: path(order.trackingToken!), withId: path };
    },
    control: 200,
  },
  {
    route: 'POST /api/v1/orders',
    setup: async () => ({ caller: (await apiBusiness()).keys, method: 'POST', path: '/api/v1/orders', body: singleOrderBody(), idempotent: true }),
    fields: { ...ORDER_FIELDS, status: enumOf('delivered', 'cancelled') },
    required: ['customerName', 'customerPhone', 'customerAddress', 'internalOrderNumber', 'amount', 'pickupTime', 'deliveryTime'],
    more: (valid) => [
      { what: 'delivery before pickup', body: { ...valid.body, pickupTime: iso(Date.now() + 3 * HOUR), deliveryTime: iso(Date.now() + 2 * HOUR) } },
    ],
    control: 201,
  },
  {
    route: 'GET /api/v1/orders',
    setup: async () => ({ caller: (await apiBusiness()).keys, method: 'GET', path: '/api/v1/orders?limit=5' }),
    query: {
      status: [...STATUS_QUERY, ',', 'new,bogus'],
      createdSince: [...DAY_QUERY, '2030-01-01T00:00:00', '1e12'],
      updatedSince: [...DAY_QUERY, 'now'],
      limit: ['0', '101', 'abc', '-5', '1.5', '1e2'],
      cursor: ['abc', "' OR 1=1--", 'x'.repeat(65), btoa('1.2.3'), '%00'],
    },
    control: 200,
  },
  {
    route: 'GET /api/v1/orders/:id',
    setup: async () => {
      const business = await apiBusiness();
      const order = await insertOrder(db, { business: business.username });
      const path = (segment: string) => `/api/v1/orders/${segment}`;
      return { caller: business.keys, method: 'GET', path: path(String(order.id)), withId: path };
    },
    control: 200,
  },
  {
    route: 'POST /api/v1/orders/:id/cancel',
    setup: async () => {
      const business = await apiBusiness();
      const order = await insertOrder(db, { business: business.username });
      const path = (segment: string) => `/api/v1/orders/${segment}/cancel`;
      return { caller: business.keys, method: 'POST', path: path(String(order.id)), withId: path };
    },
    control: 200,
  },
];

/** Segments for a photo key: paths out of the bucket, wrong extensions, keys of the wrong shape. */
const HOSTILE_KEYS = [
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  `${'a'.repeat(32)}.exe`,
  `${'A'.repeat(32)}.png`,
  `${'a'.repeat(31)}.png`,
  'x.png',
  '%00.png',
  `${'0'.repeat(32)}.png`,
];

// ---------------------------------------------------------------------------
// Generating and sending the cases
// ---------------------------------------------------------------------------

interface Case {
  what: string;
  method: string;
  path: string;
  body?: unknown;
  raw?: boolean;
  headers?: Record<string, string>;
}

function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}

function casesOf(target: Target, valid: Valid): Case[] {
  const base = { method: valid.method, path: valid.path, body: valid.body };
  const cases: Case[] = [];
  if (valid.body) {
    for (const one of bodyCases(valid.body, target.fields ?? {}, target.required ?? [])) cases.push({ ...base, what: one.what, body: one.body, raw: one.raw });
  }
  for (const one of target.more?.(valid) ?? []) cases.push({ ...base, ...one });
  if (valid.withId) {
    const segments = target.route.startsWith('GET /api/photos') ? HOSTILE_KEYS : [...HOSTILE_ID_SEGMENTS, String(UNKNOWN_ID)];
    for (const segment of segments) cases.push({ ...base, what: `id ${decodeURIComponent(segment)}`, path: valid.withId(segment) });
  }
  for (const [name, values] of Object.entries(target.query ?? {})) {
    for (const value of values) cases.push({ ...base, what: `?${name}=${show(value)}`, path: withQuery(valid.path, name, value) });
  }
  if (valid.idempotent) {
    for (const key of ['short', 'x'.repeat(101), '<script>alert(1)</script>', '../../etc', "1' OR '1'='1"]) {
      cases.push({ ...base, what: `Idempotency-Key ${show(key)}`, headers: { 'Idempotency-Key': key } });
    }
  }
  return cases;
}

async function sendCase(caller: Client, one: Case): Promise<ApiResponse> {
  if (one.raw) return caller.request(one.method, one.path, one.body as string, { 'Content-Type': 'application/json', ...one.headers });
  if (one.method === 'POST' && one.body === undefined && one.path.includes('/photos')) {
    // A binary upload route: the valid body is a photo.
    const answer = await upload(caller, one.path, png(8, 8, 9), 'image/png', one.headers);
    return { ...answer, text: JSON.stringify(answer.body) };
  }
  return caller.request(one.method, one.path, one.body, one.headers);
}

/** 4xx that say the input was wrong: never 401/403 (the caller may call the route) and never 5xx. */
const REFUSALS = new Set([400, 404, 413]);

describe('hostile input is refused with 4xx and the JSON error shape, and changes nothing', () => {
  for (const target of TARGETS) {
    it(target.route, async () => {
      const valid = await target.setup();
      const cases = casesOf(target, valid);
      casesTried[target.route] = cases.length;
      const before = await fingerprint(db);
      const wrong: string[] = [];
      await inBatches(cases, 6, async (one) => {
        const answer = await sendCase(valid.caller, one);
        if (!REFUSALS.has(answer.status) || !isErrorShape(answer)) wrong.push(`${one.what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      });
      const after = await fingerprint(db);
      expect(wrong).toEqual([]);
      expect(after, 'a refused request changed the database').toBe(before);
      // The request the cases were made from is fine: each refusal was for what was broken in it.
      const control = await sendCase(valid.caller, { what: 'valid', method: valid.method, path: valid.path, body: valid.body });
      expect(control.status, control.text.slice(0, 300)).toBe(target.control);
    });
  }
});

afterAll(() => {
  const total = Object.values(casesTried).reduce((sum, count) => sum + count, 0);
  console.info(`hostile input: ${total} cases over ${Object.keys(casesTried).length} request shapes`);
  const shapes = Object.keys(casesTried).length;
  // Every target and the pages' probes: a run narrowed by a filter records nothing.
  if (TARGETS.every((target) => target.route in casesTried) && 'pages' in casesTried) recordFigures('hostile', { cases: total, shapes });
});

// ---------------------------------------------------------------------------
// Fields a client may not set
// ---------------------------------------------------------------------------

describe('fields a client may not set are ignored, whatever it sends', () => {
  it('a new order belongs to the signed-in business, starts new, unassigned and priced by the server', async () => {
    const created = await (
      await client(who.bistro)
    ).post('/api/orders', {
      ...singleOrderBody(),
      id: 1,
      orderNumber: 'HACKED',
      restaurantId: who.pharmacy.restaurantId,
      restaurantName: 'Someone Else',
      courierId: who.courier.courierId,
      zoneId: 999,
      deliveryFee: 0,
      deliveryFeeCents: 0,
      courierPay: 500,
      courierPayCents: 50_000,
      completedAt: 1,
      deliveryPhotos: ['/api/photos/x.png'],
    });
    expect(created.status).toBe(201);
    const [stored] = await db.select().from(orders).where(eq(orders.id, created.body.id));
    expect(stored).toMatchObject({
      restaurantId: who.bistro.restaurantId,
      restaurantName: 'Harbor Bistro',
      courierId: null,
      status: 'new',
      orderNumber: String(10_000 + stored.id),
      courierPayCents: null,
      completedAt: null,
      deliveryPhotos: [],
    });
    expect(stored.deliveryFeeCents).toBeGreaterThan(0);
    expect(stored.zoneId).not.toBe(999);
  });

  it('an edit cannot move an order to another business, zone or price', async () => {
    const order = await insertOrder(db);
    const edited = await (
      await client(who.bistro)
    ).patch(`/api/orders/${order.id}`, {
      customerName: 'Still Mine',
      restaurantId: who.pharmacy.restaurantId,
      zoneId: 999,
      deliveryFee: 0,
      deliveryFeeCents: 0,
      courierPayCents: 1,
      orderNumber: 'HACKED',
    });
    expect(edited.status).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({
      customerName: 'Still Mine',
      restaurantId: order.restaurantId,
      zoneId: order.zoneId,
      deliveryFeeCents: order.deliveryFeeCents,
      courierPayCents: null,
      orderNumber: order.orderNumber,
    });
  });

  it('an assignment pays the courier fee + tip, whatever pay or zone is sent', async () => {
    const order = await insertOrder(db, { requiredVehicleTypes: [] });
    const assigned = await (
      await client(who.admin)
    ).patch(`/api/orders/${order.id}`, {
      status: 'assigned',
      courierId: who.courier2.courierId,
      deliveryFee: 10,
      tip: 2.5,
      courierPay: 1000,
      courierPayCents: 5,
      zoneId: 999,
    });
    expect(assigned.status).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ courierPayCents: 1250, tipCents: 250, zoneId: order.zoneId });
  });

  it('a courier’s profile cannot change their zone, verification, role or account', async () => {
    const courier = await freshCourierCaller();
    // Sent as raw JSON so __proto__ arrives as a key, as an attacker would send it.
    const body = `{"vehicleMake":"Mazda","zoneId":999,"driversLicenseVerified":true,"insuranceVerified":true,"userId":1,"role":"admin","isActive":false,"username":"admin","courierLatitude":1,"__proto__":{"role":"admin","isActive":false},"constructor":{"prototype":{"role":"admin"}}}`;
    const saved = await courier.client.patch('/api/couriers/profile', body, { 'Content-Type': 'application/json' });
    expect(saved.status).toBe(200);
    const [stored] = await db.select().from(couriers).where(eq(couriers.id, courier.courierId));
    expect(stored).toMatchObject({
      vehicleMake: 'Mazda',
      zoneId: tampaZoneId,
      driversLicenseVerified: false,
      insuranceVerified: false,
      userId: courier.userId,
      courierLatitude: null,
    });
    const [user] = await db.select().from(users).where(eq(users.id, courier.userId));
    expect(user).toMatchObject({ role: 'courier', isActive: true });
    // Nothing leaked into later requests: roles still come from the session.
    expect((await courier.client.get('/api/user')).body).toMatchObject({ role: 'courier', isActive: true });
    expect((await (await client(who.bistro)).get('/api/user')).body.role).toBe('restaurant');
  });
});

// ---------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------

/** Values a page might echo into its markup. */
const REFLECTED = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  "' OR 1=1--",
  'x'.repeat(5000),
  '0999-01',
  '0999-01-01',
];
const enc = encodeURIComponent;

const PAGE_PROBES: Array<{ as: Role; paths: (value: string) => string[]; ids?: (segment: string) => string[] }> = [
  { as: 'out', paths: (v) => [`/auth?next=${enc(v)}`, `/courier/login?next=${enc(v)}`] },
  {
    as: 'admin',
    paths: (v) => [
      `/admin/orders?status=${enc(v)}`,
      `/admin/orders?month=${enc(v)}`,
      `/admin/orders?day=${enc(v)}`,
      `/admin/orders?page=${enc(v)}`,
      `/admin/couriers?page=${enc(v)}`,
      `/admin/restaurants?page=${enc(v)}`,
      `/admin/earnings?from=${enc(v)}&to=${enc(v)}`,
    ],
    ids: (segment) => [`/admin/orders/${segment}`],
  },
  {
    as: 'bistro',
    paths: (v) => [`/orders?status=${enc(v)}`, `/restaurant/orders?month=${enc(v)}&day=${enc(v)}&page=${enc(v)}`],
    ids: (segment) => ['/orders/', '/restaurant/orders/'].flatMap((base) => [`${base}${segment}`, `${base}${segment}/live`, `${base}${segment}/edit`]),
  },
  {
    as: 'courier',
    paths: (v) => [
      `/courier/dashboard?order=${enc(v)}`,
      `/courier/tasks?order=${enc(v)}`,
      `/courier/earnings?period=${enc(v)}&startDate=${enc(v)}&endDate=${enc(v)}`,
    ],
  },
];

describe('pages given hostile queries and ids', () => {
  it('never answer 5xx, refuse bad ids with 4xx, and echo nothing unescaped', async () => {
    const requests = PAGE_PROBES.flatMap((probe) => [
      ...REFLECTED.flatMap((value) => probe.paths(value).map((path) => ({ as: probe.as, path, value, id: false }))),
      ...[...HOSTILE_ID_SEGMENTS, String(UNKNOWN_ID)].flatMap((segment) =>
        (probe.ids?.(segment) ?? []).map((path) => ({ as: probe.as, path, value: decodeURIComponent(segment), id: true })),
      ),
    ]);
    casesTried['pages'] = requests.length;
    const wrong: string[] = [];
    await inBatches(requests, 6, async ({ as, path, value, id: isId }) => {
      const answer = await (await client(who[as])).get(path);
      const reflected = /[<>"']/.test(value) && answer.text.includes(value);
      if (answer.status >= 500 || (isId && (answer.status < 400 || answer.status >= 500)) || reflected)
        wrong.push(`${as} ${path.slice(0, 120)}: ${answer.status}${reflected ? ' (echoed unescaped)' : ''}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);
});

// ---------------------------------------------------------------------------
// Text that looks like code is stored as typed and shown as text
// ---------------------------------------------------------------------------

const XSS = '<img src=x onerror=alert(1)>';
const BREAKOUT = '</script><script>alert(2)</script>';
const ATTRIBUTE = `"'><svg onload=alert(3)>`;
const SQL = "Robert'); DROP TABLE orders;--";
const PAYLOADS = [XSS, BREAKOUT, ATTRIBUTE];
/** How each payload reads once escaped for HTML: what a page must contain instead of the markup. */
const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A JSON body of about `bytes`, sent in 1 MB chunks without a Content-Length. */
function chunkedJson(caller: Client, method: string, path: string, bytes: number) {
  const padding = 'x'.repeat(1024 * 1024);
  return fetch(new URL(path, caller.baseUrl), {
    method,
    headers: { 'Content-Type': 'application/json', ...(caller.cookie ? { Cookie: caller.cookie } : {}) },
    body: new ReadableStream({
      start(controller) {
        const encoder = new TextEncoder();
        controller.enqueue(encoder.encode('{"notes":"'));
        for (let sent = 0; sent < bytes; sent += padding.length) controller.enqueue(encoder.encode(padding));
        controller.enqueue(encoder.encode('"}'));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);
}

describe('every body is capped while it streams', () => {
  it('answers 413 to a body over its route’s limit, with a Content-Length or chunked, on every kind of route and caller', async () => {
    const db = testDb();
    const business = await insertBusiness(db);
    const bistro = await new Client().login(business.username);
    const order = await insertOrder(db, { business: business.username });
    const courier = await client(who.courier);
    const held = await insertOrder(db, { status: 'on_way_to_customer', courierId: who.courier.courierId });
    const admin = await client(who.admin);
    const before = await fingerprint(db);
    const twoMegabytes = { deliveryInstructions: 'x'.repeat(2 * 1024 * 1024) };

    // A business's edit carries text only: 1 MB, declared or streamed.
    const declared = await bistro.patch(`/api/orders/${order.id}`, twoMegabytes);
    expect(declared.status).toBe(413);
    expect(isErrorShape(declared)).toBe(true);
    for (const [caller, method, path, bytes] of [
      [bistro, 'PATCH', `/api/orders/${order.id}`, 2 * 1024 * 1024],
      [admin, 'POST', '/api/zones', 2 * 1024 * 1024],
      [new Client(), 'POST', '/api/login', 2 * 1024 * 1024],
      // A courier's step may carry photos as data strings, up to 24 MB, and no more.
      [courier, 'PATCH', `/api/orders/${held.id}`, 25 * 1024 * 1024],
      [courier, 'POST', `/api/orders/${held.id}/delivery-photos`, 25 * 1024 * 1024],
    ] as const) {
      const streamed = await chunkedJson(caller, method, path, bytes);
      expect(streamed.status, `${method} ${path} chunked`).toBe(413);
      expect(await streamed.json()).toMatchObject({ error: 'Payload too large' });
    }
    expect(await fingerprint(db), 'a refused body changed the database').toBe(before);
  });
});

describe('cookies and texts that break parsers', () => {
  it('a tz cookie that is not a zone (or not even URI-encoded) is ignored on every page and API, signed in or out', async () => {
    const admin = await client(who.admin);
    for (const tz of ['%', '%E0%A4%A', 'Mars%2FOlympus', '%00', 'x'.repeat(5000)]) {
      for (const [caller, path] of [
        [new Client(), '/auth'],
        [new Client(), '/courier/login'],
        [admin, '/admin'],
        [admin, '/admin/orders'],
        [admin, '/api/user'],
      ] as const) {
        const answer = await caller.get(path, { Cookie: [caller.cookie, `tz=${tz}`].filter(Boolean).join('; ') });
        expect(answer.status, `${path} with tz=${tz.slice(0, 20)}`).toBe(200);
      }
      const login = await new Client().post('/api/login', { username: 'nobody-here', password: 'x' }, { Cookie: `tz=${tz}` });
      expect(login.status, `login with tz=${tz.slice(0, 20)}`).toBe(401);
    }
  });

  it('a lone surrogate in any JSON text is a 400 that says so, signed out too (login)', async () => {
    for (const username of ['\ud800', 'admin\udc00']) {
      const answer = await new Client().post('/api/login', { username, password: 'whatever' });
      expect(answer.status).toBe(400);
      expect(answer.body.details).toContain('not valid Unicode');
    }
    // Escaped in the JSON text as a client would send it.
    const raw = await new Client().post('/api/login', '{"username":"\\ud800","password":"x"}', { 'Content-Type': 'application/json' });
    expect(raw.status).toBe(400);
  });

  it('JSON nested thousands deep is a 400 that says so on every way in, signed out too (login)', async () => {
    for (const [caller, path] of [
      [new Client(), '/api/login'],
      [await client(who.admin), '/api/zones'],
      [await client(who.bistro), '/api/orders'],
    ] as const) {
      const answer = await caller.post(path, DEEP_JSON, { 'Content-Type': 'application/json' });
      expect(answer.status, path).toBe(400);
      expect(answer.body.details, path).toContain('nested too deeply');
    }
  });

  it('a control character in any JSON text is a 400 that says so (a NUL after an email)', async () => {
    const bistro = await client(who.bistro);
    const answer = await bistro.post('/api/orders', { ...singleOrderBody(), customerEmail: 'a@b.com\u0000' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContain('control characters');
    const login = await new Client().post('/api/login', { username: 'admin\u0000', password: 'x' });
    expect(login.status).toBe(400);
  });

  it('a body that is not JSON is refused as such (415), never read as JSON', async () => {
    const admin = await client(who.admin);
    const answer = await admin.post('/api/zones', JSON.stringify({ name: unique('Zone'), city: 'Tampa', state: 'Florida' }), { 'Content-Type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(isErrorShape(answer)).toBe(true);
  });
});

describe('text from users that looks like markup or SQL', () => {
  it('is stored exactly as typed and rendered escaped on every page that shows it (admin, business, courier)', async () => {
    const admin = await client(who.admin);
    const zone = await admin.post('/api/zones', { name: `${XSS} ${unique('')}`, description: BREAKOUT, cities: [ATTRIBUTE, 'Tampa'] });
    expect(zone.status).toBe(201);

    const businessLogin = unique('xssbiz');
    const business = await admin.post('/api/restaurants', {
      username: businessLogin,
      password: 'secret-pass',
      zoneId: tampaZoneId,
      name: `${ATTRIBUTE} ${SQL}`,
      address: `${XSS} 1 Main St, Tampa, FL`,
      phone: '8135550123',
      businessHours: BREAKOUT,
      deliveryInstructions: XSS,
      contactPersonName: BREAKOUT,
      contactPersonPosition: ATTRIBUTE,
      contactPersonPhone: '8135550124',
      contactPersonEmail: 'xss@example.com',
      latitude: 27.9427,
      longitude: -82.4497,
    });
    expect(business.status).toBe(201);

    const courierLogin = unique('xsscourier');
    const registered = await admin.post('/api/register', {
      ...courierRegistration(),
      // The order below asks for a sedan, and a courier in another vehicle cannot be given it (W4).
      vehicleType: 'sedan',
      username: courierLogin,
      name: `${XSS} Courier`,
      address: ATTRIBUTE,
      vehicleMake: BREAKOUT.slice(0, 100),
      vehicleModel: SQL,
    });
    expect(registered.status).toBe(201);

    const owner = await new Client().login(businessLogin, 'secret-pass');
    // Delivered in today's last minute: today's list at any hour (the owner's holds its orders only; the admin's is searched by its internal #).
    const delivery = todaysLastMinute();
    const internal = unique('IN');
    const created = await owner.post('/api/orders', {
      ...singleOrderBody({ pickupTime: iso(delivery - HOUR), deliveryTime: iso(delivery) }),
      customerName: XSS,
      customerAddress: `${ATTRIBUTE} 9 Elm St, Tampa, FL`,
      customerCompany: SQL,
      deliveryInstructions: BREAKOUT,
      internalOrderNumber: `<b>${internal}</b>`,
      items: [{ name: XSS, quantity: 1, price: 245, notes: BREAKOUT }],
    });
    expect(created.status).toBe(201);
    const orderId = created.body.id as number;
    const [stored] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({ customerName: XSS, customerCompany: SQL, deliveryInstructions: BREAKOUT, restaurantName: `${ATTRIBUTE} ${SQL}` });
    expect(await db.$count(orders)).toBeGreaterThan(0);

    const courierId = registered.body.courierId as number;
    expect((await admin.patch(`/api/orders/${orderId}`, { status: 'assigned', courierId, deliveryFee: 20, tip: 5 })).status).toBe(200);
    const courier = await new Client().login(courierLogin, 'courierpass');
    expect((await courier.post(`/api/orders/${orderId}/courier-response`, { action: 'accept' })).status).toBe(200);
    // Text a courier types, read back by the business and the admin.
    expect((await courier.post(`/api/orders/${orderId}/delivery-photos`, { photos: [dataString(png(8, 8))], notes: XSS })).status).toBe(409);
    const { day } = serviceToday(delivery);

    const pages: Array<[Client, string]> = [
      [admin, '/admin/zones'],
      [admin, '/admin/restaurants'],
      [admin, '/admin/couriers'],
      [admin, `/admin/orders?day=${day}&q=${internal}`],
      [admin, `/admin/orders/${orderId}`],
      [admin, '/admin/courier-tracking'],
      [admin, '/admin'],
      [owner, '/dashboard'],
      [owner, `/orders?day=${day}`],
      [owner, `/orders/${orderId}`],
      [owner, `/orders/${orderId}/live`],
      [owner, `/orders/${orderId}/edit`],
      [owner, '/profile'],
      [owner, '/create-order'],
      [courier, '/courier/dashboard'],
      [courier, `/courier/dashboard?order=${orderId}`],
      [courier, '/courier/tasks'],
      [courier, '/courier/profile'],
    ];
    const rendered = await Promise.all(pages.map(async ([viewer, path]) => ({ path, answer: await viewer.get(path) })));
    for (const { path, answer } of rendered) {
      expect(answer.status, path).toBe(200);
      for (const payload of PAYLOADS) expect(answer.text.includes(payload), `${path} shows ${payload} unescaped`).toBe(false);
    }
    // Each payload was shown somewhere, as text.
    const everything = rendered.map(({ answer }) => answer.text).join('\n');
    for (const payload of PAYLOADS) expect(everything, payload).toContain(escapeHtml(payload).replaceAll('"', '&quot;').replaceAll("'", '&#x27;'));
    const where = (path: string) => rendered.find((page) => page.path === path)!.answer.text;
    expect(where(`/admin/orders/${orderId}`)).toContain(escapeHtml(XSS));
    expect(where(`/admin/orders?day=${day}&q=${internal}`)).toContain(escapeHtml(XSS));
    expect(where(`/orders?day=${day}`)).toContain(escapeHtml(XSS));
    expect(where(`/orders/${orderId}`)).toContain(escapeHtml(XSS));
    expect(where(`/courier/dashboard?order=${orderId}`)).toContain(escapeHtml(XSS));
  });

  it('a spreadsheet opening the earnings CSV runs no formula typed as a name', async () => {
    const { restaurant } = await insertBusiness(db, { name: '=HYPERLINK("http://evil.example","Open")' });
    const courier = await insertCourier(db);
    await db.update(users).set({ name: '+SUM(1,2)' }).where(eq(users.id, courier.user.id));
    const completedAt = Date.UTC(2026, 0, 20, 17);
    await insertOrder(db, {
      business: undefined,
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      status: 'delivered',
      courierId: courier.courier.id,
      courierPayCents: 1000,
      completedAt,
    } as Parameters<typeof insertOrder>[1]);
    const csv = await (await client(who.admin)).get('/api/reports/earnings.csv?from=2026-01-20&to=2026-01-20');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")"`);
    expect(csv.text).toContain("'+SUM(1,2)");
    expect(csv.text).not.toMatch(/(^|,)"?[=+@-][A-Z]/m);
  });
});
