/** Multi-stop delivery: the pharmacy route and multi-stop restaurant orders, stop by stop (issue 5). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { orders } from '../../src/db/schema';
import { signedIn, testDb } from '../support/api';
import { atStop, dataString, insertHeldOrder, insertPharmacyOrder, insertStops, png, upload } from '../support/courier';
import { insertSignableCourier } from '../support/factories';

async function courierWithRoute(status: 'pharmacy_picked_up' | 'arrived_at_pharmacy' = 'pharmacy_picked_up', withPickupPhoto = true) {
  const db = testDb();
  const { courier, username } = await insertSignableCourier(db);
  const client = await signedIn(username);
  const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status, stops: 3 });
  if (withPickupPhoto) {
    const photo = await upload(client, `/api/orders/${order.id}/photos?kind=pharmacy_pickup`, png());
    const key = photo.body.key as string;
    await db.update(orders).set({ pharmacyPickupPhoto: key }).where(eq(orders.id, order.id));
  }
  return { db, client, order, stops };
}

describe('arriving at a stop (issue 27, C23)', () => {
  it('is held to the stop’s own place, and a phone that cannot place the courier may confirm it, flagged', async () => {
    const { db, client, order, stops } = await courierWithRoute();
    const far = await client.patch(`/api/order-stops/${stops[0].id}`, {
      status: 'arrived',
      courierLatitude: stops[0].latitude! + 0.01,
      courierLongitude: stops[0].longitude,
    });
    expect(far.status).toBe(409);
    expect(far.body).toEqual({ error: 'Not at the stop', details: 'You must be within 500 feet of stop 1' });
    const silent = await client.patch(`/api/order-stops/${stops[0].id}`, { status: 'arrived' });
    expect(silent.body.error).toBe('Location needed');
    const confirmed = await client.patch(`/api/order-stops/${stops[0].id}`, { status: 'arrived', withoutPosition: true });
    expect(confirmed.status).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.arrivedWithoutPositionAt).not.toBeNull();
    expect((await getEvents(db, order.id)).at(-1)!.detail).toMatch(/Arrived without a device position \(confirmed by the courier\)/);
  });
});

describe('pharmacy route', () => {
  it('confirms the pickup with its photo, which sets the first stop on its way', async () => {
    const { client, order } = await courierWithRoute('arrived_at_pharmacy', false);
    const picked = await client.patch(`/api/orders/${order.id}`, { status: 'pharmacy_picked_up', pharmacyPickupPhoto: dataString(png()) });
    expect(picked.status).toBe(200);
    expect(picked.body.pharmacyPickupPhoto).toMatch(/^\/api\/photos\//);
    expect(picked.body.pharmacyPickupTime).toBeTruthy();
    expect(picked.body.pickedUpTime).toBeTruthy();
    expect(picked.body.stops.map((stop: { status: string }) => stop.status)).toEqual(['on_way', 'pending', 'pending']);
  });

  it('delivers stop by stop: only the current stop, arrival first, a photo each, then the order completes', async () => {
    const { db, client, order, stops } = await courierWithRoute();
    // An arrival comes from a phone at the stop's door (C23).
    const stopPatch = (index: number, body: { status: string } & Record<string, unknown>) =>
      client.patch(`/api/order-stops/${stops[index].id}`, body.status === 'arrived' ? { ...body, ...atStop(stops[index]) } : body);

    const outOfTurn = await stopPatch(1, { status: 'arrived' });
    expect(outOfTurn.status).toBe(409);
    expect(outOfTurn.body).toEqual({ error: 'Not the current stop', details: 'Stop 1 comes first.' });
    const notThereYet = await stopPatch(0, { status: 'delivered', deliveryPhoto: dataString(png()) });
    expect(notThereYet.body.details).toBe('Confirm arrival at stop 1 first.');

    const arrived = await stopPatch(0, { status: 'arrived' });
    expect(arrived.status).toBe(200);
    expect(arrived.body).toMatchObject({ status: 'arrived', sequence: 1 });
    expect(arrived.body.arrivedTime).toBeTruthy();
    const noPhoto = await stopPatch(0, { status: 'delivered' });
    expect(noPhoto.body).toEqual({ error: 'Photo Required', details: 'Please take a delivery photo' });

    // The stop's photo is uploaded as it is taken, then named by URL.
    const photo = await upload(client, `/api/orders/${order.id}/photos?kind=stop&stopId=${stops[0].id}`, png(30, 30, 1));
    const first = await stopPatch(0, { status: 'delivered', deliveryPhoto: photo.body.url, deliveryNotes: 'Handed over' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'delivered', deliveryPhoto: photo.body.url, deliveryNotes: 'Handed over' });
    expect(first.body.order.status).toBe('in_pharmacy_delivery');
    expect(first.body.order.stops.map((stop: { status: string }) => stop.status)).toEqual(['delivered', 'on_way', 'pending']);
    await stopPatch(1, { status: 'arrived' });

    // The same delivery sent again is harmless.
    expect((await stopPatch(0, { status: 'delivered', deliveryPhoto: photo.body.url })).status).toBe(200);

    await stopPatch(1, { status: 'delivered', deliveryPhoto: dataString(png(10, 10, 2)) });
    await stopPatch(2, { status: 'arrived' });
    const last = await stopPatch(2, { status: 'delivered', deliveryPhoto: dataString(png(10, 10, 3)) });
    expect(last.body.order.status).toBe('delivered');
    expect(last.body.order.completedAt).toBeTruthy();
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.status).toBe('delivered');
    const history = (await getEvents(db, order.id)).map((event) => event.detail ?? event.toStatus);
    expect(history).toContain('Stop 1 (Recipient 1): arrived');
    expect(history).toContain('All stops delivered');
  });

  it('cannot complete without the pickup photo', async () => {
    const { client, stops } = await courierWithRoute('pharmacy_picked_up', false);
    for (const stop of stops.slice(0, 2)) {
      await client.patch(`/api/order-stops/${stop.id}`, { status: 'arrived', ...atStop(stop) });
      expect((await client.patch(`/api/order-stops/${stop.id}`, { status: 'delivered', deliveryPhoto: dataString(png()) })).status).toBe(200);
    }
    await client.patch(`/api/order-stops/${stops[2].id}`, { status: 'arrived', ...atStop(stops[2]) });
    const last = await client.patch(`/api/order-stops/${stops[2].id}`, { status: 'delivered', deliveryPhoto: dataString(png()) });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ error: 'Missing Pickup Photo', details: 'Cannot complete order without pharmacy pickup photo' });
  });

  it('keeps stops of orders the courier does not hold out of reach', async () => {
    const { stops } = await courierWithRoute();
    const other = await signedIn((await insertSignableCourier(testDb())).username);
    expect((await other.patch(`/api/order-stops/${stops[0].id}`, { status: 'arrived' })).status).toBe(404);
    expect((await other.patch('/api/order-stops/999999999', { status: 'arrived' })).status).toBe(404);
    expect((await other.patch(`/api/order-stops/${stops[0].id}`, { status: 'lost' })).status).toBe(400);
  });
});

describe('multi-stop restaurant order', () => {
  it('goes back on the way after each stop, and is delivered after the last with "All stops delivered"', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const client = await signedIn(username);
    const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer', { deliveryTime: Date.now() });
    const stops = await insertStops(db, order.id, 2);

    const photos = Array.from({ length: 4 }, (_, i) => dataString(png(12, 12, i)));
    const saved = await client.post(`/api/orders/${order.id}/delivery-photos`, { photos, notes: 'Stop 1 done' });
    // The stop's photo is the first of the photos just saved.
    const firstStop = await client.patch(`/api/order-stops/${stops[0].id}`, { status: 'delivered', deliveryPhoto: saved.body.deliveryPhotos[0] });
    expect(firstStop.body.deliveryPhoto).toBe(saved.body.deliveryPhotos[0]);
    expect(firstStop.body.order).toMatchObject({ status: 'on_way_to_customer' });
    expect(firstStop.body.order.stops.map((stop: { status: string }) => stop.status)).toEqual(['delivered', 'on_way']);

    // At the second stop: arriving again, then the last delivery completes the order.
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'arrived_at_customer' })).status).toBe(200);
    const last = await client.patch(`/api/order-stops/${stops[1].id}`, { status: 'delivered', deliveryPhoto: photos[1] });
    expect(last.body.order).toMatchObject({ status: 'delivered', deliveryNotes: 'All stops delivered' });
  });
});
