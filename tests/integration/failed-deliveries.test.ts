/**
 * When a delivery cannot be made (issue 27, decision C28): the courier reports why with a
 * photo and notes; the rule decides what follows (try again, return to the pickup, back to
 * dispatch); the dispatcher, the business, the customer's tracking page and the business's
 * webhook endpoint all hear it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { deliveryFailures, orders, orderStops } from '../../src/db/schema';
import { trackingPath } from '../../src/domain/tracking';
import { signedIn, testDb, unique } from '../support/api';
import { multiStopBody, TAMPA_STOPS } from '../support/business';
import { dataString, insertHeldOrder, insertPharmacyOrder, png } from '../support/courier';
import { insertSignableCourier } from '../support/factories';
import { integratedBusiness, openApiValidator, startReceiver } from '../support/integrations';

const MINUTE = 60_000;
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup) await step().catch(() => {});
});

async function freshCourier() {
  const db = testDb();
  const { courier, username } = await insertSignableCourier(db);
  return { db, courier, client: await signedIn(username) };
}

const orderRow = async (db: ReturnType<typeof testDb>, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const stopRows = (db: ReturnType<typeof testDb>, orderId: number) =>
  db.select().from(orderStops).where(eq(orderStops.orderId, orderId)).orderBy(orderStops.sequence);

describe('a delivery that cannot be made', () => {
  it('an order of its own: "customer not there" is tried again once, then waits for dispatch; the dispatcher sends the courier again and it is delivered', async () => {
    const { db, courier, client } = await freshCourier();
    const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer', { deliveryTime: Date.now(), arrivedAtCustomerTime: Date.now() - 5 * MINUTE });

    const first = await client.post(`/api/orders/${order.id}/delivery-failures`, {
      reason: 'customer_not_there',
      notes: 'Rang twice, no answer',
      photo: dataString(png(16, 16, 1)),
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ outcome: 'retry', status: 'arrived_at_customer', failedAttempts: 1, deliveryFailedAt: null });

    const second = await client.post(`/api/orders/${order.id}/delivery-failures`, { reason: 'customer_not_there', notes: 'Still nobody' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ outcome: 'dispatch', failedAttempts: 2 });
    expect(second.body.deliveryFailedAt).not.toBeNull();
    // The customer reads that it is on hold and who will call, with no courier "on the way".
    const tracking = await (await fetch(new URL(trackingPath((await orderRow(db, order.id)).trackingToken!), client.baseUrl))).text();
    expect(tracking).toContain('Delivery on hold');
    expect(tracking).toContain('We could not deliver your order (nobody was there to receive it). Our dispatcher will contact you.');
    expect(tracking).not.toContain('On the way to you</h2>');

    const recorded = await db.select().from(deliveryFailures).where(eq(deliveryFailures.orderId, order.id));
    expect(recorded.map((row) => [row.reason, row.outcome, row.notes, row.photo != null])).toEqual([
      ['customer_not_there', 'retry', 'Rang twice, no answer', true],
      ['customer_not_there', 'dispatch', 'Still nobody', false],
    ]);
    const history = (await getEvents(db, order.id)).filter((event) => event.action === 'delivery_failed');
    expect(history.map((event) => event.detail)).toEqual([
      'Delivery failed: Customer not there; To try again; Rang twice, no answer',
      'Delivery failed: Customer not there; Sent to dispatch; Still nobody',
    ]);

    // The dispatcher sees it flagged, with the attempts, and sends the courier again.
    const admin = await signedIn('admin');
    const list = await admin.get(`/admin/orders?q=${order.orderNumber}`);
    expect(list.text).toContain('Delivery failed');
    const detail = await admin.get(`/admin/orders/${order.id}`);
    expect(detail.text).toContain('Failed Deliveries');
    expect(detail.text).toContain('Send courier to try again');
    const again = await admin.post(`/api/orders/${order.id}/retry-delivery`, {});
    expect(again.status, again.text).toBe(200);
    expect(again.body.deliveryFailedAt).toBeNull();
    expect((await admin.post(`/api/orders/${order.id}/retry-delivery`, {})).status).toBe(200);
    expect((await getEvents(db, order.id)).filter((event) => event.action === 'retry_delivery' && event.outcome === 'applied')).toHaveLength(1);

    // The business sees the attempts in its order details.
    const business = await signedIn('bistro');
    const details = await business.get(`/restaurant/orders/${order.id}`);
    expect(details.text).toContain('Failed Deliveries');
    expect(details.text).toContain('Rang twice, no answer');

    const photos = [1, 2, 3, 4].map((seed) => dataString(png(16, 16, 10 + seed)));
    expect((await client.post(`/api/orders/${order.id}/delivery-photos`, { photos })).status).toBe(201);
    const delivered = await client.patch(`/api/orders/${order.id}`, { status: 'delivered' });
    expect(delivered.status, delivered.text).toBe(200);
  });

  it('a route’s stop is returned to the pharmacy and the route goes on; a route whose every stop comes back waits for dispatch', async () => {
    const { db, courier, client } = await freshCourier();
    const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.id, status: 'in_pharmacy_delivery', pharmacyPickupPhoto: 'pickup.png' });
    await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stops[0].id));

    // Only the stop being delivered can be reported, and a route's failure names its stop.
    expect((await client.post(`/api/orders/${order.id}/delivery-failures`, { reason: 'refused' })).body.error).toBe('Stop required');
    expect((await client.post(`/api/orders/${order.id}/delivery-failures`, { stopId: stops[1].id, reason: 'refused' })).status).toBe(409);

    const returned = await client.post(`/api/orders/${order.id}/delivery-failures`, {
      stopId: stops[0].id,
      reason: 'refused',
      notes: 'Said it was not theirs',
    });
    expect(returned.status, returned.text).toBe(201);
    expect(returned.body.outcome).toBe('return');
    const [one, two] = returned.body.stops;
    expect(one.returnedAt).not.toBeNull();
    expect(two.returnedAt).toBeNull();
    expect(returned.body.status).toBe('in_pharmacy_delivery');
    // The route goes on: stop 2 is the one being delivered now.
    expect((await client.post(`/api/orders/${order.id}/delivery-failures`, { stopId: stops[2].id, reason: 'refused' })).status).toBe(409);

    // The customer of the returned stop is told, with no courier on the way.
    const [stopOne] = (await stopRows(db, order.id)).filter((stop) => stop.id === stops[0].id);
    const page = await fetch(new URL(trackingPath(stopOne.trackingToken!), client.baseUrl));
    const html = await page.text();
    expect(html).toContain('Not delivered');
    expect(html).toContain('We could not deliver your order (refused). It is going back to');

    // The other two come back too (the second after a try again): nothing was delivered, so the route waits for dispatch.
    for (const stop of stops.slice(1)) {
      await db.update(orderStops).set({ status: 'on_way' }).where(eq(orderStops.id, stop.id));
      const reasons = stop.id === stops[1].id ? ['customer_not_there', 'customer_not_there'] : ['unsafe'];
      for (const reason of reasons) expect((await client.post(`/api/orders/${order.id}/delivery-failures`, { stopId: stop.id, reason })).status).toBe(201);
    }
    const after = await orderRow(db, order.id);
    expect(after.status).toBe('in_pharmacy_delivery');
    expect(after.deliveryFailedAt).not.toBeNull();
    expect((await stopRows(db, order.id)).map((stop) => stop.returnedAt != null)).toEqual([true, true, true]);

    // The dispatcher sends the courier to try again: the returned stops are to be delivered again.
    const again = await (await signedIn('admin')).post(`/api/orders/${order.id}/retry-delivery`, {});
    expect(again.status, again.text).toBe(200);
    expect((await stopRows(db, order.id)).map((stop) => stop.returnedAt)).toEqual([null, null, null]);
    expect((await orderRow(db, order.id)).deliveryFailedAt).toBeNull();
  });

  it('a route with a stop returned completes when the others are delivered', async () => {
    const { db, courier, client } = await freshCourier();
    const { order, stops } = await insertPharmacyOrder(db, {
      courierId: courier.id,
      status: 'in_pharmacy_delivery',
      stops: 2,
      pharmacyPickupPhoto: 'pickup.png',
    });
    await db.update(orderStops).set({ status: 'arrived', deliveryPhoto: null }).where(eq(orderStops.id, stops[0].id));
    const delivered = await client.patch(`/api/order-stops/${stops[0].id}`, { status: 'delivered', deliveryPhoto: dataString(png(12, 12, 3)) });
    expect(delivered.status, delivered.text).toBe(200);
    const last = await client.post(`/api/orders/${order.id}/delivery-failures`, { stopId: stops[1].id, reason: 'wrong_address' });
    expect(last.status, last.text).toBe(201);
    expect(last.body.status).toBe('delivered');
    expect((await getEvents(db, order.id)).at(-1)!.detail).toBe('All stops settled; returns go back to the pickup');
  });

  it('is refused before the courier has the order on the way, and for another courier’s order', async () => {
    const { db, courier, client } = await freshCourier();
    const early = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    const refused = await client.post(`/api/orders/${early.id}/delivery-failures`, { reason: 'customer_not_there' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Not delivering yet');
    expect((await client.post(`/api/orders/${early.id}/delivery-failures`, { reason: 'lost' })).status).toBe(400);
    const other = await freshCourier();
    const theirs = await insertHeldOrder(db, other.courier.id, 'arrived_at_customer');
    expect([403, 404]).toContain((await client.post(`/api/orders/${theirs.id}/delivery-failures`, { reason: 'refused' })).status);
    expect(await db.select().from(deliveryFailures).where(eq(deliveryFailures.orderId, early.id))).toEqual([]);
  });

  it('is an order.delivery_failed event for the business’s webhook endpoint, with why and what follows', { timeout: 30_000 }, async () => {
    const db = testDb();
    const validator = await openApiValidator();
    const integrated = await integratedBusiness(db, { customerType: 'pharmacy' });
    const receiver = await startReceiver();
    expect((await integrated.portal.put('/api/webhook-endpoint', { url: receiver.url })).status).toBe(200);
    cleanup.push(
      () => integrated.portal.delete('/api/webhook-endpoint'),
      () => receiver.close(),
    );
    const body = multiStopBody(TAMPA_STOPS.slice(0, 2), {
      pickupTime: new Date(Date.now() + 40 * MINUTE).toISOString(),
      deliveryTime: new Date(Date.now() + 160 * MINUTE).toISOString(),
    });
    const created = await integrated.api.post('/api/v1/orders', body, { 'Idempotency-Key': unique('failed-') });
    expect(created.status).toBe(201);
    const orderId = created.body.id as number;
    const { courier, client } = await freshCourier();
    await db.update(orders).set({ status: 'in_pharmacy_delivery', courierId: courier.id, pharmacyPickupPhoto: 'pickup.png' }).where(eq(orders.id, orderId));
    const [first] = await stopRows(db, orderId);
    await db.update(orderStops).set({ status: 'arrived' }).where(eq(orderStops.id, first.id));

    expect((await client.post(`/api/orders/${orderId}/delivery-failures`, { stopId: first.id, reason: 'unsafe', notes: 'Loose dog' })).status).toBe(201);
    const [heard] = await receiver.waitFor((entry) => entry.event?.type === 'order.delivery_failed' && entry.event.data.order.id === orderId);
    expect(heard.event.data.failure).toMatchObject({ stopId: first.id, reason: 'unsafe', outcome: 'return', notes: 'Loose dog' });
    expect(heard.event.data.from).toBe(heard.event.data.to);
    expect(validator.problems('OrderWebhook', heard.event)).toEqual([]);
  });
});
