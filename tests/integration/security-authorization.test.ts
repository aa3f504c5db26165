/**
 * The authorization matrix (issue 7): every /api route and every page of
 * createApp().routes, with the status each of seven callers must get, walked over HTTP
 * against the real Worker. A route added without a row fails the first test.
 *
 * Columns: signed out, admin, bistro (business A), pharmacy (business B), courier
 * (courier A), courier2 (courier B), and a courier whose account was deactivated while a
 * session of theirs still exists. Rows whose request names an object (an order, a stop, a
 * photo, a courier) are object-level checks: another tenant's id is a 404, never a 403, so
 * ids of other tenants are not even confirmed to exist.
 *
 * Every refused cell must leave the database exactly as it was (fingerprint), and every
 * answer carries the security headers: nosniff, and on pages a nonce-based CSP with
 * frame-ancestors 'none'.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/app';
import { apiKeys, orders, restaurants, zones } from '../../src/db/schema';
import { apiKeyShownPrefix, newApiKey } from '../../src/domain/apiKeys';
import { sha256Hex } from '../../src/domain/tokens';
import { dayIn, DEFAULT_TIME_ZONE } from '../../src/domain/time';
import { todayAt, todaysLastMinute } from '../support/clock';
import { Client, rawGet, testDb, unique, type ApiResponse } from '../support/api';
import { multiStopBody, singleOrderBody } from '../support/business';
import { dataString, insertPharmacyOrder, png, upload } from '../support/courier';
import { insertBusiness, insertCourier, insertOrder } from '../support/factories';
import { ADMIN_PAGES, BUSINESS_DIALOGS, BUSINESS_PAGES, COURIER_PAGES } from '../support/pages';
import { recordFigures } from '../support/figures';
import { callers, fingerprint, isErrorShape, ROLE_NAMES, ROLES, type Caller, type Role, removeOrdersCreatedBySuite } from '../support/security';

type Db = ReturnType<typeof testDb>;
type Expected = Record<Role, number>;

interface Request {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Headers of the request (an API key). */
  headers?: Record<string, string>;
  /** Sent as the raw body with this Content-Type (photo uploads). */
  binary?: { bytes: Uint8Array; type: string };
  /** A WebSocket handshake. */
  upgrade?: boolean;
}

interface Row {
  /** "METHOD /pattern", exactly as createApp().routes names it. */
  route: string;
  /** What the request names, for object-level rows. */
  object?: string;
  kind: 'api' | 'page' | 'public';
  /** Builds the request a caller sends; may create the fresh objects a successful call changes. */
  request: (caller: Caller, fx: Fixtures) => Request | Promise<Request>;
  expect: Expected;
  /** Requests that end or replace the caller's session get a session of their own. */
  ownSession?: boolean;
  /** Its allowed calls leave work in the background (a test webhook's deliveries): the next row waits until the database is quiet. */
  background?: boolean;
  /** The request with a visible effect, where the matrix's own is made harmless: what an ended session must not achieve. */
  withEffect?: (caller: Caller, fx: Fixtures) => Request;
}

/** The objects the rows name, made once; `fresh` makes one per call for requests that change what they touch. */
interface Fixtures {
  db: Db;
  tampaZoneId: number;
  bistroId: number;
  /** The demo courier A's courier id. */
  courierA: number;
  /** Bistro's order held by courier A, at the customer, with a delivery photo. */
  orderA: { id: number; photoKey: string; deliveryDay: string };
  /** Pharmacy's route held by courier B, picked up, with a stop photo. */
  orderB: { id: number; photoKey: string };
  /** A bistro order offered to the Tampa zone (read only). */
  offered: number;
  /** A courier who only ever held a bistro order: the pharmacy must not see them. */
  courierC: number;
  /** Accounts an admin edits in place (the same values each run). */
  spareCourier: { userId: number; courierId: number };
  spareBusinessId: number;
  spareZoneId: number;
  /** Per caller, an account to sign in as. */
  loginAs: Record<Role, string>;
  /** The demo businesses' API keys (issue 17): the /api/v1 rows send the caller's. */
  keys: Partial<Record<Role, string>>;
  fresh: {
    /** An API key of bistro's, made for a row that revokes it. */
    bistroKey: () => Promise<number>;
    bistroOrder: (fields?: Partial<typeof orders.$inferInsert>) => Promise<number>;
    /** A pharmacy route held by courier B, picked up: its first stop can be reached, its stops reordered. */
    routeOfCourierB: () => Promise<{ orderId: number; stopId: number; stopIds: number[] }>;
    newPharmacyOrder: () => Promise<number>;
  };
}

// ---------------------------------------------------------------------------
// Expected statuses
// ---------------------------------------------------------------------------

/** An API route: 401 signed out (a deactivated user is signed out), 403 for the other roles, and the given statuses. */
const api = (allowed: Partial<Expected>): Expected => ({
  out: 401,
  admin: 403,
  bistro: 403,
  pharmacy: 403,
  courier: 403,
  courier2: 403,
  deactivated: 401,
  ...allowed,
});
/** Any signed-in user. */
const anyone = (status: number): Expected => api({ admin: status, bistro: status, pharmacy: status, courier: status, courier2: status });
const businesses = (status: number, other: Partial<Expected> = {}) => api({ bistro: status, pharmacy: status, ...other });
const couriers = (status: number, other: Partial<Expected> = {}) => api({ courier: status, courier2: status, ...other });
/** A page: the allowed roles see it (or the given statuses); everyone else is sent to /auth (302). */
const page = (allowed: Partial<Expected>): Expected => ({
  out: 302,
  admin: 302,
  bistro: 302,
  pharmacy: 302,
  courier: 302,
  courier2: 302,
  deactivated: 302,
  ...allowed,
});
const everyone = (status: number): Expected => ({
  out: status,
  admin: status,
  bistro: status,
  pharmacy: status,
  courier: status,
  courier2: status,
  deactivated: status,
});
/** A sign-in page: shown signed out, a signed-in user is redirected to their area. */
const signInPage: Expected = { ...everyone(302), out: 200, deactivated: 200 };

/**
 * An /api/v1 route (issue 17): API keys only. A session is nobody there, whoever's it is;
 * the businesses call with their own keys.
 */
const keyed = (allowed: Partial<Expected>): Expected => ({ ...everyone(401), ...allowed });

