/**
 * PATCH /api/orders/:id by an admin (spec 1-foundations-and-admin.md §4.4, §5.2, §7.3; D16, D18, D20): assign,
 * offer to the zone and cancel, with exact money, the transitions enforced, no lost
 * update, and every attempt in the order's history.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, restaurants, users, zones } from '../../src/db/schema';
import { Client, signedIn, testDb, unique } from '../support/api';
import { insertBusiness, insertCourier, insertOrder } from '../support/factories';

const patch = async (client: Client, id: number, body: unknown) => client.patch(`/api/orders/${id}`, body);
const stored = async (id: number) => (await testDb().select().from(orders).where(eq(orders.id, id)))[0];
const eventsOf = async (client: Client, id: number) => (await client.get(`/api/orders/${id}/events`)).body as Array<Record<string, unknown>>;

describe('admin assigns an order', () => {
  it('sets the courier and courierPay = fee + tip to the cent; the business fee stays, the tip is the one given', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier } = await insertCourier(db);
    const order = await insertOrder(db, { amountCents: 30_000, deliveryFeeCents: 30_00, tipCents: 20_00 });
    const response = await patch(admin, order.id, {
      status: 'assigned',
      courierId: courier.id,
      deliveryFee: '25.10',
      tip: '4.95',
      courierPay: '999.99', // the client's figure is ignored
      expectedStatus: 'new',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'assigned', courierId: courier.id, deliveryFee: '30.00', tip: '4.95', courierPay: '30.05' });
    expect(await stored(order.id)).toMatchObject({
      status: 'assigned',
      courierId: courier.id,
      deliveryFeeCents: 30_00,
      tipCents: 4_95,
      courierPayCents: 30_05,
    });

    // Floating point never enters: 0.1 + 0.2 is 0.30, numbers and strings alike.
    const again = await patch(admin, order.id, { status: 'assigned', courierId: courier.id, deliveryFee: 0.1, tip: '0.2' });
    expect(again.body).toMatchObject({ courierPay: '0.30', tip: '0.20' });

    const [event] = (await eventsOf(admin, order.id)).filter((row) => row.action === 'assign');
    expect(event).toMatchObject({ actorRole: 'admin', actorName: 'Dana Whitfield', fromStatus: 'new', toStatus: 'assigned', outcome: 'applied' });
    expect(event.detail).toContain('courier pay $30.05 = fee $25.10 + tip $4.95');
  });

  it('forgets that the previous courier went online when the order changes hands', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const first = await insertCourier(db);
    const second = await insertCourier(db);
    const online = { goOnlineTime: Date.now() - 60_000, onWayToPickupTime: Date.now() - 60_000 };
    const order = await insertOrder(db, { status: 'courier_on_way_to_pickup', courierId: first.courier.id, ...online });
    // The same courier again (new pay): their going online stands.
    await patch(admin, order.id, { status: 'assigned', courierId: first.courier.id, deliveryFee: '30', tip: '1' });
    expect(await stored(order.id)).toMatchObject(online);
    // Another courier: it is theirs to do.
    await patch(admin, order.id, { status: 'assigned', courierId: second.courier.id, deliveryFee: '30', tip: '1' });
    expect(await stored(order.id)).toMatchObject({ goOnlineTime: null, onWayToPickupTime: null, courierId: second.courier.id });
  });

  it('reassigns a missed pickup to another courier', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const first = await insertCourier(db);
    const second = await insertCourier(db);
    const order = await insertOrder(db, { status: 'missed_pickup', courierId: first.courier.id });
    const response = await patch(admin, order.id, {
      status: 'assigned',
      courierId: second.courier.id,
      deliveryFee: '30.00',
      tip: '0',
      expectedStatus: 'missed_pickup',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'assigned', courierId: second.courier.id, courierPay: '30.00' });
  });

  it('answers 400 with the spec messages for bad fees, tips and couriers', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier } = await insertCourier(db);
    const order = await insertOrder(db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ deliveryFee: 'abc', tip: '1' }, 'Delivery fee must be a valid number'],
      [{ deliveryFee: '', tip: '1' }, 'Delivery fee must be a valid number'],
      [{ deliveryFee: '-5', tip: '1' }, 'Delivery fee must be a valid number'],
      [{ deliveryFee: '1.234', tip: '1' }, 'Delivery fee must be a valid number'],
      [{ deliveryFee: '10', tip: ' ' }, 'Tip must be a valid number'],
      [{ deliveryFee: '10' }, 'Tip must be a valid number'],
      [{ deliveryFee: '10', tip: '1', courierId: undefined }, 'Select a courier to assign'],
    ];
    for (const [fields, message] of cases) {
      const response = await patch(admin, order.id, { status: 'assigned', courierId: courier.id, ...fields });
      expect(response.status, message).toBe(400);
      expect(response.body.details, JSON.stringify(fields)).toContain(message);
    }
    const badStatus = await patch(admin, order.id, { status: 'delivered' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.details).toContain("status must be 'assigned'");

    const unknown = await patch(admin, order.id, { status: 'assigned', courierId: 99_999_999, deliveryFee: '10', tip: '0' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Courier not found');

    const inactive = await insertCourier(db);
    await db.update(users).set({ isActive: false }).where(eq(users.id, inactive.user.id));
    const refused = await patch(admin, order.id, { status: 'assigned', courierId: inactive.courier.id, deliveryFee: '10', tip: '0' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Courier account is inactive');
    expect((await stored(order.id)).status).toBe('new');
  });
});

describe('admin offers an order to the zone', () => {
  it("sets pending_courier, no courier, the restaurant's zone (not the client's) and the courier pay", async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier } = await insertCourier(db);
    const order = await insertOrder(db, { status: 'assigned', courierId: courier.id, deliveryFeeCents: 30_00, tipCents: 5_00, zoneId: null });
    const [bistro] = await db.select().from(restaurants).where(eq(restaurants.id, order.restaurantId));
    const response = await patch(admin, order.id, {
      status: 'pending_courier',
      deliveryFee: '28.00',
      tip: '6.50',
      courierPay: '1.00',
      courierId: null,
      zoneId: 424242,
      expectedStatus: 'assigned',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'pending_courier',
      courierId: null,
      zoneId: bistro.zoneId,
      deliveryFee: '30.00',
      tip: '6.50',
      courierPay: '34.50',
    });
    const [event] = (await eventsOf(admin, order.id)).filter((row) => row.action === 'offer_to_zone');
    expect(event).toMatchObject({ fromStatus: 'assigned', toStatus: 'pending_courier', outcome: 'applied' });
  });

  it('counts a zone id of 0 as set (spec 1-foundations-and-admin.md §5.2)', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    // A business of its own, moved to zone 0 after its order was placed: the offer must take the business's zone now.
    const business = await insertBusiness(db);
    const order = await insertOrder(db, { business: business.username });
    const zoneZero = await db.select().from(zones).where(eq(zones.id, 0));
    if (zoneZero.length === 0) await db.insert(zones).values({ id: 0, name: unique('Zone Zero '), cities: ['Tampa'] });
    await db.update(restaurants).set({ zoneId: 0 }).where(eq(restaurants.id, business.restaurant.id));
    const offered = await patch(admin, order.id, { status: 'pending_courier', deliveryFee: '30', tip: '0' });
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ status: 'pending_courier', zoneId: 0 });
  });
});

describe('admin cancels an order', () => {
  it('sets cancelled and removes the courier', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier } = await insertCourier(db);
    const order = await insertOrder(db, { status: 'courier_confirmed', courierId: courier.id });
    const response = await patch(admin, order.id, { status: 'cancelled', courierId: null, expectedStatus: 'courier_confirmed' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'cancelled', courierId: null });
  });
});

describe('transitions the server refuses', () => {
  for (const status of ['delivered', 'cancelled', 'pharmacy_completed'] as const) {
    it(`refuses assign, offer and cancel of a ${status} order with 409, records the attempts, changes nothing`, async () => {
      const db = testDb();
      const admin = await signedIn('admin');
      const { courier } = await insertCourier(db);
      const order = await insertOrder(db, { status, courierId: status === 'cancelled' ? null : courier.id, courierPayCents: 35_00 });
      const bodies = [
        { status: 'assigned', courierId: courier.id, deliveryFee: '10', tip: '1' },
        { status: 'pending_courier', deliveryFee: '10', tip: '1' },
        { status: 'cancelled' },
      ];
      for (const body of bodies) {
        const response = await patch(admin, order.id, body);
        expect(response.status, body.status).toBe(409);
        expect(response.body.error).toMatch(/^Order cannot be (assigned|offered to the zone|cancelled)$/);
        expect(response.body.details).toContain(`is ${status.replaceAll('_', ' ')}`);
      }
      const after = await stored(order.id);
      expect(after).toMatchObject({ status, courierPayCents: 35_00, updatedAt: order.updatedAt });
      const refused = (await eventsOf(admin, order.id)).filter((event) => event.outcome === 'refused');
      expect(refused.map((event) => event.action)).toEqual(['assign', 'offer_to_zone', 'cancel']);
    });
  }

  it('refuses a change when the order moved since the admin saw it (no lost update)', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier } = await insertCourier(db);
    // The admin saw it as offered to the zone; a courier has accepted it since.
    const order = await insertOrder(db, { status: 'courier_confirmed', courierId: courier.id });
    const cancel = await patch(admin, order.id, { status: 'cancelled', courierId: null, expectedStatus: 'pending_courier' });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({
      error: 'Order has changed',
      details: `Order #${order.orderNumber} is now courier confirmed (you saw pending courier). Review it and try again.`,
    });
    const other = await insertCourier(db);
    const assign = await patch(admin, order.id, {
      status: 'assigned',
      courierId: other.courier.id,
      deliveryFee: '10',
      tip: '0',
      expectedStatus: 'pending_courier',
    });
    expect(assign.status).toBe(409);
    expect(await stored(order.id)).toMatchObject({ status: 'courier_confirmed', courierId: courier.id });
  });

  it('of two admins acting on what they both saw, only the first wins', async () => {
    const db = testDb();
    const [first, second] = await Promise.all([signedIn('admin'), signedIn('admin')]);
    const a = await insertCourier(db);
    const b = await insertCourier(db);
    const order = await insertOrder(db, { status: 'pending_courier' });
    const results = await Promise.all([
      patch(first, order.id, { status: 'cancelled', expectedStatus: 'pending_courier' }),
      patch(second, order.id, { status: 'assigned', courierId: a.courier.id, deliveryFee: '10', tip: '0', expectedStatus: 'pending_courier' }),
      patch(second, order.id, { status: 'assigned', courierId: b.courier.id, deliveryFee: '10', tip: '0', expectedStatus: 'pending_courier' }),
    ]);
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(2);
    const winner = results.find((result) => result.status === 200)!.body;
    expect(await stored(order.id)).toMatchObject({ status: winner.status, courierId: winner.courierId });
  });

  it('answers a repeated assign (double click) like the first, recording it once', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { courier } = await insertCourier(db);
    const order = await insertOrder(db);
    const body = { status: 'assigned', courierId: courier.id, deliveryFee: '30', tip: '2', expectedStatus: 'new' };
    expect((await patch(admin, order.id, body)).status).toBe(200);
    const repeat = await patch(admin, order.id, body);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ status: 'assigned', courierId: courier.id, courierPay: '32.00' });
    expect((await eventsOf(admin, order.id)).filter((event) => event.action === 'assign')).toHaveLength(1);
  });

  it('answers 401 signed out and 404 for an unknown order', async () => {
    expect((await new Client().patch('/api/orders/1', { status: 'cancelled' })).status).toBe(401);
    expect((await patch(await signedIn('admin'), 99_999_999, { status: 'cancelled' })).status).toBe(404);
  });
});
