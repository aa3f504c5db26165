/** The courier's order lists, accepting and declining, and the workflow steps over HTTP (issue 5). */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { orderDeclines, orders } from '../../src/db/schema';
import { signedIn, testDb } from '../support/api';
import { insertOrder, insertServiceArea, insertSignableCourier } from '../support/factories';
import { BISTRO_POSITION, insertHeldOrder, insertPharmacyOrder } from '../support/courier';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function freshCourier() {
  const db = testDb();
  const { courier, username } = await insertSignableCourier(db);
  return { db, courier, client: await signedIn(username) };
}

describe('courier order lists', () => {
  it('show offers to my zone, my orders, my active ones and my upcoming ones, with stops and pickup coordinates', async () => {
    // A zone of its own: the offers list holds this business's offers and no other test's.
    const db = testDb();
    const { business, courier: me } = await insertServiceArea(db);
    const client = await signedIn(me.username);
    const courier = me.courier;
    const offer = await insertOrder(db, { business: business.username, status: 'pending_courier' });
    const elsewhere = await insertOrder(db, { status: 'pending_courier' });
    const mine = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const later = await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + 5 * HOUR });
    const { order: route } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'assigned', pickupIn: 3 * HOUR });
    const done = await insertHeldOrder(db, courier.id, 'delivered');

    const available = await client.get('/api/orders/courier');
    expect(available.status).toBe(200);
    const ids = available.body.map((order: { id: number }) => order.id);
    expect(ids).toEqual([offer.id]);
    expect(ids).not.toContain(elsewhere.id);
    expect(available.body[0]).toMatchObject({ pickupLatitude: 27.9427, pickupLongitude: -82.4497, stops: [] });

    const assigned = (await client.get('/api/orders/courier/assigned')).body.map((order: { id: number }) => order.id);
    // Soonest pickup first; finished orders are not listed.
    expect(assigned).toEqual([mine.id, route.id, later.id]);
    expect(assigned).not.toContain(done.id);
    const routeJson = (await client.get('/api/orders/courier/assigned')).body.find((order: { id: number }) => order.id === route.id);
    expect(routeJson.stops.map((stop: { sequence: number }) => stop.sequence)).toEqual([1, 2, 3]);

    const active = (await client.get('/api/orders/courier/active')).body.map((order: { id: number }) => order.id);
    expect(active.sort()).toEqual([mine.id, later.id].sort());
    const scheduled = (await client.get('/api/orders/courier/scheduled')).body.map((order: { id: number }) => order.id);
    expect(scheduled).toEqual([route.id, later.id]);
  });

  it('answer 304 while nothing changed, and the new list once an order changes', async () => {
    const { db, client } = await freshCourier();
    const first = await client.get('/api/orders/courier');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await client.get('/api/orders/courier', { 'If-None-Match': etag })).status).toBe(304);
    await insertOrder(db, { status: 'pending_courier' });
    expect((await client.get('/api/orders/courier', { 'If-None-Match': etag })).status).toBe(200);
  });

  it('answer 403 with the documents message while the licence or insurance has expired', async () => {
    const expired = await signedIn('courier5');
    for (const path of ['/api/orders/courier', '/api/orders/courier/assigned', '/api/orders/courier/active', '/api/orders/courier/scheduled']) {
      const response = await expired.get(path);
      expect(response.status, path).toBe(403);
      expect(response.body).toEqual({ error: 'Documents expired', details: 'Please check your documents in your profile. Some documents may have expired.' });
    }
    const offer = await insertOrder(testDb(), { status: 'pending_courier' });
    expect((await expired.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' })).status).toBe(403);
  });

  it('are for couriers only', async () => {
    expect((await (await signedIn('bistro')).get('/api/orders/courier')).status).toBe(403);
    expect((await (await signedIn('admin')).get('/api/orders/courier/assigned')).status).toBe(403);
  });
});