const get = (path: string): Request => ({ method: 'GET', path });
/** Order A's tracking token, read at each call (a row may have replaced it). */
const trackingToken = async (fx: Fixtures) => (await fx.db.select({ token: orders.trackingToken }).from(orders).where(eq(orders.id, fx.orderA.id)))[0].token;
const post = (path: string, body?: unknown): Request => ({ method: 'POST', path, body });
const patch = (path: string, body?: unknown): Request => ({ method: 'PATCH', path, body });
const put = (path: string, body?: unknown): Request => ({ method: 'PUT', path, body });
const del = (path: string): Request => ({ method: 'DELETE', path });
/** A request with the caller's API key, if the caller has one. */
const withKey = (request: Request, caller: Caller, fx: Fixtures): Request => {
  const key = fx.keys[caller.role];
  return key ? { ...request, headers: { Authorization: `Bearer ${key}` } } : request;
};
/** Deliveries to a port nothing listens on fail at once (and are removed with the endpoint after the suite). */
const UNHEARD_ENDPOINT = 'http://127.0.0.1:9/matrix';

const HOUR = 3_600_000;
/** Customer names of the two tenants' orders, looked for in the other tenant's lists. */
const ALPHA = 'Alpha Matrixcustomer';
const BRAVO = 'Bravo Matrixcustomer';
const STALE_POSITION = () => ({ latitude: 27.95, longitude: -82.46, recordedAt: Date.now() - 11 * 60_000 });
const REPORT_RANGE = 'from=2026-01-01&to=2026-01-31';

// ---------------------------------------------------------------------------
// The table: one row per route, more for object-level cases
// ---------------------------------------------------------------------------

const COURIER_SIGN_IN = ['/courier', '/courier/auth', '/courier/login'];

