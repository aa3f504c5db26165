/**
 * Races over HTTP (issue 7): requests that contend for one order arrive at the real
 * Worker at the same moment, and the database ends in one consistent state with every
 * attempt in the order's history. The same races at the database layer are in
 * order-change.test.ts; here they go through sessions, validation and the route code.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { orders, orderStops, photos } from '../../src/db/schema';
import { Client, testDb } from '../support/api';
import { dataString, insertHeldOrder, insertPharmacyOrder, png } from '../support/courier';
import { insertCourier, insertOrder, insertSession } from '../support/factories';
import { callers, sessionCookie, type Caller, type Role } from '../support/security';

type Db = ReturnType<typeof testDb>;

let db: Db;
let who: Record<Role, Caller>;

beforeAll(async () => {
  db = testDb();
  who = await callers(db);
});

/** A courier of the demo Tampa zone with valid documents, signed in. */
async function signedInCourier(): Promise<{ client: Client; courierId: number; userId: number }> {
  const { user, courier } = await insertCourier(db);
  const client = new Client();
  client.cookie = sessionCookie(await insertSession(db, user.id));
  return { client, courierId: courier.id, userId: user.id };
}

const storedOrder = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

describe('20 couriers accept one offer at the same moment', () => {
  it('exactly one wins with 200; the 19 others get 409 "Order already taken"; the order names the winner', async () => {
    const offer = await insertOrder(db, { status: 'pending_courier' });
    // Set up one by one (the test's own writes are not what is raced); then all 20 at once.
    const couriers = [];
    for (let i = 0; i < 20; i++) couriers.push(await signedInCourier());
    const answers = await Promise.all(couriers.map(({ client }) => client.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' })));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const loser of answers.filter((answer) => answer.status === 409)) {
      expect(loser.body).toEqual({ error: 'Order already taken', details: 'Another courier accepted this order first.' });
    }
    const winner = couriers[statuses.indexOf(200)];
    const stored = await storedOrder(offer.id);
    expect(stored).toMatchObject({ status: 'courier_confirmed', courierId: winner.courierId });
    expect(answers[statuses.indexOf(200)].body).toMatchObject({ status: 'courier_confirmed', courierId: winner.courierId });

    // One applied accept; every loser that reached the order is recorded as refused.
    const accepts = (await getEvents(db, offer.id)).filter((event) => event.action === 'accept');
    expect(accepts.filter((event) => event.outcome === 'applied')).toHaveLength(1);
    expect(accepts.find((event) => event.outcome === 'applied')!.actorUserId).toBe(winner.userId);
    expect(accepts.every((event) => event.outcome === 'applied' || event.outcome === 'refused')).toBe(true);

    // The losers no longer see it; the winner holds it in their list.
    const loser = couriers[statuses.indexOf(409)];
    expect((await loser.client.get('/api/orders/courier')).body.map((order: { id: number }) => order.id)).not.toContain(offer.id);
    expect((await winner.client.get('/api/orders/courier/assigned')).body.map((order: { id: number }) => order.id)).toContain(offer.id);
  });
});

describe('an admin cancels while the courier goes online', () => {
  it('ends in one consistent state whoever is first, with both attempts in the history: the winner applied, the other refused', async () => {
    // Several orders at once, so both orders of arrival are likely to happen in one run.
    const admin = await who.admin.client();
    const setups = [];
    for (let i = 0; i < 8; i++) {
      const courier = await signedInCourier();
      setups.push({ courier, order: await insertHeldOrder(db, courier.courierId, 'courier_confirmed', { pickupTime: Date.now() + 30 * 60_000 }) });
    }
    const rounds = await Promise.all(
      setups.map(async ({ courier, order }) => {
        const [cancel, online] = await Promise.all([
          admin.patch(`/api/orders/${order.id}`, { status: 'cancelled', expectedStatus: 'courier_confirmed' }),
          courier.client.patch(`/api/orders/${order.id}`, { status: 'courier_on_way_to_pickup' }),
        ]);
        return { courier, order, cancel, online, stored: await storedOrder(order.id), events: await getEvents(db, order.id) };
      }),
    );

    const outcomes = new Set<string>();
    for (const { courier, cancel, online, stored, events } of rounds) {
      // In the order they were recorded (the history lists them by when each request came in).
      const attempts = events
        .filter((event) => event.action === 'cancel' || (event.action === 'status' && event.toStatus === 'courier_on_way_to_pickup'))
        .toSorted((a, b) => a.id - b.id);
      // The winner's attempt is the first recorded and applied; the other's comes after it, refused.
      expect(attempts[0].outcome).toBe('applied');
      expect(attempts.slice(1).map((event) => event.outcome)).toEqual(attempts.length === 2 ? ['refused'] : []);
      if (cancel.status === 200) {
        expect(stored).toMatchObject({ status: 'cancelled', courierId: null });
        expect(attempts[0]).toMatchObject({ action: 'cancel', toStatus: 'cancelled' });
        // Whether the step read the order before the cancel (and lost at the write) or arrived
        // after it (the order no longer theirs, S4), it is answered 409 and recorded as refused.
        expect(online.status).toBe(409);
        expect(online.body.details).toBe('It is now "Cancelled". Refresh to see it as it is.');
        expect(attempts).toHaveLength(2);
        expect(attempts[1]).toMatchObject({ action: 'status', fromStatus: 'cancelled', outcome: 'refused', actorUserId: courier.userId });
        outcomes.add('cancel first, step refused');
      } else {
        outcomes.add('online first');
        expect(cancel.status).toBe(409);
        expect(cancel.body.error).toBe('Order has changed');
        expect(online.status).toBe(200);
        expect(stored).toMatchObject({ status: 'courier_on_way_to_pickup', courierId: courier.courierId });
        expect(stored.goOnlineTime).toBeTypeOf('number');
        expect(attempts.map((event) => [event.action, event.outcome])).toEqual([
          ['status', 'applied'],
          ['cancel', 'refused'],
        ]);
      }
    }
    console.info(`cancel vs going online: ${[...outcomes].join(', ')} over ${rounds.length} rounds`);
  });
  it('a step sent after the order was taken from the courier is answered 409 and recorded; nobody else can add to the history', async () => {
    const admin = await who.admin.client();
    const courier = await signedInCourier();
    const stranger = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'courier_confirmed', { pickupTime: Date.now() + 30 * 60_000 });
    expect((await admin.patch(`/api/orders/${order.id}`, { status: 'cancelled', expectedStatus: 'courier_confirmed' })).status).toBe(200);

    const late = await courier.client.patch(`/api/orders/${order.id}`, { status: 'courier_on_way_to_pickup' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'The order has changed', details: 'It is now "Cancelled". Refresh to see it as it is.' });
    // Another courier learns nothing and writes nothing; nor can the late courier upload to it.
    expect((await stranger.client.patch(`/api/orders/${order.id}`, { status: 'courier_on_way_to_pickup' })).status).toBe(404);
    expect((await courier.client.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect(await storedOrder(order.id)).toMatchObject({ status: 'cancelled', courierId: null });
    const history = (await getEvents(db, order.id)).map((event) => [event.action, event.fromStatus, event.toStatus, event.outcome, event.actorUserId]);
    expect(history).toEqual([
      ['cancel', 'courier_confirmed', 'cancelled', 'applied', expect.any(Number)],
      ['status', 'cancelled', 'courier_on_way_to_pickup', 'refused', courier.userId],
    ]);
  });
  it('a cancel sent from a dialog opened before the courier went online is refused and recorded; the order stays online', async () => {
    const admin = await who.admin.client();
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'courier_confirmed', { pickupTime: Date.now() + 30 * 60_000 });
    expect((await courier.client.patch(`/api/orders/${order.id}`, { status: 'courier_on_way_to_pickup' })).status).toBe(200);
    const cancel = await admin.patch(`/api/orders/${order.id}`, { status: 'cancelled', expectedStatus: 'courier_confirmed' });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ error: 'Order has changed' });
    expect(await storedOrder(order.id)).toMatchObject({ status: 'courier_on_way_to_pickup', courierId: courier.courierId });
    const history = (await getEvents(db, order.id)).map((event) => [event.action, event.fromStatus, event.toStatus, event.outcome]);
    expect(history).toEqual([
      ['status', 'courier_confirmed', 'courier_on_way_to_pickup', 'applied'],
      ['cancel', 'courier_on_way_to_pickup', 'cancelled', 'refused'],
    ]);
  });
});