describe('accepting and declining', () => {
  it('gives a contested offer to exactly one of two couriers; the other gets 409 with a clear message', async () => {
    const db = testDb();
    const offer = await insertOrder(db, { status: 'pending_courier' });
    const [a, b] = await Promise.all([insertSignableCourier(db), insertSignableCourier(db)]);
    const [clientA, clientB] = await Promise.all([signedIn(a.username), signedIn(b.username)]);
    const answers = await Promise.all([
      clientA.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' }),
      clientB.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body).toEqual({ error: 'Order already taken', details: 'Another courier accepted this order first.' });
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(winner.body).toMatchObject({ status: 'courier_confirmed' });
    const [stored] = await db.select().from(orders).where(eq(orders.id, offer.id));
    expect([a.courier.id, b.courier.id]).toContain(stored.courierId);
    expect(winner.body.courierId).toBe(stored.courierId);

    // The winner's retry is a repeat, not a conflict.
    const again = await (stored.courierId === a.courier.id ? clientA : clientB).post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' });
    expect(again.status).toBe(200);
  });

  it('tells a courier who accepts an offer taken a moment ago that someone was first, not "not found"', async () => {
    const { db, client } = await freshCourier();
    const offer = await insertOrder(db, { status: 'pending_courier' });
    const rival = await insertSignableCourier(db);
    await (await signedIn(rival.username)).post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' });
    const late = await client.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' });
    expect(late.status).toBe(409);
    expect(late.body.details).toBe('Another courier accepted this order first.');
  });

  it('accepts an order the dispatcher assigned', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'assigned');
    const response = await client.post(`/api/orders/${order.id}/courier-response`, { action: 'accept' });
    expect(response.body).toMatchObject({ status: 'courier_confirmed', courierId: courier.id });
  });

  it('declining an offer hides it from me only', async () => {
    const db = testDb();
    const { zone, business, courier: me } = await insertServiceArea(db);
    const client = await signedIn(me.username);
    const offer = await insertOrder(db, { business: business.username, status: 'pending_courier', pickupTime: Date.now() + 30 * MINUTE });
    const response = await client.post(`/api/orders/${offer.id}/courier-response`, { action: 'reject' });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('pending_courier');
    expect((await client.get('/api/orders/courier')).body).toEqual([]);
    expect(
      await db
        .select()
        .from(orderDeclines)
        .where(and(eq(orderDeclines.orderId, offer.id), eq(orderDeclines.courierId, me.courier.id))),
    ).toHaveLength(1);
    const other = await signedIn((await insertSignableCourier(db, { zoneId: zone.id })).username);
    expect((await other.get('/api/orders/courier')).body.map((order: { id: number }) => order.id)).toEqual([offer.id]);
    // Declined, it can no longer be accepted by me.
    const accept = await client.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' });
    expect(accept.status).toBe(409);
    expect(accept.body.error).toBe('Order declined');
  });

  it('giving back a held order returns it to the dispatcher; under 2 hours before pickup the $30 fee must be accepted', async () => {
    const { db, courier, client } = await freshCourier();
    const soon = await insertHeldOrder(db, courier.id, 'courier_confirmed', { pickupTime: Date.now() + HOUR });
    const refused = await client.post(`/api/orders/${soon.id}/courier-response`, { action: 'reject' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Late cancellation fee');
    const given = await client.post(`/api/orders/${soon.id}/courier-response`, { action: 'reject', acceptLateFee: true });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ status: 'courier_rejected', courierId: null });
    const [event] = (await getEvents(db, soon.id)).filter((row) => row.action === 'reject');
    expect(event).toMatchObject({ outcome: 'applied', detail: 'Late cancellation fee $30.00' });

    const later = await insertHeldOrder(db, courier.id, 'assigned', { pickupTime: Date.now() + 5 * HOUR });
    expect((await client.post(`/api/orders/${later.id}/courier-response`, { action: 'reject' })).body.status).toBe('courier_rejected');
  });

  it('answers 404 for an order I may not see', async () => {
    const { db, client } = await freshCourier();
    const someoneElses = await insertHeldOrder(db, (await insertSignableCourier(db)).courier.id, 'assigned');
    expect((await client.post(`/api/orders/${someoneElses.id}/courier-response`, { action: 'accept' })).status).toBe(404);
    expect((await client.patch(`/api/orders/${someoneElses.id}`, { status: 'courier_on_way_to_pickup' })).status).toBe(404);
    expect((await client.post(`/api/orders/${someoneElses.id}/courier-response`, { action: 'maybe' })).status).toBe(400);
  });
});

