/**
 * Money follows the business, never the shape of the body (issue 26, decision B17): what
 * an order may carry and how it is priced come from its business's customer type, on
 * every way in (portal, API v1, added stops, Edit Order); a route is never free; a
 * route's customer is its first stop, so the order's header cannot drift from the stop
 * the courier drives to.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getStops } from '../../src/db/orders/read';
import { orders, restaurants } from '../../src/db/schema';
import { NO_SETUP_ON_ROUTES, NOT_A_ROUTE } from '../../src/domain/orderKinds';
import { signedIn, testDb } from '../support/api';
import { multiStopBody, singleOrderBody, TAMPA_STOPS } from '../support/business';
import { insertBusiness, insertSignableCourier } from '../support/factories';
import { integratedBusiness } from '../support/integrations';

/** A $900 catering order with setup, sent as a route of one stop 0.9 mi away. */
const CATERING_AS_ROUTE = () => ({
  ...multiStopBody([{ ...TAMPA_STOPS[0], latitude: 27.9531, longitude: -82.4551 }]),
  amount: 900,
  setupRequired: true,
});

describe('a restaurant’s order is priced as a restaurant’s, whatever it sends', () => {
  it('refuses stops on the portal and the API, creates nothing, and bills its single order 10%', async () => {
    const db = testDb();
    const { api, portal, restaurant } = await integratedBusiness(db);
    for (const [way, send] of [
      ['portal', () => portal.post('/api/orders', CATERING_AS_ROUTE())],
      ['api', () => api.post('/api/v1/orders', CATERING_AS_ROUTE())],
    ] as const) {
      const refused = await send();
      expect(refused.status, way).toBe(400);
      expect(refused.body.fields.stops, way).toEqual([NOT_A_ROUTE]);
    }
    expect(await db.$count(orders, eq(orders.restaurantId, restaurant.id))).toBe(0);
    const catering = await portal.post('/api/orders', singleOrderBody({ amount: 900, setupRequired: true }));
    expect(catering.status).toBe(201);
    expect(catering.body).toMatchObject({ deliveryFee: '90.00', setupRequired: true, totalDistanceMiles: null, stops: [] });
  });

  it('cannot add stops to its order', async () => {
    const db = testDb();
    const { username } = await insertBusiness(db);
    const client = await signedIn(username);
    const order = await client.post('/api/orders', singleOrderBody());
    const stop = await client.post('/api/order-stops', { orderId: order.body.id, sequence: 1, ...TAMPA_STOPS[1] });
    expect(stop.status).toBe(400);
    expect(stop.body.details).toBe(NOT_A_ROUTE);
    expect(await getStops(db, order.body.id)).toEqual([]);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.body.id));
    expect(stored).toMatchObject({ deliveryFeeCents: 3000, totalDistanceMiles: null });
  });
});

describe('a pharmacy’s order is a route', () => {
  it('is never free: a pharmacy at its ZIP’s centre with a stop in the same ZIP pays at least $2 a stop', async () => {
    const db = testDb();
    const { username, restaurant } = await insertBusiness(db, { customerType: 'pharmacy', located: false });
    await db.update(restaurants).set({ address: '100 Main St, Tampa, Florida, 33602' }).where(eq(restaurants.id, restaurant.id));
    const client = await signedIn(username);
    const stops = [0, 1, 2].map((index) => ({
      ...TAMPA_STOPS[index],
      address: `${200 + index} Main St, Tampa, Florida, 33602`,
      latitude: undefined,
      longitude: undefined,
    }));
    const created = await client.post('/api/orders', multiStopBody(stops as unknown as typeof TAMPA_STOPS));
    expect(created.status, created.text).toBe(201);
    // Every place is the ZIP's centre: 0 miles, yet $2 for each of the 3 stops.
    expect(created.body).toMatchObject({ totalDistanceMiles: 0, deliveryFee: '6.00', calculatedDeliveryFee: '6.00' });
    expect(created.body.stops.map((stop: { locationPrecision: string }) => stop.locationPrecision)).toEqual(['zip', 'zip', 'zip']);
  });

  it('refuses Setup Required, and takes the spec’s two-step form (the order, then its stops) as a route from the start', async () => {
    const db = testDb();
    const { username } = await insertBusiness(db, { customerType: 'pharmacy' });
    const client = await signedIn(username);
    const setup = await client.post('/api/orders', { ...multiStopBody(TAMPA_STOPS.slice(0, 2)), setupRequired: true });
    expect(setup.status).toBe(400);
    expect(setup.body.fields.setupRequired).toEqual([NO_SETUP_ON_ROUTES]);

    // The spec's client: the order with the first stop's customer, then POST /api/order-stops per stop.
    const first = TAMPA_STOPS[0];
    const header = singleOrderBody({ customerName: first.customerName, customerPhone: first.customerPhone, customerAddress: first.address, amount: 180 });
    const order = await client.post('/api/orders', header);
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ totalDistanceMiles: 0, deliveryFee: '2.00' });
    for (const [index, stop] of TAMPA_STOPS.slice(0, 2).entries()) {
      expect((await client.post('/api/order-stops', { orderId: order.body.id, sequence: index + 1, ...stop })).status).toBe(201);
    }
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.body.id));
    expect(stored.totalDistanceMiles).toBeGreaterThan(1);
    expect(stored.deliveryFeeCents).toBeGreaterThan(200);
    expect(stored).toMatchObject({ customerName: first.customerName, customerAddress: first.address, customerLatitude: first.latitude });
  });
});

