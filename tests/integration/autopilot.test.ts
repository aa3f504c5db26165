/**
 * The zone's autopilot (issue 30, decision W12) against the real Worker, its Durable Object's
 * alarms and real couriers: an order offered to one courier at a time, declined, left to run
 * out, accepted, with every step in its history; an order booked for later left until its lead
 * time; a paused zone left alone; and the dispatcher taking an order back.
 */
import { eq, inArray } from 'drizzle-orm';
import { autopilotZonesOf } from '../../src/db/autopilot';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { dispatchCascades, orders } from '../../src/db/schema';
import { Client, signedIn, testDb } from '../support/api';
import { singleOrderBody } from '../support/business';
import { insertBusiness, insertOrders, insertSignableCourier, insertZone } from '../support/factories';

const MINUTE = 60_000;
const iso = (time: number) => new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** Waits for the order to be as `holds` says (the autopilot works in the background), and answers it. */
async function orderWhen(db: Db, orderId: number, holds: (order: typeof orders.$inferSelect) => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (holds(order)) return order;
    if (Date.now() - started > timeoutMs) throw new Error(`order ${orderId} never came to pass: it is ${order.status}, courier ${order.courierId}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The zones a test put on autopilot: set back to manual after it, so no timer of theirs moves an order while later suites count what changed. */
const onAutopilot: number[] = [];
afterEach(async () => {
  const admin = await signedIn('admin');
  for (const zoneId of onAutopilot.splice(0)) expect((await admin.patch(`/api/zones/${zoneId}/dispatch`, { mode: 'manual' })).status).toBe(200);
  // A pass already under way finishes on the read it made; the next finds the zone manual.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
});

/** A zone on autopilot with a business and three couriers online at 0.1, 0.5 and 1 mile from its pickup, nearest first. */
async function autopilotZone(db: Db, settings: Record<string, unknown> = {}) {
  const zone = await insertZone(db);
  onAutopilot.push(zone.id);
  const business = await insertBusiness(db, { zoneId: zone.id });
  const now = Date.now();
  const at = (milesNorth: number) => ({ courierLatitude: 27.9427 + milesNorth / 69, courierLongitude: -82.4497, lastLocationUpdateTime: now, zoneId: zone.id });
  const couriers = [await insertSignableCourier(db, at(0.1)), await insertSignableCourier(db, at(0.5)), await insertSignableCourier(db, at(1))];
  const admin = await signedIn('admin');
  const saved = await admin.patch(`/api/zones/${zone.id}/dispatch`, { mode: 'auto_offer', offerSeconds: 10, maxSingleOffers: 3, leadMinutes: 30, ...settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { zone, business, couriers, admin };
}

async function createOrder(username: string, pickupIn: number) {
  const pickup = Date.now() + pickupIn;
  const created = await (await signedIn(username)).post('/api/orders', singleOrderBody({ pickupTime: iso(pickup), deliveryTime: iso(pickup + 45 * MINUTE) }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; orderNumber: string };
}

const autopilotLines = async (admin: Client, orderId: number) =>
  ((await admin.get(`/api/orders/${orderId}/events`)).body as Array<{ action: string; detail: string | null }>)
    .filter((event) => event.action === 'autopilot')
    .map((event) => event.detail ?? '');

describe('the autopilot (issue 30)', () => {
  it('offers a new order to the best courier alone, the next on a decline and when time runs out, until one accepts; the history says why', async () => {
    const db = testDb();
    const { business, couriers, admin } = await autopilotZone(db);
    const [first, second, third] = couriers.map(({ courier }) => courier.id);
    const order = await createOrder(business.username, 20 * MINUTE);

    // Nobody at the console: offered to the nearest alone, with a time to accept that their phone counts down.
    const offered = await orderWhen(db, order.id, (now) => now.status === 'assigned' && now.courierId === first);
    expect(offered.offerExpiresAt! - Date.now()).toBeGreaterThan(0);
    expect(offered.offerExpiresAt! - Date.now()).toBeLessThanOrEqual(10_000);
    const firstPhone = await new Client().login(couriers[0].username);
    const listed = (await firstPhone.get('/api/orders/courier/assigned')).body as Array<{ id: number; offerExpiresAt: string | null }>;
    expect(listed.find((row) => row.id === order.id)?.offerExpiresAt).toBe(new Date(offered.offerExpiresAt!).toISOString());

    // Declined (no fee, no alert): the next courier is offered it at once.
    const declined = await firstPhone.post(`/api/orders/${order.id}/courier-response`, { action: 'reject' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    await orderWhen(db, order.id, (now) => now.status === 'assigned' && now.courierId === second, 5_000);

    // The second lets it run out: the zone's alarm moves it on, and they no longer see it.
    await orderWhen(db, order.id, (now) => now.status === 'assigned' && now.courierId === third, 20_000);
    const secondPhone = await new Client().login(couriers[1].username);
    const secondLists = [...(await secondPhone.get('/api/orders/courier/assigned')).body, ...(await secondPhone.get('/api/orders/courier')).body];
    expect(secondLists.map((row: { id: number }) => row.id)).not.toContain(order.id);

    const accepted = await (await new Client().login(couriers[2].username)).post(`/api/orders/${order.id}/courier-response`, { action: 'accept' });
    expect(accepted.body).toMatchObject({ status: 'courier_confirmed', courierId: third });
    await expect
      .poll(async () => (await db.select().from(dispatchCascades).where(eq(dispatchCascades.orderId, order.id)))[0]?.phase, { timeout: 5_000 })
      .toBe('assigned');

    const lines = await autopilotLines(admin, order.id);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^offered to ${couriers[0].user.name}: 1 min away, idle \\(weighed: ${couriers[0].user.name}: `)),
      expect.stringMatching(new RegExp(`^declined after \\d+ s; offered to ${couriers[1].user.name}: \\d+ min away, idle`)),
      expect.stringMatching(new RegExp(`^timed out after 1\\d s; offered to ${couriers[2].user.name}: `)),
      expect.stringMatching(new RegExp(`^accepted by ${couriers[2].user.name} after \\d+ s$`)),
    ]);
  });

  it('offers orders from one pickup that one drive delivers on time to one courier as one trip, ending together', async () => {
    const db = testDb();
    const { business, couriers, admin, zone } = await autopilotZone(db, { paused: true });
    // Booked ahead, both come due together (here: when the zone resumes).
    const [first, second] = [await createOrder(business.username, 20 * MINUTE), await createOrder(business.username, 22 * MINUTE)];
    expect((await admin.patch(`/api/zones/${zone.id}/dispatch`, { mode: 'auto_offer', offerSeconds: 60, leadMinutes: 30 })).status).toBe(200);
    const offered = await Promise.all([first, second].map(({ id }) => orderWhen(db, id, (now) => now.status === 'assigned')));
    expect(offered.map((order) => order.courierId)).toEqual([couriers[0].courier.id, couriers[0].courier.id]);
    expect(offered[0].offerExpiresAt).toBe(offered[1].offerExpiresAt);
    for (const { id } of [first, second])
      expect((await autopilotLines(admin, id))[0]).toMatch(
        new RegExp(`, as one trip from one pickup: #${first.orderNumber}, #${second.orderNumber} \\(weighed: `),
      );
  });

  it("wakes only the autopilots of the changed orders' zones that run one: never a manual zone's", async () => {
    const db = testDb();
    const manual = await insertZone(db);
    const manualBusiness = await insertBusiness(db, { zoneId: manual.id });
    const { zone, business } = await autopilotZone(db);
    const [inManual] = await insertOrders(db, manualBusiness.username, [{}]);
    const [inAuto] = await insertOrders(db, business.username, [{}]);
    expect(await autopilotZonesOf(db, [inManual.id], [])).toEqual([]);
    expect(await autopilotZonesOf(db, [inManual.id, inAuto.id], [])).toEqual([zone.id]);
    await db.delete(orders).where(inArray(orders.id, [inManual.id, inAuto.id]));
  });

  it('leaves an order booked for another day until its lead time, and a paused zone alone', async () => {
    const db = testDb();
    const { business, zone, admin } = await autopilotZone(db);
    const later = await createOrder(business.username, 3 * 24 * 60 * MINUTE);
    expect((await admin.patch(`/api/zones/${zone.id}/dispatch`, { mode: 'auto_offer', paused: true })).status).toBe(200);
    const whilePaused = await createOrder(business.username, 20 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const id of [later.id, whilePaused.id]) expect((await orderWhen(db, id, () => true)).status).toBe('new');
    expect(await autopilotLines(admin, later.id)).toEqual([]);

    // Resumed, the order due now is offered; the one for another day still waits.
    expect((await admin.patch(`/api/zones/${zone.id}/dispatch`, { mode: 'auto_offer', offerSeconds: 10, leadMinutes: 30, paused: false })).status).toBe(200);
    await orderWhen(db, whilePaused.id, (now) => now.status === 'assigned');
    expect((await orderWhen(db, later.id, () => true)).status).toBe('new');
  });

  it('lets the dispatcher take an order back: the offer is withdrawn and the autopilot does nothing more with it', async () => {
    const db = testDb();
    const { business, admin } = await autopilotZone(db);
    const order = await createOrder(business.username, 20 * MINUTE);
    await orderWhen(db, order.id, (now) => now.status === 'assigned');
    const taken = await admin.post(`/api/orders/${order.id}/take-back`, {});
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toMatchObject({ status: 'new', courierId: null });
    // Wakes of the zone (another order) leave it with the dispatcher.
    await createOrder(business.username, 20 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await orderWhen(db, order.id, () => true)).toMatchObject({ status: 'new', courierId: null, offerExpiresAt: null });
    expect((await admin.post(`/api/orders/${order.id}/take-back`, {})).status).toBe(409);
  });

  it('in an auto-assign zone gives the order at once to the best courier who opted in on their profile', async () => {
    const db = testDb();
    const { business, couriers, admin } = await autopilotZone(db, { mode: 'auto_assign' });
    const [nearest, second] = couriers;
    // The second courier opts in; the nearest did not, so they would only be offered it.
    const phone = await new Client().login(second.username);
    expect((await phone.patch('/api/couriers/profile', { acceptsAutomatically: true })).body).toMatchObject({ acceptsAutomatically: true });
    await (await new Client().login(nearest.username)).patch('/api/couriers/profile', { acceptsAutomatically: false });
    const order = await createOrder(business.username, 20 * MINUTE);
    const offered = await orderWhen(db, order.id, (now) => now.status !== 'new');
    // The best is the nearest, who did not opt in: offered to them, with a time to accept.
    expect(offered).toMatchObject({ status: 'assigned', courierId: nearest.courier.id });
    const declined = await (await new Client().login(nearest.username)).post(`/api/orders/${order.id}/courier-response`, { action: 'reject' });
    expect(declined.status).toBe(200);
    // Next best opted in: theirs at once, accepted for them.
    const assigned = await orderWhen(db, order.id, (now) => now.status === 'courier_confirmed', 5_000);
    expect(assigned).toMatchObject({ courierId: second.courier.id, offerExpiresAt: null });
    expect((await autopilotLines(admin, order.id)).at(-1)).toMatch(new RegExp(`^declined after \\d+ s; assigned to ${second.user.name}: `));
  });

  it('refuses settings out of bounds, naming the field', async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const admin = await signedIn('admin');
    const refused = await admin.patch(`/api/zones/${zone.id}/dispatch`, { mode: 'auto_offer', offerSeconds: 5, maxLoad: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toMatchObject({
      offerSeconds: ['A whole number of seconds from 10 to 600.'],
      maxLoad: ['A whole number of orders from 1 to 20.'],
    });
    expect((await admin.patch('/api/zones/999999/dispatch', { mode: 'manual' })).status).toBe(404);
  });
});