describe('workflow steps (PATCH /api/orders/:id)', () => {
  it('walks the restaurant path, stamping each milestone on the server once', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_confirmed', { deliveryTime: Date.now() + 5 * MINUTE, pickupTime: Date.now() - 20 * MINUTE });
    const step = (body: object) => client.patch(`/api/orders/${order.id}`, body);

    const online = await step({ status: 'courier_on_way_to_pickup', goOnlineTime: '2001-01-01T00:00:00Z' });
    expect(online.status).toBe(200);
    expect(online.body.status).toBe('courier_on_way_to_pickup');
    // The client's time is ignored: the server stamps its own.
    expect(Date.parse(online.body.goOnlineTime)).toBeGreaterThan(Date.now() - MINUTE);
    expect(online.body.onWayToPickupTime).toBe(online.body.goOnlineTime);

    expect(
      (await step({ status: 'arrived_at_pickup', courierLatitude: BISTRO_POSITION.latitude, courierLongitude: BISTRO_POSITION.longitude })).body
        .arrivedAtPickupTime,
    ).toBeTruthy();
    expect((await step({ status: 'picked_up' })).body.pickedUpTime).toBeTruthy();
    expect((await step({ status: 'on_way_to_customer' })).body.onWayToCustomerTime).toBeTruthy();
    const arrived = await step({ status: 'arrived_at_customer' });
    expect(arrived.body.arrivedAtCustomerTime).toBeTruthy();

    // The same step twice is harmless, and keeps the first time.
    const again = await step({ status: 'arrived_at_customer' });
    expect(again.status).toBe(200);
    expect(again.body.arrivedAtCustomerTime).toBe(arrived.body.arrivedAtCustomerTime);

    expect((await step({ status: 'setup_in_progress' })).body.setupStartTime).toBeTruthy();
    const statuses = (await getEvents(db, order.id)).filter((event) => event.action === 'status').map((event) => event.toStatus);
    expect(statuses).toEqual(['courier_on_way_to_pickup', 'arrived_at_pickup', 'picked_up', 'on_way_to_customer', 'arrived_at_customer', 'setup_in_progress']);
  });

  it('refuses an illegal step with 409, records it, and changes nothing', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const response = await client.patch(`/api/orders/${order.id}`, { status: 'delivered' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'Status change not allowed', details: 'An order that is "On the Way to Restaurant" cannot become "Delivered".' });
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.status).toBe('courier_on_way_to_pickup');
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'awaiting_pharmacy_pickup' })).status).toBe(409);
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'teleported' })).status).toBe(400);
  });

  it('answers 403 to a PATCH on an order that is only offered', async () => {
    const { db, client } = await freshCourier();
    const offer = await insertOrder(db, { status: 'pending_courier' });
    const response = await client.patch(`/api/orders/${offer.id}`, { status: 'courier_on_way_to_pickup' });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('Accept the order first');
  });

  it('checks the 50 m restaurant arrival against the position the phone sends', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const far = await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_pickup', courierLatitude: 27.95, courierLongitude: -82.46 });
    expect(far.status).toBe(409);
    expect(far.body).toEqual({ error: 'Not at Restaurant', details: 'Get closer to restaurant (within 50m)' });
    const near = await client.patch(`/api/orders/${order.id}`, {
      status: 'arrived_at_pickup',
      courierLatitude: BISTRO_POSITION.latitude + 0.0002,
      courierLongitude: BISTRO_POSITION.longitude,
    });
    expect(near.status).toBe(200);
    const [event] = (await getEvents(db, order.id)).filter((row) => row.toStatus === 'arrived_at_pickup' && row.outcome === 'applied');
    expect(event.detail).toMatch(/^Arrived \d+ m from the pickup$/);
  });

  it('refuses an arrival without a device position while proximity checks are on, saying how to allow location (issue 15, F9)', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const refused = await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_pickup' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Location needed');
    expect(refused.body.details).toMatch(/^Allow location for this app to confirm your arrival/);
    const { order: route } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'courier_on_way_to_pharmacy' });
    expect((await client.patch(`/api/orders/${route.id}`, { status: 'arrived_at_pharmacy' })).body.error).toBe('Location needed');
    const [attempt] = (await getEvents(db, order.id)).filter((row) => row.toStatus === 'arrived_at_pickup');
    expect(attempt?.outcome ?? 'refused').toBe('refused');
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.status).toBe('courier_on_way_to_pickup');
  });

  it('takes the courier’s word when the phone cannot place them, and flags the arrival to the dispatcher (issue 27, C23)', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const confirmed = await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_pickup', withoutPosition: true });
    expect(confirmed.status).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.status).toBe('arrived_at_pickup');
    expect(stored.arrivedWithoutPositionAt).toBeGreaterThan(Date.now() - 60_000);
    const [event] = (await getEvents(db, order.id)).filter((row) => row.toStatus === 'arrived_at_pickup' && row.outcome === 'applied');
    expect(event.detail).toBe('Arrived without a device position (confirmed by the courier)');
    // The dispatcher sees it in the orders list.
    const admin = await signedIn('admin');
    const list = await admin.get(`/admin/orders?q=${order.orderNumber}&range=all`, { 'X-Partial': 'orders' });
    expect(list.text).toContain('Arrived without GPS');
  });

  it('lets the dispatcher record the arrival of a courier whose phone cannot, flagged the same way (C23)', async () => {
    const { db, courier } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const admin = await signedIn('admin');
    const wrong = await admin.patch(`/api/orders/${order.id}`, { status: 'arrived_at_customer', expectedStatus: 'courier_on_way_to_pickup' });
    expect(wrong.status).toBe(409);
    const recorded = await admin.patch(`/api/orders/${order.id}`, { status: 'arrived_at_pickup', expectedStatus: 'courier_on_way_to_pickup' });
    expect(recorded.status).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'arrived_at_pickup', courierId: courier.id });
    expect(stored.arrivedWithoutPositionAt).not.toBeNull();
    // The wrong arrival was refused and recorded; the right one applied.
    const attempts = (await getEvents(db, order.id)).filter((row) => row.action === 'arrive_for_courier');
    expect(attempts.map((row) => [row.toStatus, row.outcome, row.actorRole])).toEqual([
      ['arrived_at_customer', 'refused', 'admin'],
      ['arrived_at_pickup', 'applied', 'admin'],
    ]);
  });

  it('refuses arriving at the customer more than 10 minutes before the delivery time', async () => {
    const { db, courier, client } = await freshCourier();
    const early = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now() + HOUR });
    const response = await client.patch(`/api/orders/${early.id}`, { status: 'arrived_at_customer' });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('Too early to arrive');
    expect(response.body.details).toMatch(/^Cannot arrive before \d{1,2}:\d{2} (AM|PM)$/);
    const onTime = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now() + 9 * MINUTE });
    expect((await client.patch(`/api/orders/${onTime.id}`, { status: 'arrived_at_customer' })).status).toBe(200);
  });

  it('needs 4 photos to deliver a restaurant order', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer');
    const response = await client.patch(`/api/orders/${order.id}`, { status: 'delivered' });
    expect(response.status).toBe(409);
    expect(response.body.details).toBe('Please upload all 4 required photos before completing delivery');
  });

  it('starts a pharmacy route only in the last hour before pickup, after converting to the pharmacy statuses', async () => {
    const { db, courier, client } = await freshCourier();
    const { order: early } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'courier_confirmed', pickupIn: 2 * HOUR });
    const converted = await client.patch(`/api/orders/${early.id}`, { status: 'awaiting_pharmacy_pickup' });
    expect(converted.body.status).toBe('awaiting_pharmacy_pickup');
    const tooEarly = await client.patch(`/api/orders/${early.id}`, { status: 'courier_on_way_to_pharmacy' });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toEqual({ error: 'Too Early', details: 'You can go online 1 hour before pickup time' });

    const { order: soon } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'awaiting_pharmacy_pickup', pickupIn: 40 * MINUTE });
    const online = await client.patch(`/api/orders/${soon.id}`, { status: 'courier_on_way_to_pharmacy' });
    expect(online.body).toMatchObject({ status: 'courier_on_way_to_pharmacy' });
    expect(online.body.goOnlineTime).toBeTruthy();
    const far = await client.patch(`/api/orders/${soon.id}`, { status: 'arrived_at_pharmacy', courierLatitude: 27.96, courierLongitude: -82.46 });
    expect(far.body).toEqual({ error: 'Not at Pharmacy', details: 'You must be within 500 feet of the pharmacy' });
    // 500 feet is about 152 m: 120 m away is close enough.
    const near = await client.patch(`/api/orders/${soon.id}`, {
      status: 'arrived_at_pharmacy',
      courierLatitude: 27.9379 + 0.00108,
      courierLongitude: -82.4843,
    });
    expect(near.status).toBe(200);
    const noPhoto = await client.patch(`/api/orders/${soon.id}`, { status: 'pharmacy_picked_up' });
    expect(noPhoto.body).toEqual({ error: 'Photo Required', details: 'Please take a photo of all packages' });
  });

  it('refuses going online with expired documents', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db, { insuranceExpiry: '2020-01-01' });
    const order = await insertHeldOrder(db, courier.id, 'courier_confirmed');
    const response = await (await signedIn(username)).patch(`/api/orders/${order.id}`, { status: 'courier_on_way_to_pickup' });
    expect(response.status).toBe(403);
  });

  it('gives the order back to dispatch through the penalty dialog, recording the fee; the customer’s delivery is not cancelled (C26)', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { pickupTime: Date.now() - 10 * MINUTE });
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'cancelled' })).body.error).toBe('Late cancellation fee');
    // The spec's client asks to cancel; the app's asks to give it back: both hand it back.
    const handedBack = await client.patch(`/api/orders/${order.id}`, { status: 'cancelled', acceptLateFee: true });
    expect(handedBack.status).toBe(200);
    expect(handedBack.body).toMatchObject({ status: 'courier_rejected', courierId: null });
    expect((await getEvents(db, order.id)).at(-1)).toMatchObject({
      toStatus: 'courier_rejected',
      actorRole: 'courier',
      detail: 'Late cancellation fee $30.00',
    });
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'courier_rejected', courierId: null });
    const another = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup', { pickupTime: Date.now() + 3 * 60 * MINUTE });
    expect((await client.patch(`/api/orders/${another.id}`, { status: 'courier_rejected' })).body).toMatchObject({
      status: 'courier_rejected',
      courierId: null,
    });
  });

  it('replays the first answer to a request sent again with the same Idempotency-Key', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'arrived_at_pickup');
    const key = `test-${Date.now()}-replay`;
    const first = await client.patch(`/api/orders/${order.id}`, { status: 'picked_up' }, { 'Idempotency-Key': key });
    await client.patch(`/api/orders/${order.id}`, { status: 'on_way_to_customer' });
    const replay = await client.patch(`/api/orders/${order.id}`, { status: 'picked_up' }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.status).toBe('on_way_to_customer');
    // Refusals are kept too; a bad key is refused.
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'picked_up' }, { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
  });
});