describe('a route’s customer is its first stop', () => {
  it('Edit Order changes Stop 1 (where the courier goes) and re-prices the route; the header follows it', async () => {
    const db = testDb();
    const { username } = await insertBusiness(db, { customerType: 'pharmacy' });
    const client = await signedIn(username);
    const created = await client.post('/api/orders', multiStopBody(TAMPA_STOPS.slice(0, 3)));
    expect(created.status).toBe(201);
    const courier = await insertSignableCourier(db);
    await db.update(orders).set({ status: 'assigned', courierId: courier.courier.id }).where(eq(orders.id, created.body.id));

    const moved = '5110 N Armenia Ave, Tampa, Florida, 33603';
    const edited = await client.patch(`/api/orders/${created.body.id}`, {
      customerName: 'Noah T. Thompson',
      customerPhone: '(813) 555-0977',
      customerAddress: moved,
      customerStreet: '5110 N Armenia Ave',
      customerZip: '33603',
    });
    expect(edited.status, edited.text).toBe(200);
    const stops = await getStops(db, created.body.id);
    expect(stops[0]).toMatchObject({ customerName: 'Noah T. Thompson', customerPhone: '8135550977', address: moved, locationPrecision: 'zip' });
    expect(stops.slice(1).map((stop) => stop.customerName)).toEqual([TAMPA_STOPS[1].customerName, TAMPA_STOPS[2].customerName]);
    const [order] = await db.select().from(orders).where(eq(orders.id, created.body.id));
    expect(order).toMatchObject({
      customerName: 'Noah T. Thompson',
      customerAddress: moved,
      customerLatitude: stops[0].latitude,
      customerLongitude: stops[0].longitude,
    });
    // Priced again through the moved stop.
    expect(order.totalDistanceMiles).not.toBe(created.body.totalDistanceMiles);
    expect(order.deliveryFeeCents).toBe(order.calculatedDeliveryFeeCents);

    // The courier drives to the new place.
    const phone = await signedIn(courier.username, 'demo1234');
    const held = (await phone.get('/api/orders/courier/assigned')).body.find((one: { id: number }) => one.id === created.body.id);
    expect(held.stops[0]).toMatchObject({ address: moved, latitude: stops[0].latitude });
  });

  it('refuses a new Stop 1 address no geocoder can place, and changes nothing', async () => {
    const db = testDb();
    const { username } = await insertBusiness(db, { customerType: 'pharmacy' });
    const client = await signedIn(username);
    const created = await client.post('/api/orders', multiStopBody(TAMPA_STOPS.slice(0, 2)));
    const refused = await client.patch(`/api/orders/${created.body.id}`, { customerAddress: 'Somewhere without a ZIP', customerStreet: 'Somewhere' });
    expect(refused.status).toBe(400);
    expect((await getStops(db, created.body.id))[0].address).toBe(TAMPA_STOPS[0].address);
  });
});
