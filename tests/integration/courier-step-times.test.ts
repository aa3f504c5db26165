/**
 * A step that waited on the phone keeps its tap time when plausible (issue 15, decision F7):
 * the phone sends its clock at the tap and at sending (X-Tapped-At, X-Sent-At); the server
 * dates the step that long before it received it, never before the previous step nor in the
 * future, and writes both times in the history when it adjusts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { orderStops } from '../../src/db/schema';
import { signedIn, testDb } from '../support/api';
import { insertHeldOrder, insertPharmacyOrder, atStop } from '../support/courier';
import { insertSignableCourier } from '../support/factories';

const MINUTE = 60_000;

async function freshCourier() {
  const db = testDb();
  const { courier, username } = await insertSignableCourier(db);
  return { db, courier, client: await signedIn(username) };
}

/** What the phone sends for a step tapped `waited` ms ago, its clock set `skew` ms off. */
const tappedAgo = (waited: number, skew = 0) => {
  const sentAt = Date.now() + skew;
  return { 'X-Tapped-At': String(sentAt - waited), 'X-Sent-At': String(sentAt) };
};

describe('step times from the phone', () => {
  it('an arrival that waited 2 minutes offline is recorded at the tap, even with the phone clock an hour off', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', {
      deliveryTime: Date.now(),
      onWayToCustomerTime: Date.now() - 20 * MINUTE,
    });
    const before = Date.now();
    const response = await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_customer' }, tappedAgo(2 * MINUTE, 60 * MINUTE));
    const after = Date.now();
    expect(response.status).toBe(200);
    const arrived = Date.parse(response.body.arrivedAtCustomerTime);
    expect(arrived).toBeGreaterThanOrEqual(before - 2 * MINUTE - 1000);
    expect(arrived).toBeLessThanOrEqual(after - 2 * MINUTE + 1000);
    const [event] = (await getEvents(db, order.id)).filter((entry) => entry.toStatus === 'arrived_at_customer');
    expect(event.at).toBe(arrived);
    expect(event.detail).toMatch(/^Tapped at \d+:\d\d:\d\d [AP]M on the phone; reached the server at \d+:\d\d:\d\d [AP]M$/);
    // The order itself was changed now: lists and screens see it as the newest copy.
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(before);
  });

  it('a tap time before the previous step is moved to it, and both times are in the history', async () => {
    const { db, courier, client } = await freshCourier();
    const previous = Date.now() - 3 * MINUTE;
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now(), onWayToCustomerTime: previous });
    const response = await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_customer' }, tappedAgo(10 * MINUTE));
    expect(response.status).toBe(200);
    expect(Date.parse(response.body.arrivedAtCustomerTime)).toBe(previous);
    const [event] = (await getEvents(db, order.id)).filter((entry) => entry.toStatus === 'arrived_at_customer');
    expect(event.at).toBe(previous);
    expect(event.detail).toMatch(/^Phone time .+ was before the previous step; recorded at .+$/);
  });

  it('a tap time in the future, or a step without the phone’s times, is recorded when received', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now(), onWayToCustomerTime: Date.now() - 10 * MINUTE });
    const before = Date.now();
    const sent = Date.now();
    const future = await client.patch(
      `/api/orders/${order.id}`,
      { status: 'arrived_at_customer' },
      { 'X-Tapped-At': String(sent + 5 * MINUTE), 'X-Sent-At': String(sent) },
    );
    expect(Date.parse(future.body.arrivedAtCustomerTime)).toBeGreaterThanOrEqual(before);
    expect((await getEvents(db, order.id)).find((entry) => entry.toStatus === 'arrived_at_customer')!.detail).toMatch(/was in the future/);

    const plain = await insertHeldOrder(db, courier.id, 'on_way_to_customer', { deliveryTime: Date.now() });
    const garbled = await client.patch(`/api/orders/${plain.id}`, { status: 'arrived_at_customer' }, { 'X-Tapped-At': 'yesterday', 'X-Sent-At': '1' });
    expect(garbled.status).toBe(200);
    expect(Date.parse(garbled.body.arrivedAtCustomerTime)).toBeGreaterThanOrEqual(before);
    expect((await getEvents(db, plain.id)).find((entry) => entry.toStatus === 'arrived_at_customer')!.detail).toBeNull();
  });

  it('a stop delivered offline keeps its tap time', async () => {
    const { db, courier, client } = await freshCourier();
    const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'in_pharmacy_delivery', pharmacyPickupPhoto: '/api/photos/x.jpg' });
    await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stops[0].id));
    const before = Date.now();
    const response = await client.patch(`/api/order-stops/${stops[0].id}`, { status: 'arrived', ...atStop(stops[0]) }, tappedAgo(4 * MINUTE));
    expect(response.status).toBe(200);
    const [stop] = await db.select().from(orderStops).where(eq(orderStops.id, stops[0].id));
    expect(stop.arrivedTime).toBeLessThanOrEqual(Date.now() - 4 * MINUTE + 1000);
    expect(stop.arrivedTime).toBeGreaterThanOrEqual(before - 4 * MINUTE - 1000);
    expect((await getEvents(db, order.id)).at(-1)!.detail).toMatch(/^Stop 1 .*; Tapped at .* on the phone/);
  });
});