const TABLE: Row[] = [
  // Session and accounts
  {
    route: 'POST /api/login',
    kind: 'public',
    ownSession: true,
    request: (caller, fx) => post('/api/login', { username: fx.loginAs[caller.role], password: 'demo1234' }),
    expect: everyone(200),
  },
  { route: 'POST /api/logout', kind: 'public', ownSession: true, request: () => post('/api/logout'), expect: everyone(200) },
  { route: 'GET /api/user', kind: 'api', request: () => get('/api/user'), expect: anyone(200) },
  {
    route: 'POST /api/register',
    kind: 'api',
    request: () => post('/api/register', { role: 'admin', username: unique('matrix'), password: 'secret-pass', name: 'Matrix Admin' }),
    expect: api({ admin: 201 }),
  },
  // A wrong current password: past the guard, refused by the route, nothing changed.
  {
    route: 'POST /api/change-password',
    kind: 'api',
    // A new password too short: refused before anything is counted (a wrong current one is counted, S19: session.test.ts).
    request: () => post('/api/change-password', { currentPassword: 'not-it', newPassword: '123' }),
    expect: anyone(400),
  },

  // The courier's lists and actions
  { route: 'GET /api/orders/courier', kind: 'api', request: () => get('/api/orders/courier'), expect: couriers(200) },
  { route: 'GET /api/orders/courier/assigned', kind: 'api', request: () => get('/api/orders/courier/assigned'), expect: couriers(200) },
  { route: 'GET /api/orders/courier/active', kind: 'api', request: () => get('/api/orders/courier/active'), expect: couriers(200) },
  { route: 'GET /api/orders/courier/scheduled', kind: 'api', request: () => get('/api/orders/courier/scheduled'), expect: couriers(200) },
  {
    route: 'POST /api/orders/:id/courier-response',
    object: 'a fresh order offered to the couriers’ zone',
    kind: 'api',
    request: async (_, fx) => post(`/api/orders/${await fx.fresh.bistroOrder({ status: 'pending_courier' })}/courier-response`, { action: 'accept' }),
    expect: couriers(200),
  },
  {
    route: 'POST /api/orders/:id/courier-response',
    object: 'an order a third courier holds',
    kind: 'api',
    request: async (_, fx) =>
      post(`/api/orders/${await fx.fresh.bistroOrder({ status: 'assigned', courierId: fx.courierC })}/courier-response`, { action: 'accept' }),
    expect: couriers(404),
  },
  {
    route: 'POST /api/orders/:id/delivery-photos',
    object: 'courier A’s order, at the customer',
    kind: 'api',
    request: (_, fx) => post(`/api/orders/${fx.orderA.id}/delivery-photos`, { photos: [dataString(png(16, 16, 5))] }),
    expect: couriers(201, { courier2: 404 }),
  },
  {
    route: 'POST /api/orders/:id/delivery-failures',
    object: 'courier A’s order, at the customer',
    kind: 'api',
    request: (_, fx) => post(`/api/orders/${fx.orderA.id}/delivery-failures`, { reason: 'customer_not_there', notes: 'Matrix' }),
    expect: couriers(201, { courier2: 404 }),
  },
  {
    route: 'POST /api/orders/:id/retry-delivery',
    object: 'bistro’s order held by courier A',
    kind: 'api',
    request: (_, fx) => post(`/api/orders/${fx.orderA.id}/retry-delivery`, {}),
    expect: api({ admin: 200 }),
  },
  {
    // Not being dispatched by an autopilot: the admin is answered that it is not, nobody else reaches it.
    route: 'POST /api/orders/:id/take-back',
    object: 'bistro’s order held by courier A',
    kind: 'api',
    request: (_, fx) => post(`/api/orders/${fx.orderA.id}/take-back`, {}),
    expect: api({ admin: 409 }),
  },
  {
    route: 'POST /api/orders/:id/photos',
    object: 'courier A’s order, at the customer',
    kind: 'api',
    request: (_, fx) => ({ method: 'POST', path: `/api/orders/${fx.orderA.id}/photos?kind=delivery`, binary: { bytes: png(16, 16, 6), type: 'image/png' } }),
    expect: couriers(201, { courier2: 404 }),
  },

  // Orders
  { route: 'GET /api/orders', kind: 'api', request: () => get('/api/orders?page=1&pageSize=5'), expect: anyone(200) },
  {
    route: 'POST /api/orders',
    kind: 'api',
    request: (caller) => post('/api/orders', caller.role === 'pharmacy' ? multiStopBody() : singleOrderBody()),
    expect: businesses(201),
  },
  { route: 'GET /api/orders/admin/active', kind: 'api', request: () => get('/api/orders/admin/active'), expect: api({ admin: 200 }) },
  {
    route: 'GET /api/orders/:id',
    object: 'bistro’s order held by courier A',
    kind: 'api',
    request: (_, fx) => get(`/api/orders/${fx.orderA.id}`),
    expect: api({ admin: 200, bistro: 200, pharmacy: 404, courier: 200, courier2: 404 }),
  },
  {
    route: 'GET /api/orders/:id',
    object: 'pharmacy’s route held by courier B',
    kind: 'api',
    request: (_, fx) => get(`/api/orders/${fx.orderB.id}`),
    expect: api({ admin: 200, bistro: 404, pharmacy: 200, courier: 404, courier2: 200 }),
  },
  {
    route: 'GET /api/orders/:id',
    object: 'bistro’s order offered to the zone',
    kind: 'api',
    request: (_, fx) => get(`/api/orders/${fx.offered}`),
    expect: api({ admin: 200, bistro: 200, pharmacy: 404, courier: 200, courier2: 200 }),
  },
  {
    route: 'POST /api/orders/:id/tracking-link',
    object: 'a fresh new bistro order',
    kind: 'api',
    request: async (_, fx) => post(`/api/orders/${await fx.fresh.bistroOrder()}/tracking-link`, {}),
    expect: api({ admin: 200, bistro: 200, pharmacy: 404 }),
  },
  {
    route: 'GET /api/orders/:id/courier-suggestions',
    object: 'bistro’s order',
    kind: 'api',
    request: (_, fx) => get(`/api/orders/${fx.orderA.id}/courier-suggestions`),
    expect: api({ admin: 200 }),
  },
  {
    route: 'GET /api/orders/:id/events',
    object: 'bistro’s order',
    kind: 'api',
    request: (_, fx) => get(`/api/orders/${fx.orderA.id}/events`),
    expect: api({ admin: 200, bistro: 200, pharmacy: 404 }),
  },
  {
    route: 'GET /api/orders/:id/events',
    object: 'pharmacy’s route',
    kind: 'api',
    request: (_, fx) => get(`/api/orders/${fx.orderB.id}/events`),
    expect: api({ admin: 200, bistro: 404, pharmacy: 200 }),
  },
  {
    route: 'PATCH /api/orders/:id',
    object: 'a fresh new bistro order',
    kind: 'api',
    request: async (caller, fx) => {
      const id = await fx.fresh.bistroOrder();
      const body =
        caller.role === 'admin'
          ? { status: 'cancelled' }
          : caller.role === 'courier' || caller.role === 'courier2'
            ? { status: 'courier_on_way_to_pickup' }
            : { customerName: 'Edited Name' };
      return patch(`/api/orders/${id}`, body);
    },
    expect: api({ admin: 200, bistro: 200, pharmacy: 404, courier: 404, courier2: 404 }),
  },
  {
    route: 'PATCH /api/orders/:id',
    object: 'a fresh bistro order courier A confirmed',
    kind: 'api',
    request: async (caller, fx) => {
      const id = await fx.fresh.bistroOrder({ status: 'courier_confirmed', courierId: fx.courierA });
      const body =
        caller.role === 'admin'
          ? { status: 'cancelled' }
          : caller.role === 'courier' || caller.role === 'courier2'
            ? { status: 'courier_on_way_to_pickup' }
            : { deliveryInstructions: 'Side door' };
      return patch(`/api/orders/${id}`, body);
    },
    expect: api({ admin: 200, bistro: 200, pharmacy: 404, courier: 200, courier2: 404 }),
  },

  // Stops
  {
    route: 'POST /api/order-stops',
    object: 'a fresh new pharmacy route',
    kind: 'api',
    request: async (_, fx) =>
      post('/api/order-stops', {
        orderId: await fx.fresh.newPharmacyOrder(),
        sequence: 3,
        customerName: 'Extra Stop',
        customerPhone: '8135550199',
        address: '500 Bayshore Blvd, Tampa, FL 33606',
        latitude: 27.931,
        longitude: -82.481,
      }),
    expect: businesses(201, { bistro: 404 }),
  },
  {
    route: 'PATCH /api/order-stops/:stopId',
    object: 'the current stop of a route courier B holds',
    kind: 'api',
    request: async (_, fx) => patch(`/api/order-stops/${(await fx.fresh.routeOfCourierB()).stopId}`, { status: 'arrived', withoutPosition: true }),
    expect: couriers(200, { courier: 404 }),
  },
  {
    route: 'PUT /api/orders/:id/stop-order',
    object: 'a route courier B holds',
    kind: 'api',
    request: async (_, fx) => {
      const route = await fx.fresh.routeOfCourierB();
      return put(`/api/orders/${route.orderId}/stop-order`, { stopIds: [...route.stopIds].reverse() });
    },
    expect: couriers(200, { courier: 404 }),
  },
  {
    route: 'POST /api/orders/:id/stop-order/optimize',
    object: 'a route courier B holds',
    kind: 'api',
    request: async (_, fx) =>
      post(`/api/orders/${(await fx.fresh.routeOfCourierB()).orderId}/stop-order/optimize`, { courierLatitude: 27.95, courierLongitude: -82.46 }),
    expect: couriers(200, { courier: 404 }),
  },
  {
    route: 'GET /api/order-stops/order/:orderId',
    object: 'pharmacy’s route held by courier B',
    kind: 'api',
    request: (_, fx) => get(`/api/order-stops/order/${fx.orderB.id}`),
    expect: api({ admin: 200, bistro: 404, pharmacy: 200, courier: 404, courier2: 200 }),
  },

  // Zones, users, couriers, businesses
  { route: 'GET /api/zones', kind: 'api', request: () => get('/api/zones'), expect: api({ admin: 200 }) },
  {
    route: 'POST /api/zones',
    kind: 'api',
    request: () => post('/api/zones', { name: unique('Matrix Zone '), cities: ['Tampa'] }),
    expect: api({ admin: 201 }),
  },
  {
    route: 'PATCH /api/zones/:id',
    kind: 'api',
    request: (_, fx) => patch(`/api/zones/${fx.spareZoneId}`, { name: `Matrix Spare ${fx.spareZoneId}`, cities: ['Tampa'] }),
    expect: api({ admin: 200 }),
  },
  {
    route: 'PATCH /api/zones/:id/dispatch',
    kind: 'api',
    request: (_, fx) => patch(`/api/zones/${fx.spareZoneId}/dispatch`, { mode: 'manual' }),
    expect: api({ admin: 200 }),
  },
  {
    // An order of another zone is not assigned by this zone's plan: the admin reaches it, nothing changes.
    route: 'POST /api/zones/:id/plan',
    kind: 'api',
    request: (_, fx) =>
      post(`/api/zones/${fx.spareZoneId}/plan`, { assignments: [{ orderId: fx.orderA.id, courierId: fx.spareCourier.courierId, reason: 'matrix' }] }),
    expect: api({ admin: 200 }),
  },
  {
    route: 'PATCH /api/users/:id',
    kind: 'api',
    request: (_, fx) => patch(`/api/users/${fx.spareCourier.userId}`, { name: 'Spare Courier' }),
    expect: api({ admin: 200 }),
  },
  { route: 'GET /api/couriers/profile', kind: 'api', request: () => get('/api/couriers/profile'), expect: couriers(200) },
  { route: 'PATCH /api/couriers/profile', kind: 'api', request: () => patch('/api/couriers/profile', {}), expect: couriers(200) },
  { route: 'GET /api/couriers/earnings', kind: 'api', request: () => get('/api/couriers/earnings?period=today'), expect: couriers(200) },
  // A report older than the tracker keeps: accepted by the route, stored nowhere.
  {
    route: 'POST /api/couriers/location',
    kind: 'api',
    request: () => post('/api/couriers/location', STALE_POSITION()),
    withEffect: () => post('/api/couriers/location', { latitude: 27.9612, longitude: -82.4711 }),
    expect: couriers(200),
  },
  // The courier's own socket (issue 15): a courier's upgrade is accepted by their Durable Object.
  { route: 'GET /api/couriers/socket', kind: 'api', request: () => ({ method: 'GET', path: '/api/couriers/socket', upgrade: true }), expect: couriers(101) },
  // The courier app's manifest and service worker hold nothing personal: anyone may read them.
  { route: 'GET /courier/manifest.webmanifest', kind: 'public', request: () => get('/courier/manifest.webmanifest'), expect: everyone(200) },
  { route: 'GET /courier/sw.js', kind: 'public', request: () => get('/courier/sw.js'), expect: everyone(200) },
  { route: 'GET /api/couriers/live', kind: 'api', request: () => ({ method: 'GET', path: '/api/couriers/live', upgrade: true }), expect: api({ admin: 101 }) },
  { route: 'GET /api/couriers/:id/track', kind: 'api', request: (_, fx) => get(`/api/couriers/${fx.courierA}/track`), expect: api({ admin: 200 }) },
  { route: 'GET /api/couriers', kind: 'api', request: () => get('/api/couriers'), expect: businesses(200, { admin: 200 }) },
  {
    route: 'GET /api/couriers/:id',
    object: 'a courier who only served bistro',
    kind: 'api',
    request: (_, fx) => get(`/api/couriers/${fx.courierC}`),
    expect: api({ admin: 200, bistro: 200, pharmacy: 404 }),
  },
  {
    route: 'PATCH /api/couriers/:id',
    kind: 'api',
    request: (_, fx) => patch(`/api/couriers/${fx.spareCourier.courierId}`, { hasThermoBags: true }),
    expect: api({ admin: 200 }),
  },
  {
    // The admin's call gets a courier of its own with a new insurance date waiting (decision C22);
    // the others name the spare courier, which has none (they are refused before it is read).
    route: 'POST /api/couriers/:id/documents',
    kind: 'api',
    request: async (caller, fx) => {
      const id = caller.role === 'admin' ? (await insertCourier(fx.db, { insuranceExpiryRequested: '2031-01-31' })).courier.id : fx.spareCourier.courierId;
      return post(`/api/couriers/${id}/documents`, { document: 'insurance', requested: '2031-01-31', decision: 'verify' });
    },
    expect: api({ admin: 200 }),
  },
  { route: 'GET /api/restaurants/profile', kind: 'api', request: () => get('/api/restaurants/profile'), expect: businesses(200) },
  { route: 'GET /api/restaurants', kind: 'api', request: () => get('/api/restaurants'), expect: api({ admin: 200 }) },
  { route: 'GET /api/restaurants/:id', object: 'bistro', kind: 'api', request: (_, fx) => get(`/api/restaurants/${fx.bistroId}`), expect: api({ admin: 200 }) },
  {
    route: 'POST /api/restaurants',
    kind: 'api',
    request: (_, fx) =>
      post('/api/restaurants', {
        username: unique('matrixbiz'),
        password: 'secret-pass',
        zoneId: fx.tampaZoneId,
        name: 'Matrix Kitchen',
        address: '1 Matrix Way, Tampa, FL',
        phone: '8135550111',
        contactPersonName: 'Pat Matrix',
        contactPersonPosition: 'Owner',
        contactPersonPhone: '8135550112',
        contactPersonEmail: 'pat@example.com',
      }),
    expect: api({ admin: 201 }),
  },
  {
    route: 'PATCH /api/restaurants/:id',
    kind: 'api',
    request: (_, fx) => patch(`/api/restaurants/${fx.spareBusinessId}`, { businessHours: '9am-5pm' }),
    expect: api({ admin: 200 }),
  },

  // Reports, routes, places, photos
  {
    route: 'GET /api/reports/earnings',
    kind: 'api',
    request: () => get(`/api/reports/earnings?${REPORT_RANGE}&page=1&pageSize=5`),
    expect: api({ admin: 200 }),
  },
  { route: 'GET /api/reports/earnings.csv', kind: 'api', request: () => get(`/api/reports/earnings.csv?${REPORT_RANGE}`), expect: api({ admin: 200 }) },
  {
    route: 'GET /api/reports/earnings/couriers',
    kind: 'api',
    request: () => get(`/api/reports/earnings/couriers?${REPORT_RANGE}&page=1`),
    expect: api({ admin: 200 }),
  },
  {
    route: 'GET /api/reports/earnings/restaurants',
    kind: 'api',
    request: () => get(`/api/reports/earnings/restaurants?${REPORT_RANGE}&page=1`),
    expect: api({ admin: 200 }),
  },
  {
    route: 'POST /api/routes/calculate',
    kind: 'api',
    request: () => post('/api/routes/calculate', { stops: [{ lat: 27.95, lng: -82.46 }] }),
    expect: businesses(200),
  },
  { route: 'GET /api/places/suggestions', kind: 'api', request: () => get('/api/places/suggestions?q=Tampa'), expect: businesses(200) },
  {
    route: 'GET /api/photos/:key',
    object: 'a delivery photo of bistro’s order held by courier A',
    kind: 'api',
    request: (_, fx) => get(`/api/photos/${fx.orderA.photoKey}`),
    expect: api({ admin: 200, bistro: 200, pharmacy: 404, courier: 200, courier2: 404 }),
  },
  {
    route: 'GET /api/photos/:key',
    object: 'a stop photo of pharmacy’s route held by courier B',
    kind: 'api',
    request: (_, fx) => get(`/api/photos/${fx.orderB.photoKey}`),
    expect: api({ admin: 200, bistro: 404, pharmacy: 200, courier: 404, courier2: 200 }),
  },

  // Integrations (issue 17): the business's keys and webhook endpoint, in its session
  { route: 'GET /api/api-keys', kind: 'api', request: () => get('/api/api-keys'), expect: businesses(200) },
  { route: 'POST /api/api-keys', kind: 'api', request: () => post('/api/api-keys', { name: 'Matrix key' }), expect: businesses(201) },
  {
    route: 'DELETE /api/api-keys/:id',
    object: 'a fresh key of bistro’s',
    kind: 'api',
    request: async (_, fx) => del(`/api/api-keys/${await fx.fresh.bistroKey()}`),
    expect: api({ bistro: 204, pharmacy: 404 }),
  },
  { route: 'PUT /api/webhook-endpoint', kind: 'api', request: () => put('/api/webhook-endpoint', { url: UNHEARD_ENDPOINT }), expect: businesses(200) },
  { route: 'GET /api/webhook-endpoint', kind: 'api', request: () => get('/api/webhook-endpoint'), expect: businesses(200) },
  { route: 'POST /api/webhook-endpoint/rotate-secret', kind: 'api', request: () => post('/api/webhook-endpoint/rotate-secret'), expect: businesses(200) },
  { route: 'POST /api/webhook-endpoint/test', kind: 'api', request: () => post('/api/webhook-endpoint/test'), expect: businesses(202), background: true },
  { route: 'DELETE /api/webhook-endpoint', kind: 'api', request: () => del('/api/webhook-endpoint'), expect: businesses(204) },

  // Integrations: /api/v1 with API keys, and its public reference
  { route: 'GET /api/v1/openapi.json', kind: 'public', request: () => get('/api/v1/openapi.json'), expect: everyone(200) },
  { route: 'GET /api/v1/docs', kind: 'public', request: () => get('/api/v1/docs'), expect: everyone(200) },
  {
    route: 'GET /api/v1/orders',
    kind: 'api',
    request: (caller, fx) => withKey(get('/api/v1/orders?limit=5'), caller, fx),
    expect: keyed({ bistro: 200, pharmacy: 200 }),
  },
  {
    route: 'POST /api/v1/orders',
    kind: 'api',
    request: (caller, fx) => withKey(post('/api/v1/orders', caller.role === 'pharmacy' ? multiStopBody() : singleOrderBody()), caller, fx),
    expect: keyed({ bistro: 201, pharmacy: 201 }),
  },
  {
    route: 'GET /api/v1/orders/:id',
    object: 'bistro’s order held by courier A',
    kind: 'api',
    request: (caller, fx) => withKey(get(`/api/v1/orders/${fx.orderA.id}`), caller, fx),
    expect: keyed({ bistro: 200, pharmacy: 404 }),
  },
  {
    route: 'GET /api/v1/orders/:id',
    object: 'pharmacy’s route held by courier B',
    kind: 'api',
    request: (caller, fx) => withKey(get(`/api/v1/orders/${fx.orderB.id}`), caller, fx),
    expect: keyed({ bistro: 404, pharmacy: 200 }),
  },
  {
    route: 'POST /api/v1/orders/:id/cancel',
    object: 'a fresh new bistro order',
    kind: 'api',
    request: async (caller, fx) => withKey(post(`/api/v1/orders/${await fx.fresh.bistroOrder()}/cancel`), caller, fx),
    expect: keyed({ bistro: 200, pharmacy: 404 }),
  },
  {
    route: 'GET /api/v1/orders/:id/events',
    object: 'bistro’s order',
    kind: 'api',
    request: (caller, fx) => withKey(get(`/api/v1/orders/${fx.orderA.id}/events`), caller, fx),
    expect: keyed({ bistro: 200, pharmacy: 404 }),
  },

  // Customer messages (issue 16): each business's choices, the admin's log
  { route: 'GET /api/message-settings', kind: 'api', request: () => get('/api/message-settings'), expect: businesses(200) },
  {
    route: 'PUT /api/message-settings',
    kind: 'api',
    request: () => put('/api/message-settings', { settings: [{ kind: 'cancelled', enabled: false, template: 'Matrix: order {order} cancelled.' }] }),
    expect: businesses(200),
  },
  { route: 'GET /api/notifications', kind: 'api', request: () => get('/api/notifications'), expect: api({ admin: 200 }) },

  // Customers' tracking links (issue 16): no sign-in, the link is the key
  {
    route: 'GET /t/:token',
    object: 'bistro’s order’s link',
    kind: 'public',
    request: async (_, fx) => get(`/t/${await trackingToken(fx)}`),
    expect: everyone(200),
  },
  {
    route: 'GET /api/track/:token',
    object: 'bistro’s order’s link',
    kind: 'public',
    request: async (_, fx) => get(`/api/track/${await trackingToken(fx)}`),
    expect: everyone(200),
  },
  {
    route: 'GET /api/track/:token/live',
    object: 'bistro’s order’s link (courier at the door)',
    kind: 'public',
    request: async (_, fx) => ({ method: 'GET', path: `/api/track/${await trackingToken(fx)}/live`, upgrade: true }),
    expect: everyone(101),
  },
  {
    route: 'GET /api/track/:token/photos/:n{[1-9][0-9]?}',
    object: 'an undelivered order’s link: no photo yet',
    kind: 'public',
    request: async (_, fx) => get(`/api/track/${await trackingToken(fx)}/photos/1`),
    expect: everyone(404),
  },

  // Pages
  { route: 'GET /healthz', kind: 'public', request: () => get('/healthz'), expect: everyone(200) },
  { route: 'GET /', kind: 'public', request: () => get('/'), expect: everyone(302) },
  { route: 'GET /auth', kind: 'public', request: () => get('/auth'), expect: signInPage },
  ...ADMIN_PAGES.map((path): Row => ({ route: `GET ${path}`, kind: 'page', request: () => get(path), expect: page({ admin: 200 }) })),
  {
    route: 'GET /admin/orders/:id',
    object: 'pharmacy’s route',
    kind: 'page',
    request: (_, fx) => get(`/admin/orders/${fx.orderB.id}`),
    expect: page({ admin: 200 }),
  },
  ...COURIER_PAGES.map((path): Row => ({ route: `GET ${path}`, kind: 'page', request: () => get(path), expect: page({ courier: 200, courier2: 200 }) })),
  ...COURIER_SIGN_IN.map((path): Row => ({ route: `GET ${path}`, kind: 'public', request: () => get(path), expect: signInPage })),
  ...BUSINESS_PAGES.map((path): Row => ({ route: `GET ${path}`, kind: 'page', request: () => get(path), expect: page({ bistro: 200, pharmacy: 200 }) })),
  ...BUSINESS_DIALOGS.map((path): Row => ({
    route: `GET ${path}`,
    object: 'bistro’s order',
    kind: 'page',
    request: (_, fx) => get(path.replace(':id', String(fx.orderA.id))),
    expect: page({ bistro: 200, pharmacy: 404 }),
  })),
];

