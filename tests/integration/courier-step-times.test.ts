/**
 * A step that waited on the phone keeps its tap time when plausible (issue 15, decision F7):
 * the phone sends its clock at the tap and at sending (X-Tapped-At, X-Sent-At); the server
 * dates the step that long before it received it, never before the previous step nor in the
 * future, and writes both times in the history when it adjusts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { orderStops, photos } from '../../src/db/schema';
import { signedIn, testDb } from '../support/api';
import { atStop, dataString, insertHeldOrder, insertPharmacyOrder, png, upload } from '../support/courier';
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

  it('photos taken offline carry their tap time and place, and the history lists them before the delivery they came with (issue 27)', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer', { deliveryTime: Date.now(), arrivedAtCustomerTime: Date.now() - 30 * MINUTE });
    const before = Date.now();
    // Taken 9 minutes ago in a dead zone, with the phone's last fix; sent now, as the outbox does.
    const uploaded = await upload(
      client,
      `/api/orders/${order.id}/photos?kind=delivery&latitude=27.9506&longitude=-82.4572`,
      png(20, 20, 1),
      'image/png',
      tappedAgo(9 * MINUTE),
    );
    const unplaced = await upload(client, `/api/orders/${order.id}/photos?kind=delivery`, png(20, 20, 2), 'image/png', tappedAgo(9 * MINUTE - 1000));
    expect([uploaded.status, unplaced.status]).toEqual([201, 201]);
    const rows = await db.select().from(photos).where(eq(photos.orderId, order.id));
    const placed = rows.find((row) => row.key === uploaded.body.key)!;
    expect(placed.takenAt).toBeGreaterThanOrEqual(before - 9 * MINUTE - 1000);
    expect(placed.takenAt).toBeLessThanOrEqual(Date.now() - 9 * MINUTE + 1000);
    expect([placed.takenLatitude, placed.takenLongitude]).toEqual([27.9506, -82.4572]);
    expect(rows.find((row) => row.key === unplaced.body.key)).toMatchObject({ takenLatitude: null, takenLongitude: null });

    // The attach and the delivery (which needs 4 photos) were tapped together 8 minutes ago and reach the server in that order.
    const more = [dataString(png(20, 20, 3)), dataString(png(20, 20, 4))];
    const attached = await client.post(
      `/api/orders/${order.id}/delivery-photos`,
      { photos: [uploaded.body.url, unplaced.body.url, ...more] },
      tappedAgo(8 * MINUTE),
    );
    const delivered = await client.patch(`/api/orders/${order.id}`, { status: 'delivered' }, tappedAgo(8 * MINUTE - 500));
    expect([attached.status, delivered.status]).toEqual([201, 200]);
    const history = await getEvents(db, order.id);
    const attachedAt = history.findIndex((entry) => entry.action === 'edit');
    const deliveredAt = history.findIndex((entry) => entry.toStatus === 'delivered');
    expect(attachedAt).toBeGreaterThanOrEqual(0);
    expect(attachedAt).toBeLessThan(deliveredAt);
    expect(history[attachedAt].at).toBeLessThanOrEqual(Date.now() - 8 * MINUTE + 1000);
    expect(history[attachedAt].detail).toMatch(/^Tapped at .* on the phone/);
    // Listed by when things happened, whatever reached the server first.
    expect(history.map((entry) => entry.at)).toEqual(history.map((entry) => entry.at).toSorted((a, b) => a - b));

    // The dispatcher reads when and where each was taken under the photo.
    const admin = await signedIn('admin');
    const page = await admin.get(`/admin/orders/${order.id}`);
    expect(page.text).toMatch(/Taken <time[^>]*>\d+:\d\d [AP]M<\/time>, [\d.]+ (ft|mi) from the address/);
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
