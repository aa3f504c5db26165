/**
 * The dispatcher's console (issue 14, decisions W1–W6): upcoming orders and the
 * bell's counts, the search across dates (the trigram index, and couriers' names), courier
 * suggestions and the couriers the server refuses, and the orders a deactivated courier
 * leaves behind.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOrders, orderConditions } from '../../src/db/orders/read';
import { orders, orderStops, users } from '../../src/db/schema';
import { planSearch } from '../../src/domain/orderSearch';
import { addDays, dayIn } from '../../src/domain/time';
import { Client, queryPlan, signedIn, testDb, unique } from '../support/api';
import { insertPharmacyOrder } from '../support/courier';
import { insertBusiness, insertCourier, insertOrder, insertOrders, insertSignableCourier, insertZone } from '../support/factories';

const ZONE = 'America/New_York';
const DAY = 24 * 3_600_000;
const uniquePhone = () => `813${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('reassigning (issue 29)', () => {
  it('offers a courier who gave the order back last, saying so, never its holder, and measures from where a picked-up order is', async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const now = Date.now();
    const at = (lat: number) => ({ courierLatitude: lat, courierLongitude: -82.4497, lastLocationUpdateTime: now, zoneId: zone.id });
    const decliner = await insertSignableCourier(db, at(27.9437));
    const other = await insertCourier(db, at(27.9627));
    const order = await insertOrder(db, { business: business.username, status: 'assigned', courierId: decliner.courier.id, pickupTime: now + 5 * DAY });
    const courier = await new Client().login(decliner.username);
    expect((await courier.post(`/api/orders/${order.id}/courier-response`, { action: 'reject' })).body).toMatchObject({ status: 'courier_rejected' });

    const admin = await signedIn('admin');
    type Suggested = { courierId: number; declined: boolean; reason: string; milesAway: number | null };
    const ours = (body: { suggestions: Suggested[] }) => body.suggestions.filter((s) => [decliner, other].some((c) => c.courier.id === s.courierId));
    const declined = (await admin.get(`/api/orders/${order.id}/courier-suggestions`)).body;
    expect(ours(declined).map((s) => [s.courierId, s.declined])).toEqual([
      [other.courier.id, false],
      [decliner.courier.id, true],
    ]);
    expect(ours(declined)[1].reason).toBe('declined this order, 0.1 mi away, online, no active orders');
    expect(declined.measuredFromOrder).toBe(false);

    // Picked up by `other`, 1.4 mi north of the restaurant: distances are from there, and `other` is not offered its own order.
    const held = await insertOrder(db, { business: business.username, status: 'on_way_to_customer', courierId: other.courier.id });
    const moving = (await admin.get(`/api/orders/${held.id}/courier-suggestions`)).body;
    expect(moving.measuredFromOrder).toBe(true);
    expect(ours(moving).map((s) => [s.courierId, s.milesAway])).toEqual([[decliner.courier.id, 1.3]]);
    expect(moving.notOffered.map((c: { courierId: number }) => c.courierId)).not.toContain(other.courier.id);
  });
});

describe('upcoming orders and the search', () => {
  it('an order due next month is listed under its month, Upcoming and All dates, and found by phone, name and number', async () => {
    const db = testDb();
    const phone = uniquePhone();
    const name = unique('Ophelia Dispatchsearch ');
    const nextMonth = Date.parse(`${addDays(dayIn(ZONE), 40)}T16:00:00Z`);
    const order = await insertOrder(db, { customerPhone: phone, customerName: name, deliveryTime: nextMonth, pickupTime: nextMonth - 3_600_000 });
    const admin = await signedIn('admin');

    const month = dayIn(ZONE, nextMonth).slice(0, 7);
    for (const query of [`month=${month}`, `day=${dayIn(ZONE, nextMonth)}`, `q=${phone}`]) {
      const list = await admin.get(`/admin/orders?${query}&status=new`, { 'X-Partial': 'orders' });
      expect(list.status, query).toBe(200);
      expect(list.text, query).toContain(`#${order.orderNumber}`);
    }
    // Searches the dispatcher types: part of the phone as written, part of the name, the # number.
    for (const q of [
      `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
      `${phone.slice(3, 6)}-${phone.slice(6)}`,
      name.slice(9).toLowerCase(),
      `#${order.orderNumber}`,
    ]) {
      const found = await admin.get(`/api/orders?q=${encodeURIComponent(q)}&page=1`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.map((row: { id: number }) => row.id),
        q,
      ).toContain(order.id);
    }
    const upcoming = await admin.get(`/api/orders?range=upcoming&status=new&page=1&pageSize=200&q=${phone}`);
    expect(upcoming.body.map((row: { id: number }) => row.id)).toEqual([order.id]);

    // The index follows changes: the new name is found, the old one no longer.
    const renamed = unique('Renamed Dispatchsearch ');
    await db.update(orders).set({ customerName: renamed }).where(eq(orders.id, order.id));
    expect((await admin.get(`/api/orders?q=${encodeURIComponent(renamed)}&page=1`)).body.map((row: { id: number }) => row.id)).toEqual([order.id]);
    expect((await admin.get(`/api/orders?q=${encodeURIComponent(name)}&page=1`)).body).toEqual([]);
  });

  it("finds an order by a street of its address or of a stop, and by its courier's name, through the index and the couriers", async () => {
    const db = testDb();
    const street = unique('Kennedy');
    const onStreet = await insertOrder(db, { customerAddress: `4100 W ${street} Blvd, Tampa, FL 33609` });
    const { courier, user } = await insertCourier(db);
    const courierName = unique('Sofia');
    await db
      .update(users)
      .set({ name: `${courierName} Alvarez` })
      .where(eq(users.id, user.id));
    const carried = await insertOrder(db, { status: 'assigned', courierId: courier.id });
    const stopStreet = unique('Swann');
    const route = await insertPharmacyOrder(db);
    // A later stop, not the route's first (whose address is the order's own): its edit is followed too.
    await db
      .update(orderStops)
      .set({ address: `700 ${stopStreet} Ave, Tampa, FL 33606` })
      .where(eq(orderStops.id, route.stops[1].id));
    const unrelated = [await insertOrder(db), await insertOrder(db, { status: 'assigned', courierId: (await insertCourier(db)).courier.id })];
    const admin = await signedIn('admin');

    const found = async (q: string) =>
      ((await admin.get(`/api/orders?q=${encodeURIComponent(q)}&range=all&page=1&pageSize=200`)).body as Array<{ id: number }>).map((row) => row.id);
    expect(await found(street.toLowerCase())).toEqual([onStreet.id]);
    expect(await found(`W ${street} Blvd`)).toEqual([onStreet.id]);
    expect(await found(courierName)).toEqual([carried.id]);
    expect(await found(`${courierName.toLowerCase()} alv`)).toEqual([carried.id]);
    expect(await found(stopStreet)).toEqual([route.order.id]);
    for (const order of unrelated) for (const q of [street, courierName, stopStreet]) expect(await found(q)).not.toContain(order.id);
    // A LIKE wildcard is a character like any other: it matches no courier's name by itself.
    expect(await found('%%%')).toEqual([]);
    const list = await admin.get(`/admin/orders?q=${encodeURIComponent(courierName)}&range=all`, { 'X-Partial': 'orders' });
    expect(list.text).toContain(`#${carried.orderNumber}`);
    expect(list.text).not.toContain(`#${unrelated[1].orderNumber}`);

    // The statements the list runs: the index and the orders of the couriers so named, by index, never a scan of orders.
    const search = planSearch(courierName);
    for (const query of [
      listOrders(db, { search }, { limit: 50 }),
      db
        .select({ status: orders.status, count: sql`count(*)` })
        .from(orders)
        .where(orderConditions({ search }))
        .groupBy(orders.status),
    ]) {
      const plan = await queryPlan(query);
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).toMatch(/MULTI-INDEX OR/);
      expect(plan).toMatch(/SEARCH orders USING (COVERING )?INDEX \w+ \(courier_id=\?\)/);
      expect(plan).not.toMatch(/SCAN orders\b/);
    }
  });

  it('the bell counts what the list shows over all dates', async () => {
    const db = testDb();
    await insertOrder(db, { deliveryTime: Date.now() + 60 * DAY, pickupTime: Date.now() + 60 * DAY - 3_600_000 });
    const admin = await signedIn('admin');
    // Other suites add orders meanwhile: read both in the same moment until they agree.
    await expect
      .poll(async () => {
        const [bell, list] = await Promise.all([
          admin.get('/admin/orders', { 'X-Partial': 'notifications' }),
          admin.get('/admin/orders?status=new&range=all', { 'X-Partial': 'orders' }),
        ]);
        const bellNew = /New orders[\s\S]*?>(\d+)</.exec(bell.text)?.[1];
        const listNew = /New \((\d+)\)/.exec(list.text)?.[1];
        return bellNew !== undefined && bellNew === listNew;
      })
      .toBe(true);
  });
});

describe('courier suggestions', () => {
  it('ranks suitable couriers nearest first with their reasons, leaves out who cannot take the order, and the server refuses them', async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const now = Date.now();
    // The business is at 27.9427, -82.4497; 0.01° of latitude is about 0.7 mi.
    const at = (lat: number, fresh = true) => ({
      courierLatitude: lat,
      courierLongitude: -82.4497,
      lastLocationUpdateTime: fresh ? now : now - 2 * 3_600_000,
      zoneId: zone.id,
    });
    const near = await insertCourier(db, at(27.9527));
    const far = await insertCourier(db, at(28.0427));
    const busyNear = await insertCourier(db, at(27.9447));
    const stale = await insertCourier(db, at(27.9437, false));
    const expired = await insertCourier(db, { ...at(27.943), insuranceExpiry: '2020-01-01' });
    const truck = await insertCourier(db, { ...at(27.9431), vehicleType: 'truck' });
    const deactivated = await insertCourier(db, at(27.9432));
    await db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.user.id));
    for (let i = 0; i < 2; i++) await insertOrder(db, { business: business.username, status: 'picked_up', courierId: busyNear.courier.id });
    const order = await insertOrder(db, { business: business.username, requiredVehicleTypes: ['sedan'] });

    const admin = await signedIn('admin');
    const answer = await admin.get(`/api/orders/${order.id}/courier-suggestions`);
    expect(answer.status).toBe(200);
    const ours = new Set([near, far, busyNear, stale, expired, truck, deactivated].map((c) => c.courier.id));
    const ranked = (answer.body.suggestions as Array<{ courierId: number; reason: string; sameZone: boolean }>).filter((s) => ours.has(s.courierId));
    // The autopilot's ranking (decision W12): near (idle) and busy-near (0.1 mi, 2 orders on its route) by the time the
    // order adds to their work, then far (7 mi); offline last, as the dialog ranks those.
    expect(
      ranked
        .slice(0, 2)
        .map((s) => s.courierId)
        .sort(),
    ).toEqual([near.courier.id, busyNear.courier.id].sort());
    expect(ranked.slice(2).map((s) => s.courierId)).toEqual([far.courier.id, stale.courier.id]);
    const reasonOf = (id: number) => ranked.find((s) => s.courierId === id)!.reason;
    expect(reasonOf(near.courier.id)).toMatch(/^\d+ min away, idle$/);
    expect(reasonOf(busyNear.courier.id)).toMatch(/^\+\d+ min to current route, 2 orders/);
    expect(ranked[3].reason).toBe('distance unknown, offline, no active orders');
    expect(ranked.every((s) => s.sameZone)).toBe(true);

    const assign = (courierId: number) =>
      admin.patch(`/api/orders/${order.id}`, { status: 'assigned', courierId, deliveryFee: '10.00', tip: '0.00', expectedStatus: 'new' });
    expect((await assign(expired.courier.id)).body.error).toBe('Courier cannot take this order: documents expired');
    expect((await assign(truck.courier.id)).body.error).toBe('Courier cannot take this order: vehicle does not match');
    expect((await assign(near.courier.id)).status).toBe(200);

    // The courier who missed a pickup is not suggested for it again, nor can be given it.
    await db.update(orders).set({ status: 'missed_pickup' }).where(eq(orders.id, order.id));
    const again = await admin.get(`/api/orders/${order.id}/courier-suggestions`);
    expect(again.body.suggestions.map((s: { courierId: number }) => s.courierId)).not.toContain(near.courier.id);
    const retry = await admin.patch(`/api/orders/${order.id}`, {
      status: 'assigned',
      courierId: near.courier.id,
      deliveryFee: '10.00',
      tip: '0.00',
      expectedStatus: 'missed_pickup',
    });
    expect(retry.status).toBe(400);
    expect(retry.body.error).toBe('Courier cannot take this order: missed this pickup');

    expect((await admin.get('/api/orders/999999999/courier-suggestions')).status).toBe(404);
    expect(answer.body.notOffered).toEqual(
      expect.arrayContaining([
        { courierId: expired.courier.id, name: expired.user.name, why: 'documents expired' },
        { courierId: truck.courier.id, name: truck.user.name, why: 'vehicle does not match' },
      ]),
    );
    expect(answer.body.notOffered.map((c: { courierId: number }) => c.courierId)).not.toContain(deactivated.courier.id);
    const courierClient = await signedIn('courier');
    expect((await courierClient.get(`/api/orders/${order.id}/courier-suggestions`)).status).toBe(403);
  });

  it("a deactivated courier's unfinished orders show as needing reassignment, and Deactivate names them first", async () => {
    const db = testDb();
    const { courier, user } = await insertCourier(db);
    const held = await insertOrder(db, { status: 'assigned', courierId: courier.id, courierPayCents: 20_00 });
    const admin = await signedIn('admin');
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const list = await admin.get(`/api/orders?q=${held.orderNumber}&page=1`);
    expect(list.body.map((row: { id: number }) => row.id)).toEqual([held.id]);
    const rows = await admin.get(`/admin/orders?q=${held.orderNumber}`, { 'X-Partial': 'orders' });
    expect(rows.text).toContain('Courier deactivated: reassign');
    expect(rows.text).toMatch(/data-urgency="at_risk"|data-urgency="late"/);
  });
});

describe('"Needs attention first", across pages', () => {
  it('lists open orders by pickup, then finished ones newest delivery first, and carries on where page 1 ended', async () => {
    const db = testDb();
    const business = await insertBusiness(db);
    const base = Date.now() - 10 * DAY;
    // 3 open orders with pickups out of creation order, 50 finished ones: 53, one more page than 50.
    const open = await insertOrders(db, business.user.username, [
      { status: 'pending_courier', pickupTime: base + 3 * DAY, deliveryTime: base + 3 * DAY + 3_600_000 },
      { status: 'new', pickupTime: base + DAY, deliveryTime: base + 9 * DAY },
      { status: 'assigned', pickupTime: base + 2 * DAY, deliveryTime: base + 2 * DAY + 3_600_000 },
    ]);
    const finished = await insertOrders(
      db,
      business.user.username,
      Array.from({ length: 50 }, (_, index) => ({
        status: index % 2 ? ('delivered' as const) : ('cancelled' as const),
        pickupTime: base + index * 60_000,
        deliveryTime: base + index * 60_000 + 1_800_000,
      })),
    );
    const admin = await signedIn('admin');
    const numbers = async (page: number) => {
      const answer = await admin.get(`/admin/orders?q=${encodeURIComponent(business.restaurant.name)}&range=all&page=${page}`, { 'X-Partial': 'orders' });
      expect(answer.status).toBe(200);
      return [...new Set([...answer.text.matchAll(/aria-label="Order #([\w-]+) details"/g)].map((match) => match[1]))];
    };
    const byPickup = [open[1], open[2], open[0]].map((order) => order.orderNumber);
    const newestFirst = [...finished].reverse().map((order) => order.orderNumber);
    expect(await numbers(1)).toEqual([...byPickup, ...newestFirst.slice(0, 47)]);
    expect(await numbers(2)).toEqual(newestFirst.slice(47));
  });
});