// ---------------------------------------------------------------------------
// Walking it
// ---------------------------------------------------------------------------

const HANDSHAKE = { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' };

async function send(client: Client, request: Request): Promise<Pick<ApiResponse, 'status' | 'headers' | 'body'>> {
  if (request.upgrade) {
    const answer = await rawGet(request.path, { ...HANDSHAKE, ...(client.cookie ? { Cookie: client.cookie } : {}) });
    return { status: answer.status, headers: answer.headers, body: answer.text ? JSON.parse(answer.text) : null };
  }
  if (request.binary) return upload(client, request.path, request.binary.bytes, request.binary.type);
  return client.request(request.method, request.path, request.body, request.headers);
}

/** What is wrong with one answer, beyond its status: the error shape, the redirect, the headers. */
function problems(row: Row, request: Request, answer: Pick<ApiResponse, 'status' | 'headers' | 'body'>): string[] {
  const found: string[] = [];
  if (answer.status === 101) return found;
  if (request.path.startsWith('/api/') && answer.status >= 400 && !isErrorShape(answer)) found.push('no JSON error shape');
  if (row.kind === 'page' && answer.status === 302 && !answer.headers.get('location')?.startsWith('/auth?next='))
    found.push(`redirected to ${answer.headers.get('location')}`);
  if (answer.headers.get('x-content-type-options') !== 'nosniff') found.push('no nosniff');
  // Answers are personal or live: no shared cache may keep them, and none is kept without revalidation.
  const cache = answer.headers.get('cache-control') ?? '';
  if (!/private|no-store/.test(cache) || !/no-store|no-cache|immutable/.test(cache)) found.push(`Cache-Control "${cache}"`);
  if (/^text\/html/.test(answer.headers.get('content-type') ?? '')) {
    const csp = answer.headers.get('content-security-policy') ?? '';
    const scripts = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    if (!csp.includes("frame-ancestors 'none'") || !/'nonce-/.test(scripts) || scripts.includes('unsafe-inline')) found.push(`weak CSP: ${csp}`);
  }
  return found;
}

const label = (row: Row) => `${row.route}${row.object ? ` (${row.object})` : ''}`;

let fx: Fixtures;
let who: Record<Role, Caller>;
let cellsWalked = 0;
/** The routes walked with an ended session's cookies. */
const endedSessionRoutes = new Set<string>();
/** What each allowed request of a signed-in caller cost the database (issue 19). */
const costs: Array<{ row: string; role: Role; method: string; status: number; trips: number | null; busyRetries: number }> = [];
const roundTrips = (headers: Headers) => {
  const match = /db;dur=[\d.]+;desc="(\d+) round trips?"/.exec(headers.get('server-timing') ?? '');
  return match ? Number(match[1]) : null;
};
/** Batches the database made wait and that ran again (src/db/client.ts): round trips owed to contention, not to the route. */
const busyRetries = (headers: Headers) => Number(/db-busy;desc="(\d+) retried"/.exec(headers.get('server-timing') ?? '')?.[1] ?? 0);

async function makeFixtures(db: Db, as: Record<Role, Caller>): Promise<Fixtures> {
  const [tampa] = await db.select().from(zones).where(eq(zones.name, 'Tampa'));
  const [bistro] = await db.select().from(restaurants).where(eq(restaurants.id, as.bistro.restaurantId!));
  const courierA = as.courier.courierId!;
  const courierB = as.courier2.courierId!;

  // Both tenants' orders are delivered in today's last minute: today is a day the lists can be filtered on (a later day
  // cannot be chosen), and the orders head its lists (latest delivery first), whatever the hour and whatever else is there.
  const delivered = { pickupTime: todayAt(-HOUR), deliveryTime: todaysLastMinute() };
  const orderA = await insertOrder(db, { status: 'arrived_at_customer', courierId: courierA, courierPayCents: 3000, customerName: ALPHA, ...delivered });
  const photoA = await upload(await as.courier.client(), `/api/orders/${orderA.id}/photos?kind=delivery`, png(24, 24, 1));
  const routeB = await insertPharmacyOrder(db, { courierId: courierB, status: 'pharmacy_picked_up', stops: 2, customerName: BRAVO, ...delivered });
  const photoB = await upload(await as.courier2.client(), `/api/orders/${routeB.order.id}/photos?kind=stop&stopId=${routeB.stops[0].id}`, png(24, 24, 2));
  expect([photoA.status, photoB.status]).toEqual([201, 201]);

  const courierC = await insertCourier(db);
  await insertOrder(db, { status: 'delivered', courierId: courierC.courier.id, courierPayCents: 2000 });
  const spareCourier = await insertCourier(db);
  const spareBusiness = await insertBusiness(db);
  const [spareZone] = await db
    .insert(zones)
    .values({ name: unique('Matrix Spare '), cities: ['Tampa'] })
    .returning();
  // An account per caller: seven sign-ins of one username at once would be throttled (at most 5 attempts at a time).
  const logins = {} as Record<Role, string>;
  for (const role of ROLES) logins[role] = (await insertBusiness(db)).username;
  const keyOf = async (restaurantId: number) => {
    const key = newApiKey();
    const [row] = await db
      .insert(apiKeys)
      .values({ restaurantId, name: 'Matrix', prefix: apiKeyShownPrefix(key), keyHash: await sha256Hex(key) })
      .returning();
    return { key, id: row.id };
  };

  return {
    db,
    tampaZoneId: tampa.id,
    bistroId: bistro.id,
    courierA,
    orderA: { id: orderA.id, photoKey: photoA.body.key as string, deliveryDay: dayIn(DEFAULT_TIME_ZONE, orderA.deliveryTime) },
    orderB: { id: routeB.order.id, photoKey: photoB.body.key as string },
    offered: (await insertOrder(db, { status: 'pending_courier', pickupTime: Date.now() + 20 * HOUR })).id,
    courierC: courierC.courier.id,
    spareCourier: { userId: spareCourier.user.id, courierId: spareCourier.courier.id },
    spareBusinessId: spareBusiness.restaurant.id,
    spareZoneId: spareZone.id,
    loginAs: logins,
    keys: { bistro: (await keyOf(as.bistro.restaurantId!)).key, pharmacy: (await keyOf(as.pharmacy.restaurantId!)).key },
    fresh: {
      bistroKey: async () => (await keyOf(as.bistro.restaurantId!)).id,
      bistroOrder: async (fields = {}) => (await insertOrder(db, fields)).id,
      routeOfCourierB: async () => {
        const route = await insertPharmacyOrder(db, { courierId: courierB, status: 'pharmacy_picked_up', stops: 2 });
        return { orderId: route.order.id, stopId: route.stops[0].id, stopIds: route.stops.map((stop) => stop.id) };
      },
      newPharmacyOrder: async () => (await insertPharmacyOrder(db, { status: 'new', stops: 2 })).order.id,
    },
  };
}

// Acts as the demo couriers: leaves none of its orders on their phones.
removeOrdersCreatedBySuite();

beforeAll(async () => {
  const db = testDb();
  who = await callers(db);
  fx = await makeFixtures(db, who);
});

// The demo businesses keep no keys or endpoint from this suite (their deliveries waiting are given up with it).
afterAll(async () => {
  const restaurantIds = [who.bistro.restaurantId!, who.pharmacy.restaurantId!];
  await fx.db.delete(apiKeys).where(inArray(apiKeys.restaurantId, restaurantIds));
  for (const role of ['bistro', 'pharmacy'] as const) await (await who[role].client()).delete('/api/webhook-endpoint');
});

/** Waits until the database has not changed for half a second (at most 10 s): what a row left in the background is done. */
async function quiet(db: Db): Promise<void> {
  const started = Date.now();
  let last = await fingerprint(db);
  while (Date.now() - started < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await fingerprint(db);
    if (now === last) return;
    last = now;
  }
}

describe('the authorization matrix', () => {
  it('has a row for every route of the app, and no row for a route that is gone', () => {
    const routes = new Set(
      createApp()
        .routes.filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`),
    );
    const rows = new Set(TABLE.map((row) => row.route));
    expect(
      [...routes].filter((route) => !rows.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...rows].filter((row) => !routes.has(row)),
      'rows naming no route',
    ).toEqual([]);
    expect(routes.size).toBeGreaterThanOrEqual(89);
  });

  for (const row of TABLE) {
    it(label(row), async () => {
      const db = fx.db;
      // Requests first (they may create the objects a successful call changes), then the
      // refused cells at once, with the database fingerprinted around them, then the rest.
      const cells = await Promise.all(
        ROLES.map(async (role) => {
          const caller = who[role];
          return {
            role,
            expected: row.expect[role],
            request: await row.request(caller, fx),
            client: await (row.ownSession ? caller.throwaway() : caller.client()),
          };
        }),
      );
      const refused = cells.filter((cell) => cell.expected >= 300);
      const allowed = cells.filter((cell) => cell.expected < 300);
      const mismatches: string[] = [];
      const walk = async (cell: (typeof cells)[number]) => {
        const answer = await send(cell.client, cell.request);
        cellsWalked++;
        if (cell.expected < 400 && cell.role !== 'out')
          costs.push({
            row: row.route,
            role: cell.role,
            method: cell.request.method,
            status: answer.status,
            trips: roundTrips(answer.headers),
            busyRetries: busyRetries(answer.headers),
          });
        const wrong = problems(row, cell.request, answer);
        if (answer.status !== cell.expected) wrong.unshift(`${answer.status} instead of ${cell.expected} ${JSON.stringify(answer.body)?.slice(0, 160)}`);
        if (wrong.length) mismatches.push(`${ROLE_NAMES[cell.role]}: ${wrong.join('; ')}`);
      };
      const before = await fingerprint(db);
      await Promise.all(refused.map(walk));
      const after = await fingerprint(db);
      await Promise.all(allowed.map(walk));
      if (row.background) await quiet(db);
      expect(mismatches, mismatches.join(' | ')).toEqual([]);
      expect(after, 'a refused request changed the database').toBe(before);
    });
  }
});

/**
 * Reads that cannot be one round trip, and why (issue 19, docs/decisions/): an API key is
 * looked up, then its rate limiter (a Durable Object) answers, and only then is the read made (N6).
 */
const READ_ROUND_TRIPS: Record<string, number> = {
  'GET /api/v1/orders': 2,
  'GET /api/v1/orders/:id': 2,
  'GET /api/v1/orders/:id/events': 2,
};

/**
 * A write is two round trips: its reads leave with the session check, its writes (held
 * until the check answers) in one transaction. The one above: delivery photos sent as image
 * data strings, whose rows are written before their bytes go to R2 (so a failure leaves
 * nothing the sweep cannot find), and the step that names them after (decision N5).
 */
const WRITE_ROUND_TRIPS: Record<string, number> = {
  'POST /api/orders/:id/delivery-photos': 3,
};

describe('what each answer costs the database (issue 19)', () => {
  it('every read a signed-in caller may make is one round trip, the session check included', () => {
    // Not the liveness probe (it touches nothing), a socket's handshake, or a session that ended (it is deleted: a write).
    const reads = costs.filter((cost) => cost.method === 'GET' && cost.row !== 'GET /healthz' && cost.role !== 'deactivated' && cost.status !== 101);
    expect(reads.length).toBeGreaterThan(200);
    const over = reads.filter((cost) => cost.trips === null || cost.trips > (READ_ROUND_TRIPS[cost.row] ?? 1));
    expect(over.map((cost) => `${cost.row} as ${cost.role}: ${cost.trips ?? 'no Server-Timing'}`)).toEqual([]);
  });

  it('every write is two round trips at most, the session check included', () => {
    const writes = costs.filter((cost) => cost.method !== 'GET' && cost.role !== 'deactivated');
    expect(writes.length).toBeGreaterThan(50);
    const over = writes.filter((cost) => cost.trips === null || cost.trips - cost.busyRetries > (WRITE_ROUND_TRIPS[cost.row] ?? 2));
    expect(over.map((cost) => `${cost.row} as ${cost.role}: ${cost.trips ?? 'no Server-Timing'}`)).toEqual([]);
  });
});

describe('lists show each caller only what they may see', () => {
  const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

  it('the API order list of a business holds its own orders and none of the other tenant’s', async () => {
    const day = `/api/orders?day=${fx.orderA.deliveryDay}`;
    const bistro = (await (await who.bistro.client()).get(day)).body as Array<{ id: number; restaurantId: number }>;
    const pharmacy = (await (await who.pharmacy.client()).get(day)).body as Array<{ id: number; restaurantId: number }>;
    expect(ids(bistro)).toContain(fx.orderA.id);
    expect(ids(pharmacy)).toContain(fx.orderB.id);
    expect(bistro.every((order) => order.restaurantId === who.bistro.restaurantId)).toBe(true);
    expect(pharmacy.every((order) => order.restaurantId === who.pharmacy.restaurantId)).toBe(true);
  });

  it('a courier’s lists hold their own orders and offers, never another courier’s', async () => {
    for (const [mine, theirs, own, other] of [
      [who.courier, who.courier2, fx.orderA.id, fx.orderB.id],
      [who.courier2, who.courier, fx.orderB.id, fx.orderA.id],
    ] as const) {
      const client = await mine.client();
      const lists = await Promise.all(['', '/assigned', '/active', '/scheduled'].map((list) => client.get(`/api/orders/courier${list}`)));
      const seen = lists.flatMap((list) => list.body as Array<{ id: number; courierId: number | null }>);
      expect(ids(seen)).toContain(own);
      expect(ids(seen)).not.toContain(other);
      expect(
        seen.every((order) => order.courierId === mine.courierId || order.courierId === null),
        `${mine.role} sees ${theirs.role}'s orders`,
      ).toBe(true);
      const everything = (await client.get('/api/orders?page=1&pageSize=200')).body as Array<{ id: number; courierId: number | null }>;
      expect(everything.every((order) => order.courierId === mine.courierId || order.courierId === null)).toBe(true);
    }
  });

  it('a business sees only the couriers who served it', async () => {
    const bistro = (await (await who.bistro.client()).get('/api/couriers')).body as Array<{ id: number }>;
    const pharmacy = (await (await who.pharmacy.client()).get('/api/couriers')).body as Array<{ id: number }>;
    expect(ids(bistro)).toContain(fx.courierC);
    expect(ids(pharmacy)).not.toContain(fx.courierC);
  });

  it('pages show one tenant’s customers to that tenant only', async () => {
    const ordersPage = `/orders?day=${fx.orderA.deliveryDay}`;
    expect((await (await who.bistro.client()).get(ordersPage)).text).toContain(ALPHA);
    expect((await (await who.pharmacy.client()).get(ordersPage)).text).not.toContain(ALPHA);
    // A courier page opens the order its URL names only if the courier may see it.
    const named = `/courier/dashboard?order=${fx.orderB.id}`;
    expect((await (await who.courier2.client()).get(named)).text).toContain(BRAVO);
    const other = await (await who.courier.client()).get(named);
    expect(other.status).toBe(200);
    expect(other.text).not.toContain(BRAVO);
  });
});

/**
 * What a request can do beyond the database, as seen from outside: positions kept by the
 * couriers' Durable Objects (their tracks), positions pushed to the admins' live map (a
 * socket held open), photos in R2 (its blob files), and the database's fingerprint (order
 * changes, outbox events, messages, webhook deliveries).
 */
async function effectsOf(db: Db, admin: Client, live: { messages: unknown[] }): Promise<string> {
  const tracks = await Promise.all([fx.courierA, who.courier2.courierId!].map(async (id) => (await admin.get(`/api/couriers/${id}/track`)).text));
  const blobs = join(dirname(inject('workerLog')), 'wrangler/v3/r2/dispatch-photos/blobs');
  const photos = existsSync(blobs) ? readdirSync(blobs).length : 0;
  return JSON.stringify({ database: await fingerprint(db), tracks, photos, liveMessages: live.messages.length });
}

/** An admin's live-map socket, and what it hears. */
async function liveMap(admin: Client) {
  const socket = new WebSocket(inject('baseUrl').replace(/^http/, 'ws') + '/api/couriers/live', {
    headers: { Cookie: admin.cookieHeader() },
  } as unknown as string[]);
  const messages: unknown[] = [];
  socket.addEventListener('message', (event) => event.data !== 'pong' && messages.push(event.data));
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  return { socket, messages };
}

/** The first signed-in caller a row lets through: the one whose ended session is tried. */
const SESSION_ROLES = ['courier', 'courier2', 'bistro', 'pharmacy', 'admin'] as const;

describe('an ended session’s cookies move nothing (issue 26)', () => {
  // Every route a signed-in caller may use, sent with the cookies (session and signed hint)
  // of a session that has since ended: answered as signed out, and nothing happened.
  // (/api/v1 takes API keys only: no session opens it.)
  const rows = TABLE.filter((row) => row.kind !== 'public' && !row.route.includes(' /api/v1/') && SESSION_ROLES.some((role) => row.expect[role] < 300));

  it('walks every route a session opens', () => {
    expect(new Set(rows.map((row) => row.route)).size).toBeGreaterThan(80);
  });

  for (const row of rows) {
    it(`${label(row)} with a signed-out session’s cookies`, async () => {
      const role = SESSION_ROLES.find((name) => row.expect[name] < 300)!;
      const caller = who[role];
      const ended = await caller.throwaway();
      expect(ended.hintCookie, 'the session had its hint').toBeTruthy();
      // Signed out elsewhere (another tab): this browser keeps both cookies.
      const elsewhere = Object.assign(new Client(), { cookie: ended.cookie, hintCookie: ended.hintCookie });
      expect((await elsewhere.post('/api/logout')).status).toBe(200);
      const request = row.withEffect?.(caller, fx) ?? (await row.request(caller, fx));
      endedSessionRoutes.add(row.route);
      const admin = await who.admin.client();
      const live = await liveMap(admin);
      try {
        const before = await effectsOf(fx.db, admin, live);
        const answer = await send(ended, request);
        expect(answer.status, JSON.stringify(answer.body)?.slice(0, 200)).toBe(row.expect.out);
        // Background work (pushes, relays) would land after the answer.
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await effectsOf(fx.db, admin, live), 'something happened for an ended session').toBe(before);
      } finally {
        live.socket.close();
      }
    });
  }
});

afterAll(() => {
  const routes = new Set(TABLE.map((row) => row.route)).size;
  console.info(`authorization matrix: ${TABLE.length} rows (${routes} routes) × ${ROLES.length} callers = ${cellsWalked} cells walked`);
  if (cellsWalked >= TABLE.length * ROLES.length)
    recordFigures('authorization', { rows: TABLE.length, routes, callers: ROLES.length, cells: cellsWalked, endedSessionRoutes: endedSessionRoutes.size });
});
