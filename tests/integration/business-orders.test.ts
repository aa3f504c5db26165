/** A business's orders over HTTP (spec 2-business-area.md §4.3, §7): create, edit, cancel, stops, and who may touch what. */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessActor, insertOrder as insertOrderWithStops } from '../../src/db/orders/business';
import { getEvents, getStops } from '../../src/db/orders/read';
import { orders, orderStops, users } from '../../src/db/schema';
import { planNewOrder } from '../../src/domain/businessOrders';
import { ROUTE_EMAIL_PER_STOP } from '../../src/domain/orderKinds';
import { distanceDeliveryFee, roundMiles } from '../../src/domain/fees';
import { estimatedRoadMiles } from '../../src/domain/geo';
import { estimateRoute } from '../../src/domain/routePlan';
import { orderCreateSchema } from '../../src/domain/schemas/businessOrders';
import { Client, signedIn, testDb, unique } from '../support/api';
import { businessOf, multiStopBody, singleOrderBody, TAMPA_STOPS } from '../support/business';
import { insertBusiness, insertCourier, insertOrder, insertSignableCourier } from '../support/factories';

const routeMiles = (origin: { lat: number; lng: number }, stops: typeof TAMPA_STOPS) =>
  roundMiles(estimatedRoadMiles([origin, ...stops.map((stop) => ({ lat: stop.latitude, lng: stop.longitude }))]));

describe('POST /api/orders (single)', () => {
  it('creates a new order priced by the server, with the business taken from the session', async () => {
    const db = testDb();
    const bistro = await businessOf(db, 'bistro');
    const pharmacy = await businessOf(db, 'pharmacy');
    const client = await signedIn('bistro');
    const response = await client.post(
      '/api/orders',
      singleOrderBody({ restaurantId: pharmacy.id, restaurantName: 'Someone Else', zoneId: 999, orderNumber: '1', courierId: 5, calculatedDeliveryFee: 1 }),
    );
    expect(response.status).toBe(201);
    const order = response.body;
    expect(order).toMatchObject({
      status: 'new',
      internalOrderNumber: 'HB-9001',
      restaurantId: bistro.id,
      restaurantName: 'Harbor Bistro',
      restaurantAddress: bistro.address,
      restaurantPhone: bistro.phone,
      zoneId: bistro.zoneId,
      courierId: null,
      amount: '245.00',
      deliveryFee: '30.00',
      tip: '10.00',
      totalDistanceMiles: null,
      calculatedDeliveryFee: null,
      customerStreet: '1201 N Franklin St',
      requiredVehicleTypes: ['sedan'],
      items: [{ name: 'Order', quantity: 1, price: '245.00', notes: null }],
      stops: [],
    });
    expect(order.orderNumber).toBe(String(10000 + order.id));
    const [event] = await getEvents(db, order.id);
    expect(event).toMatchObject({ action: 'create', toStatus: 'new', actorRole: 'restaurant', outcome: 'applied' });
  });

  it('charges 10% of the amount above $300, whatever fee the client sends', async () => {
    const client = await signedIn('bistro');
    const response = await client.post('/api/orders', singleOrderBody({ amount: '450.55', deliveryFee: 0 }));
    expect(response.status).toBe(201);
    expect(response.body.deliveryFee).toBe('45.06');
  });

  it('answers the spec messages for missing fields', async () => {
    const client = await signedIn('bistro');
    const response = await client.post('/api/orders', { requiredVehicleTypes: [], amount: 0 });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid request');
    for (const message of [
      'Customer name is required',
      'Customer phone is required',
      'Delivery address is required',
      'Internal order number is required',
      'At least one vehicle type is required',
      'Order amount is required',
      'Pickup time is required',
      'Delivery time is required',
    ]) {
      expect(response.body.details).toContain(message);
    }
    expect(response.body.fields.customerName).toEqual(['Customer name is required']);
  });

  it('refuses bodies that are not JSON, other statuses, and other roles', async () => {
    const client = await signedIn('bistro');
    const notJson = await client.request('POST', '/api/orders', 'not json', { 'Content-Type': 'application/json' });
    expect(notJson.status).toBe(400);
    expect((await client.post('/api/orders', singleOrderBody({ status: 'assigned' }))).body.details).toBe('A new order starts in status new');
    expect((await new Client().post('/api/orders', singleOrderBody())).status).toBe(401);
    expect((await (await signedIn('admin')).post('/api/orders', singleOrderBody())).status).toBe(403);
    expect((await (await signedIn('courier')).post('/api/orders', singleOrderBody())).status).toBe(403);
  });
});