describe('the same workflow step sent twice', () => {
  it('at the same moment: applied once, both answered with the order in the new status', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'courier_confirmed', { pickupTime: Date.now() + 30 * 60_000 });
    const answers = await Promise.all([0, 1].map(() => courier.client.patch(`/api/orders/${order.id}`, { status: 'courier_on_way_to_pickup' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 'courier_on_way_to_pickup' });
    const steps = (await getEvents(db, order.id)).filter((event) => event.action === 'status' && event.outcome === 'applied');
    expect(steps).toHaveLength(1);
    const stored = await storedOrder(order.id);
    expect(answers[0].body.goOnlineTime).toBe(answers[1].body.goOnlineTime);
    expect(stored.goOnlineTime).toBeTypeOf('number');
  });

  it('one after the other: the repeat is answered as done, recorded once, and keeps the first time', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_pickup');
    const first = await courier.client.patch(`/api/orders/${order.id}`, { status: 'picked_up' });
    expect(first.status).toBe(200);
    const pickedUpAt = (await storedOrder(order.id)).pickedUpTime;
    const again = await courier.client.patch(`/api/orders/${order.id}`, { status: 'picked_up' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'picked_up' });
    expect((await storedOrder(order.id)).pickedUpTime).toBe(pickedUpAt);
    expect((await getEvents(db, order.id)).filter((event) => event.toStatus === 'picked_up')).toHaveLength(1);
  });

  it('an accept sent twice at once by the same courier: one applied accept, both answered 200', async () => {
    const courier = await signedInCourier();
    const offer = await insertOrder(db, { status: 'pending_courier' });
    const answers = await Promise.all([0, 1].map(() => courier.client.post(`/api/orders/${offer.id}/courier-response`, { action: 'accept' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await storedOrder(offer.id)).toMatchObject({ status: 'courier_confirmed', courierId: courier.courierId });
    const applied = (await getEvents(db, offer.id)).filter((event) => event.outcome === 'applied');
    expect(applied).toHaveLength(1);
  });
});

describe('an admin cancels while the courier delivers a stop with a large photo', () => {
  it('never leaves a stop delivered under a cancelled order whose history refused the delivery: the stop moves only in the same write as its history', async () => {
    const admin = await who.admin.client();
    const photo = dataString(png(900, 900, 3));
    const rounds = await Promise.all(
      // The cancel lands while the photo is stored (the window the old code lost), and later, after the delivery.
      [0, 50, 100, 200, 300, 2000, 4000].map(async (delay) => {
        const courier = await signedInCourier();
        const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.courierId, status: 'pharmacy_picked_up', stops: 2 });
        await db.update(orderStops).set({ status: 'arrived', arrivedTime: Date.now() }).where(eq(orderStops.id, stops[0].id));
        const [delivery] = await Promise.all([
          courier.client.patch(`/api/order-stops/${stops[0].id}`, { status: 'delivered', deliveryPhoto: photo }),
          new Promise((resolve) => setTimeout(resolve, delay)).then(() => admin.patch(`/api/orders/${order.id}`, { status: 'cancelled' })),
        ]);
        return { delay, delivery, order, stop: stops[0] };
      }),
    );
    console.info('stop vs cancel:', rounds.map((round) => `${round.delay} ms → ${round.delivery.status}`).join(', '));
    for (const { delay, delivery, order, stop } of rounds) {
      const [stored] = await db.select().from(orderStops).where(eq(orderStops.id, stop.id));
      const events = await getEvents(db, order.id);
      const stopEvents = events.filter((event) => event.action === 'stop');
      const cancel = events.find((event) => event.action === 'cancel' && event.outcome === 'applied');
      const storedPhotos = await db.select().from(photos).where(eq(photos.stopId, stop.id));
      const round = `cancel ${delay} ms after the delivery: answered ${delivery.status}`;
      if (stored.status === 'delivered') {
        // The delivery won: it answered 200, its history is applied, and any cancel came after it.
        expect(delivery.status, round).toBe(200);
        const applied = stopEvents.find((event) => event.outcome === 'applied');
        expect(applied, round).toBeDefined();
        if (cancel) expect(cancel.id, round).toBeGreaterThan(applied!.id);
        expect(storedPhotos, round).toHaveLength(1);
      } else {
        // The cancel won: the stop did not move, the step was refused (409) and recorded so, and its photo was not kept.
        expect(stored.status, round).toBe('arrived');
        expect(delivery.status, round).toBe(409);
        expect(
          stopEvents.every((event) => event.outcome === 'refused'),
          round,
        ).toBe(true);
        expect(storedPhotos, round).toHaveLength(0);
        expect((await storedOrder(order.id)).status, round).toBe('cancelled');
      }
    }
  }, 60_000);
});