describe('POST /api/orders with an Idempotency-Key', () => {
  const ordersOf = async (restaurantId: number) => testDb().$count(orders, eq(orders.restaurantId, restaurantId));

  it('creates one order for one key, whether the request is retried after the reply or sent twice at once', async () => {
    const business = await insertBusiness(testDb());
    const client = await signedIn(business.username);
    const body = singleOrderBody({ customerName: 'Retried Customer' });
    const first = await client.post('/api/orders', body, { 'Idempotency-Key': unique('create-') });
    expect(first.status).toBe(201);
    const key = unique('retry-');
    const created = await client.post('/api/orders', body, { 'Idempotency-Key': key });
    const retried = await client.post('/api/orders', body, { 'Idempotency-Key': key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body.id).toBe(created.body.id);
    expect(await ordersOf(business.restaurant.id)).toBe(2);

    // Five copies at once: one acts; the others wait for its reply and answer it.
    const together = unique('together-');
    const copies = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/orders', body, { 'Idempotency-Key': together })));
    expect(copies.map((copy) => copy.status)).toEqual([201, 201, 201, 201, 201]);
    expect(copies.filter((copy) => copy.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await ordersOf(business.restaurant.id)).toBe(3);
    const settled = await client.post('/api/orders', body, { 'Idempotency-Key': together });
    expect(settled.status).toBe(201);
    for (const copy of copies) expect(copy.body.id).toBe(settled.body.id);
  });

  it('binds a key to the request it was first sent with: another body or route with it is 422', async () => {
    const business = await insertBusiness(testDb());
    const client = await signedIn(business.username);
    const key = unique('bound-');
    const created = await client.post('/api/orders', singleOrderBody({ customerName: 'First Body' }), { 'Idempotency-Key': key });
    expect(created.status).toBe(201);
    const otherBody = await client.post('/api/orders', singleOrderBody({ customerName: 'Second Body' }), { 'Idempotency-Key': key });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toBe('Idempotency-Key already used');
    const otherRoute = await client.patch(`/api/orders/${created.body.id}`, { customerName: 'Edited' }, { 'Idempotency-Key': key });
    expect(otherRoute.status).toBe(422);
    expect(await ordersOf(business.restaurant.id)).toBe(1);
    const [stored] = await testDb().select().from(orders).where(eq(orders.id, created.body.id));
    expect(stored.customerName).toBe('First Body');
  });
});

describe('POST /api/orders (multi-stop)', () => {
  it('creates the order and all its stops at once, priced by the route the server computes', async () => {
    const db = testDb();
    const pharmacy = await businessOf(db, 'pharmacy');
    const client = await signedIn('pharmacy');
    const response = await client.post('/api/orders', multiStopBody());
    expect(response.status).toBe(201);
    const miles = routeMiles({ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, TAMPA_STOPS);
    const fee = distanceDeliveryFee(miles);
    expect(response.body).toMatchObject({
      restaurantId: pharmacy.id,
      customerName: 'Noah Thompson',
      customerAddress: TAMPA_STOPS[0].address,
      customerLatitude: TAMPA_STOPS[0].latitude,
      deliveryInstructions: 'Ring the bell',
      totalDistanceMiles: miles,
      deliveryFee: (fee / 100).toFixed(2),
      calculatedDeliveryFee: (fee / 100).toFixed(2),
      items: [{ name: 'Pharmacy Order', quantity: 1, price: '180.00', notes: null }],
    });
    const stops = await getStops(db, response.body.id);
    expect(stops.map((stop) => [stop.sequence, stop.customerName, stop.status])).toEqual(
      TAMPA_STOPS.map((stop, index) => [index + 1, stop.customerName, 'pending']),
    );
    expect(response.body.stops.map((stop: { address: string }) => stop.address)).toEqual(TAMPA_STOPS.map((stop) => stop.address));
  });

  it('prices the stops in the order of their sequence numbers', async () => {
    const db = testDb();
    const pharmacy = await businessOf(db, 'pharmacy');
    const client = await signedIn('pharmacy');
    const body = multiStopBody();
    body.stops = [body.stops[3], body.stops[2], body.stops[1], body.stops[0]].map((stop, index) => ({ ...stop, sequence: index + 1 }));
    const response = await client.post('/api/orders', body);
    const reversed = [...TAMPA_STOPS].reverse();
    expect(response.body.totalDistanceMiles).toBe(routeMiles({ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, reversed));
    expect((await getStops(db, response.body.id)).map((stop) => stop.customerName)).toEqual(reversed.map((stop) => stop.customerName));
  });

  it('places a stop typed without coordinates, recording how precisely, and creates nothing when one cannot be placed', async () => {
    const db = testDb();
    const client = await signedIn('pharmacy');
    const typed = { ...TAMPA_STOPS[1], latitude: null as unknown as number, longitude: null as unknown as number };
    const placed = await client.post(
      '/api/orders',
      multiStopBody([{ ...TAMPA_STOPS[0], locationPrecision: 'zip' }, typed], { internalOrderNumber: `RX-TYPED-${Date.now()}` }),
    );
    expect(placed.status).toBe(201);
    // No Census geocoder here: stop 2 goes to its ZIP's centre; stop 1 keeps the ZIP centre it was sent with.
    expect(placed.body.stops).toMatchObject([
      { latitude: TAMPA_STOPS[0].latitude, locationPrecision: 'zip' },
      { latitude: 27.9425, longitude: -82.5057, locationPrecision: 'zip' },
    ]);
    expect(placed.body.customerLocationPrecision).toBe('zip');

    const internal = `RX-NOPE-${Date.now()}`;
    const nowhere = { ...typed, address: '3001 W Kennedy Blvd, Tampa' };
    const response = await client.post('/api/orders', multiStopBody([TAMPA_STOPS[0], nowhere], { internalOrderNumber: internal }));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Stop 2's address could not be placed on the map");
    expect(await db.select().from(orders).where(eq(orders.internalOrderNumber, internal))).toEqual([]);
  });

  it('is one transaction: a stop the database refuses leaves no order behind', async () => {
    const db = testDb();
    const pharmacy = await businessOf(db, 'pharmacy');
    const [user] = await db.select().from(users).where(eq(users.username, 'pharmacy'));
    const internal = `RX-ATOMIC-${Date.now()}`;
    const input = orderCreateSchema.parse(multiStopBody(TAMPA_STOPS.slice(0, 2), { internalOrderNumber: internal }));
    const stop = {
      customerName: 'A',
      customerPhone: '1',
      address: 'A St',
      latitude: 27.9,
      longitude: -82.4,
      locationPrecision: 'address' as const,
      deliveryInstructions: null,
    };
    // Sequence 0 breaks the table's check constraint on the second stop, after the order and first stop were written.
    const stops = [
      { ...stop, sequence: 1 },
      { ...stop, sequence: 0 },
    ];
    const business = { restaurantId: pharmacy.id, name: pharmacy.name, address: pharmacy.address, phone: pharmacy.phone, zoneId: pharmacy.zoneId };
    const values = planNewOrder(input, business, 'route', {
      plan: estimateRoute([
        { lat: 27.93, lng: -82.48 },
        { lat: 27.9, lng: -82.4 },
      ]),
      stops,
    });
    await expect(insertOrderWithStops(db, values, stops, businessActor(user))).rejects.toThrow();
    expect(await db.select().from(orders).where(eq(orders.internalOrderNumber, internal))).toEqual([]);
    const [orphans] = await db
      .select({ count: sql<number>`count(*)` })
      .from(orderStops)
      .where(sql`${orderStops.orderId} not in (select id from orders)`);
    expect(orphans.count).toBe(0);
  });
});

describe('PATCH /api/orders/:id by a business', () => {
  it('edits the order, re-prices it, and records the change', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'assigned', amountCents: 24500 });
    const client = await signedIn('bistro');
    const response = await client.patch(`/api/orders/${order.id}`, {
      internalOrderNumber: 'HB-EDIT',
      customerName: 'Edited Name',
      customerPhone: '8135550199',
      customerAddress: '3001 W Kennedy Blvd, Apt 4, Tampa, Florida, 33609',
      customerStreet: '3001 W Kennedy Blvd',
      customerApartment: '4',
      customerZip: '33609',
      amount: '500.00',
      deliveryFee: '1.00',
      setupRequired: true,
      pickupTime: new Date(order.pickupTime + 60_000).toISOString(),
      deliveryTime: new Date(order.deliveryTime + 60_000).toISOString(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'assigned',
      internalOrderNumber: 'HB-EDIT',
      customerName: 'Edited Name',
      amount: '500.00',
      deliveryFee: '50.00',
      setupRequired: true,
      // The address now points elsewhere: it is placed again (here, no geocoder answers: its ZIP's centre).
      customerLatitude: 27.9425,
      customerLongitude: -82.5057,
      customerLocationPrecision: 'zip',
      items: [{ name: 'Order', quantity: 1, price: '500.00', notes: null }],
    });
    const edit = (await getEvents(db, order.id)).find((event) => event.action === 'edit');
    expect(edit).toMatchObject({ outcome: 'applied', actorRole: 'restaurant' });
  });

  it('once a courier has accepted, lets the tip only rise, and raises the courier’s pay with it', async () => {
    const db = testDb();
    const courier = await insertCourier(db);
    const order = await insertOrder(db, { status: 'courier_confirmed', courierId: courier.courier.id, tipCents: 500, courierPayCents: 3500 });
    const client = await signedIn('bistro');
    const lowered = await client.patch(`/api/orders/${order.id}`, { tip: '2.00' });
    expect(lowered.status).toBe(400);
    expect(lowered.body.fields.tip).toEqual(['Once a courier has accepted the order, the tip can only be raised']);
    const raised = await client.patch(`/api/orders/${order.id}`, { tip: '8.00' });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ tip: '8.00', courierPay: '38.00' });
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    // The courier's base pay (pay − tip) is what they accepted; the tip is all theirs.
    expect(stored.courierPayCents! - stored.tipCents).toBe(3000);
    // Before anyone holds an order, the tip is the business's to set either way.
    const open = await insertOrder(db, { status: 'new', tipCents: 500 });
    expect((await client.patch(`/api/orders/${open.id}`, { tip: '1.00' })).body).toMatchObject({ tip: '1.00', courierPay: null });
  });

  it('answers 409 once the courier has the items, and records the refusal', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'picked_up' });
    const client = await signedIn('bistro');
    const response = await client.patch(`/api/orders/${order.id}`, { customerName: 'Too Late' });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('This order can no longer be edited');
    expect(response.body.details).toContain('this one is picked up');
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.customerName).toBe('Test Customer');
    expect((await getEvents(db, order.id)).find((event) => event.action === 'edit')?.outcome).toBe('refused');
  });

  it('validates an edit with the Edit Order modal messages', async () => {
    const order = await insertOrder(testDb());
    const client = await signedIn('bistro');
    expect((await client.patch(`/api/orders/${order.id}`, { amount: 'ten' })).body.details).toBe('Amount must be a valid number');
    expect((await client.patch(`/api/orders/${order.id}`, { customerAddress: ' ' })).body.details).toBe('Customer address is required');
    expect((await client.patch(`/api/orders/${order.id}`, { deliveryTime: new Date(order.pickupTime - 1).toISOString() })).body.details).toBe(
      'Delivery time must not be before pickup time',
    );
    expect((await client.patch(`/api/orders/${order.id}`, {})).body.error).toBe('Nothing to change');
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'delivered' })).status).toBe(400);
    expect((await client.patch(`/api/orders/${order.id}`, { courierId: 1 })).body.details).toBe('A business cannot assign a courier');
  });

  it('cancels in new, pending_courier, assigned and courier_confirmed, clearing the courier', async () => {
    const db = testDb();
    const { courier } = await insertCourier(db);
    const client = await signedIn('bistro');
    for (const status of ['new', 'pending_courier', 'assigned', 'courier_confirmed'] as const) {
      const order = await insertOrder(db, { status, courierId: status === 'assigned' || status === 'courier_confirmed' ? courier.id : null });
      const response = await client.patch(`/api/orders/${order.id}`, { status: 'cancelled', courierId: null });
      expect(response.status, status).toBe(200);
      expect(response.body).toMatchObject({ status: 'cancelled', courierId: null });
    }
  });

  it('refuses to cancel once the courier has set off (409), and a repeated cancel is harmless', async () => {
    const db = testDb();
    const client = await signedIn('bistro');
    for (const status of ['courier_on_way_to_pickup', 'arrived_at_pickup', 'delivered', 'missed_pickup'] as const) {
      const order = await insertOrder(db, { status });
      const response = await client.patch(`/api/orders/${order.id}`, { status: 'cancelled', courierId: null });
      expect(response.status, status).toBe(409);
      expect(response.body.error).toBe('This order can no longer be cancelled');
    }
    const order = await insertOrder(db, { status: 'new' });
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'cancelled' })).status).toBe(200);
    expect((await client.patch(`/api/orders/${order.id}`, { status: 'cancelled' })).status).toBe(200);
    expect((await getEvents(db, order.id)).filter((event) => event.action === 'cancel')).toHaveLength(1);
  });
});

describe('POST /api/order-stops', () => {
  it('adds a stop to an order still being prepared and prices the order by its route', async () => {
    const db = testDb();
    const pharmacy = await businessOf(db, 'pharmacy');
    const client = await signedIn('pharmacy');
    const order = await insertOrder(db, { business: 'pharmacy' });
    for (const [index, stop] of TAMPA_STOPS.slice(0, 2).entries()) {
      const response = await client.post('/api/order-stops', { orderId: order.id, sequence: index + 1, ...stop, deliveryInstructions: '', status: 'pending' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ orderId: order.id, sequence: index + 1, status: 'pending', latitude: stop.latitude });
    }
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    const miles = routeMiles({ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, TAMPA_STOPS.slice(0, 2));
    expect(stored).toMatchObject({
      totalDistanceMiles: miles,
      deliveryFeeCents: distanceDeliveryFee(miles),
      calculatedDeliveryFeeCents: distanceDeliveryFee(miles),
    });
  });

  it('prices the route through every stop when stops arrive at the same moment, each recorded once', async () => {
    const db = testDb();
    const pharmacy = await businessOf(db, 'pharmacy');
    const client = await signedIn('pharmacy');
    const order = await insertOrder(db, { business: 'pharmacy' });
    const stops = TAMPA_STOPS.slice(0, 3);
    const responses = await Promise.all(
      stops.map((stop, index) =>
        client.post('/api/order-stops', { orderId: order.id, sequence: index + 1, ...stop, deliveryInstructions: '', status: 'pending' }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    // Whichever price was written last, it is the route through all three stops, never a stale one through fewer.
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    const miles = routeMiles({ lat: pharmacy.latitude!, lng: pharmacy.longitude! }, stops);
    expect(stored).toMatchObject({ totalDistanceMiles: miles, deliveryFeeCents: distanceDeliveryFee(miles) });
    expect((await getEvents(db, order.id)).filter((event) => event.detail?.includes('added;'))).toHaveLength(3);
  });

  it('checks the stop like a new order: messages, free sequence, editable order, a place on the map', async () => {
    const db = testDb();
    const client = await signedIn('pharmacy');
    const order = await insertOrder(db, { business: 'pharmacy' });
    const stop = { orderId: order.id, sequence: 1, ...TAMPA_STOPS[0] };
    expect((await client.post('/api/order-stops', { ...stop, customerName: '' })).body.details).toBe('Customer name is required');
    expect((await client.post('/api/order-stops', { ...stop, sequence: 0 })).body.details).toBe('Stop sequence must be a whole number of 1 or more');
    const unplaced = await client.post('/api/order-stops', { ...stop, address: '1201 N Franklin St, Tampa', latitude: null, longitude: null });
    expect(unplaced.status).toBe(400);
    expect(unplaced.body.error).toBe("Stop 1's address could not be placed on the map");
    expect((await client.post('/api/order-stops', stop)).status).toBe(201);
    const again = await client.post('/api/order-stops', stop);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Stop 1 already exists on this order');
    const underWay = await insertOrder(db, { business: 'pharmacy', status: 'pharmacy_picked_up' });
    const late = await client.post('/api/order-stops', { ...stop, orderId: underWay.id });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Stops can no longer be added to this order');
  });
});

describe('tenancy: another business’s order is not found, everywhere', () => {
  it('answers 404 to every order route and leaves the order untouched', async () => {
    const db = testDb();
    const theirs = await insertOrder(db, { business: 'pharmacy', status: 'new' });
    const mine = await insertOrder(db, { business: 'bistro', status: 'new' });
    const bistro = await signedIn('bistro');
    const pharmacy = await signedIn('pharmacy');
    for (const [client, order] of [
      [bistro, theirs],
      [pharmacy, mine],
    ] as const) {
      expect((await client.get(`/api/orders/${order.id}`)).status).toBe(404);
      expect((await client.get(`/api/orders/${order.id}/events`)).status).toBe(404);
      expect((await client.get(`/api/order-stops/order/${order.id}`)).status).toBe(404);
      expect((await client.patch(`/api/orders/${order.id}`, { customerName: 'Hijacked' })).status).toBe(404);
      expect((await client.patch(`/api/orders/${order.id}`, { status: 'cancelled', courierId: null })).status).toBe(404);
      expect((await client.post('/api/order-stops', { orderId: order.id, sequence: 9, ...TAMPA_STOPS[0] })).status).toBe(404);
      const list = (await client.get('/api/orders')).body as Array<{ id: number }>;
      expect(list.some((row) => row.id === order.id)).toBe(false);
    }
    for (const order of [theirs, mine]) {
      const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(stored).toMatchObject({ status: 'new', customerName: 'Test Customer' });
      expect(await getStops(db, order.id)).toEqual([]);
    }
  });
});

describe("a customer's email (decision K14)", () => {
  it('is kept on create and edit, cleared when left empty, and refused when it is not an address', async () => {
    const business = await insertBusiness(testDb());
    const client = await signedIn(business.username);
    const refused = await client.post('/api/orders', singleOrderBody({ customerEmail: 'olivia@example' }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields.customerEmail).toEqual(['Enter a valid email address, or leave it empty']);
    expect(await testDb().$count(orders, eq(orders.restaurantId, business.restaurant.id))).toBe(0);

    const created = await client.post('/api/orders', singleOrderBody({ customerEmail: '  olivia.martin@example.com ' }));
    expect(created.status).toBe(201);
    expect(created.body.customerEmail).toBe('olivia.martin@example.com');
    const edited = await client.patch(`/api/orders/${created.body.id}`, { customerEmail: 'o.martin@example.org' });
    expect(edited.status).toBe(200);
    expect(edited.body.customerEmail).toBe('o.martin@example.org');
    expect((await client.patch(`/api/orders/${created.body.id}`, { customerEmail: 'not an address' })).status).toBe(400);
    const cleared = await client.patch(`/api/orders/${created.body.id}`, { customerEmail: '' });
    expect(cleared.body.customerEmail).toBeNull();
    const [stored] = await testDb().select().from(orders).where(eq(orders.id, created.body.id));
    expect(stored.customerEmail).toBeNull();
  });

  it("keeps each stop's own on a route, the first stop's on the order, and never shows it to the courier", async () => {
    const db = testDb();
    const business = await insertBusiness(db, { customerType: 'pharmacy' });
    const client = await signedIn(business.username);
    const stops = [{ ...TAMPA_STOPS[0], customerEmail: 'noah@example.com' }, TAMPA_STOPS[1]];
    const created = await client.post('/api/orders', multiStopBody(stops));
    expect(created.status).toBe(201);
    expect(created.body.customerEmail).toBe('noah@example.com');
    const stored = await getStops(db, created.body.id);
    expect(stored.map((stop) => stop.customerEmail)).toEqual(['noah@example.com', null]);

    // On a route the order's customer is its first stop's: an edited email is Stop 1's (decision B17).
    const onOrder = await client.patch(`/api/orders/${created.body.id}`, { customerEmail: 'noah.t@example.com' });
    expect(onOrder.status).toBe(200);
    expect(onOrder.body.customerEmail).toBe('noah.t@example.com');
    expect((await getStops(db, created.body.id)).map((stop) => stop.customerEmail)).toEqual(['noah.t@example.com', null]);
    // Sent with the order of a route, it has nowhere to go.
    const onNewRoute = await client.post('/api/orders', { ...multiStopBody(stops), customerEmail: 'someone@example.com' });
    expect(onNewRoute.status).toBe(400);
    expect(onNewRoute.body.fields.customerEmail).toEqual([ROUTE_EMAIL_PER_STOP]);
    // A stop added later takes its own, checked the same way.
    const added = { orderId: created.body.id, sequence: 3, ...TAMPA_STOPS[2] };
    expect((await client.post('/api/order-stops', { ...added, customerEmail: 'liam@' })).status).toBe(400);
    const third = await client.post('/api/order-stops', { ...added, customerEmail: 'liam@example.com' });
    expect(third.status).toBe(201);
    expect(third.body.customerEmail).toBe('liam@example.com');

    const courier = await insertSignableCourier(db);
    await db.update(orders).set({ status: 'assigned', courierId: courier.courier.id }).where(eq(orders.id, created.body.id));
    const phone = await signedIn(courier.username, 'demo1234');
    const held = (await phone.get('/api/orders/courier/assigned')).body.find((order: { id: number }) => order.id === created.body.id);
    expect(held.customerName).toBe('Noah Thompson');
    expect(held).not.toHaveProperty('customerEmail');
    for (const stop of held.stops) expect(stop).not.toHaveProperty('customerEmail');
    const one = await phone.get(`/api/orders/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain('noah@example.com');
    const itsStops = await phone.get(`/api/order-stops/order/${created.body.id}`);
    expect(itsStops.status).toBe(200);
    expect(JSON.stringify(itsStops.body)).not.toContain('noah@example.com');
    // Nor does the customer's own tracking page, which anyone with the link opens.
    for (const path of [`/api/track/${stored[0].trackingToken}`, `/t/${stored[0].trackingToken}`, `/api/track/${created.body.trackingUrl.split('/t/')[1]}`]) {
      const page = await new Client().get(path);
      expect(page.status, path).toBe(200);
      expect(JSON.stringify(page.body), path).not.toContain('noah@example.com');
    }
  });
});
