import { describe, expect, it } from 'vitest';
import { orderStops, planNewOrder, planOrderEdit, TIP_ONLY_RAISED, type OrderBeforeEdit } from './businessOrders';
import { NO_SETUP_ON_ROUTES } from './orderKinds';
import { estimateRoute } from './routePlan';
import { orderCreateSchema } from './schemas/businessOrders';

const business = { restaurantId: 7, name: 'Harbor Bistro', address: '615 Channelside Dr, Tampa, FL 33602', phone: '8135550101', zoneId: 1 };
const body = {
  customerName: 'Olivia Martin',
  customerPhone: '8135550100',
  customerAddress: '1201 N Franklin St, Tampa, Florida, 33602',
  customerStreet: '1201 N Franklin St',
  internalOrderNumber: 'HB-1',
  amount: 450.5,
  tip: 20,
  pickupTime: '2026-11-21T15:00:00Z',
  deliveryTime: '2026-11-21T16:00:00Z',
};

describe('planNewOrder', () => {
  it('places a single order where it was placed, or nowhere', () => {
    const placed = planNewOrder(orderCreateSchema.parse(body), business, 'single', null, { latitude: 27.9614, longitude: -82.4597, precision: 'zip' });
    expect(placed).toMatchObject({ customerLatitude: 27.9614, customerLongitude: -82.4597, customerLocationPrecision: 'zip' });
    expect(planNewOrder(orderCreateSchema.parse(body), business, 'single', null)).toMatchObject({ customerLatitude: null, customerLocationPrecision: 'none' });
  });

  it('prices a single order at max(10%, $30) and copies the business onto it', () => {
    const values = planNewOrder(orderCreateSchema.parse(body), business, 'single', null);
    expect(values).toMatchObject({
      status: 'new',
      internalOrderNumber: 'HB-1',
      restaurantId: 7,
      restaurantName: 'Harbor Bistro',
      zoneId: 1,
      amountCents: 45050,
      deliveryFeeCents: 4505,
      tipCents: 2000,
      totalDistanceMiles: null,
      items: [{ name: 'Order', quantity: 1, price: 45050, notes: null }],
    });
    expect(planNewOrder(orderCreateSchema.parse({ ...body, amount: 120 }), business, 'single', null).deliveryFeeCents).toBe(3000);
  });

  it('prices a route sent before its stops (the spec’s two-step form) at the floor, as a route', () => {
    const values = planNewOrder(orderCreateSchema.parse(body), business, 'route', null);
    expect(values).toMatchObject({ totalDistanceMiles: 0, deliveryFeeCents: 200, calculatedDeliveryFeeCents: 200, customerName: 'Olivia Martin' });
  });

  it('prices a multi-stop order by its route and takes the customer from the first stop', () => {
    const stops = [
      {
        sequence: 1,
        customerName: 'A',
        customerPhone: '8135550101',
        address: 'First St',
        latitude: 27.95,
        longitude: -82.46,
        locationPrecision: 'zip' as const,
        deliveryInstructions: 'Ring',
      },
      {
        sequence: 2,
        customerName: 'B',
        customerPhone: '8135550102',
        address: 'Second St',
        latitude: 27.96,
        longitude: -82.5,
        locationPrecision: 'address' as const,
        deliveryInstructions: null,
      },
    ];
    const plan = estimateRoute([{ lat: 27.93, lng: -82.48 }, ...stops.map((stop) => ({ lat: stop.latitude, lng: stop.longitude }))]);
    const values = planNewOrder(orderCreateSchema.parse({ ...body, stops }), business, 'route', { plan, stops });
    expect(values).toMatchObject({
      customerName: 'A',
      customerAddress: 'First St',
      customerStreet: 'First St',
      customerCity: null,
      customerLatitude: 27.95,
      customerLocationPrecision: 'zip',
      deliveryInstructions: 'Ring',
      totalDistanceMiles: plan.miles,
      deliveryFeeCents: plan.feeCents,
      calculatedDeliveryFeeCents: plan.feeCents,
      items: [{ name: 'Pharmacy Order', quantity: 1, price: 45050, notes: null }],
    });
  });
});

describe('orderStops', () => {
  it('orders by sequence when every stop has one, else keeps the list order, and renumbers 1..n', () => {
    expect(
      orderStops([
        { sequence: 2, n: 'b' },
        { sequence: 1, n: 'a' },
      ]).map((stop) => [stop.sequence, stop.n]),
    ).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(orderStops([{ n: 'x' }, { n: 'y' }] as Array<{ sequence?: number; n: string }>).map((stop) => [stop.sequence, stop.n])).toEqual([
      [1, 'x'],
      [2, 'y'],
    ]);
  });
});

describe('planOrderEdit', () => {
  const order: OrderBeforeEdit = {
    amountCents: 24500,
    totalDistanceMiles: null,
    items: [{ name: 'Order', quantity: 1, price: 24500 }],
    customerAddress: '1201 N Franklin St, Tampa, Florida, 33602',
    customerStreet: '1201 N Franklin St',
    pickupTime: 1000,
    deliveryTime: 5000,
    courierId: null,
    tipCents: 500,
    courierPayCents: null,
  };

  it('re-prices a single order and its one item when the amount changes', () => {
    const outcome = planOrderEdit(order, { amount: 50000 });
    expect(outcome).toMatchObject({ ok: true, values: { amountCents: 50000, deliveryFeeCents: 5000, items: [{ name: 'Order', price: 50000 }] } });
  });

  it("moves a route's customer fields to its first stop, which the order's header follows", () => {
    const route = { ...order, totalDistanceMiles: 9.5 };
    const outcome = planOrderEdit(route, {
      customerName: 'Ana Ruiz',
      customerPhone: '8135550177',
      customerEmail: 'a@example.com',
      customerAddress: '3001 W Kennedy Blvd, Tampa, Florida, 33609',
      customerStreet: '3001 W Kennedy Blvd',
      deliveryInstructions: 'Side door',
      amount: 50000,
    });
    expect(outcome).toMatchObject({
      ok: true,
      kind: 'route',
      moved: true,
      firstStop: {
        customerName: 'Ana Ruiz',
        customerPhone: '8135550177',
        customerEmail: 'a@example.com',
        address: '3001 W Kennedy Blvd, Tampa, Florida, 33609',
        latitude: null,
        longitude: null,
        locationPrecision: 'none',
        deliveryInstructions: 'Side door',
      },
    });
    // Nothing of the customer is written to the order itself.
    expect(outcome.ok && Object.keys(outcome.values).sort()).toEqual(['amountCents', 'items']);
    expect(planOrderEdit(order, { customerEmail: 'a@example.com' })).toMatchObject({ ok: true, values: { customerEmail: 'a@example.com' } });
    expect(planOrderEdit(order, { customerEmail: 'a@example.com' })).not.toHaveProperty('firstStop', expect.anything());
  });

  it('refuses Setup Required on a route, by the kind of the order', () => {
    expect(planOrderEdit({ ...order, totalDistanceMiles: 9.5 }, { setupRequired: true })).toEqual({
      ok: false,
      field: 'setupRequired',
      message: NO_SETUP_ON_ROUTES,
    });
    expect(planOrderEdit(order, { setupRequired: true })).toMatchObject({ ok: true, values: { setupRequired: true } });
  });

  it('keeps the route price of a multi-stop order', () => {
    const outcome = planOrderEdit({ ...order, totalDistanceMiles: 9.5 }, { amount: 50000 });
    expect(outcome.ok && outcome.values.deliveryFeeCents).toBeUndefined();
  });

  it('keeps coordinates when the address is only rewritten, drops them when it points elsewhere', () => {
    const same = planOrderEdit(order, { customerAddress: '1201 N Franklin St, Apt 3, Tampa, Florida, 33602', customerStreet: '1201 N Franklin St' });
    expect(same.ok && 'customerLatitude' in same.values).toBe(false);
    const moved = planOrderEdit(order, { customerAddress: '3001 W Kennedy Blvd, Tampa, Florida, 33609', customerStreet: '3001 W Kennedy Blvd' });
    expect(moved).toMatchObject({ ok: true, moved: true, values: { customerLatitude: null, customerLongitude: null, customerLocationPrecision: 'none' } });
    const located = planOrderEdit(order, { customerAddress: '3001 W Kennedy Blvd, Tampa', customerLatitude: 27.9, customerLongitude: -82.5 });
    expect(located).toMatchObject({
      ok: true,
      moved: false,
      values: { customerLatitude: 27.9, customerLongitude: -82.5, customerLocationPrecision: 'address' },
    });
    const centre = planOrderEdit(order, { customerLatitude: 27.94, customerLongitude: -82.46, customerLocationPrecision: 'zip' });
    expect(centre).toMatchObject({ ok: true, values: { customerLocationPrecision: 'zip' } });
  });

  it('refuses a delivery time before the pickup time, counting the stored times', () => {
    expect(planOrderEdit(order, { deliveryTime: 500 })).toEqual({ ok: false, message: 'Delivery time must not be before pickup time', field: 'deliveryTime' });
    expect(planOrderEdit(order, { pickupTime: 6000 }).ok).toBe(false);
  });

  it('changes the tip freely before a courier holds the order', () => {
    expect(planOrderEdit(order, { tip: 100 })).toMatchObject({ ok: true, values: { tipCents: 100 } });
    expect(planOrderEdit(order, { tip: 100 }).ok && 'courierPayCents' in (planOrderEdit(order, { tip: 100 }) as { values: object }).values).toBe(false);
  });

  it('once a courier holds the order, only raises the tip, and their pay by the same amount', () => {
    const held = { ...order, courierId: 7, courierPayCents: 3500 };
    expect(planOrderEdit(held, { tip: 800 })).toMatchObject({ ok: true, values: { tipCents: 800, courierPayCents: 3800 } });
    expect(planOrderEdit(held, { tip: 400 })).toEqual({ ok: false, message: TIP_ONLY_RAISED, field: 'tip' });
    // The same tip sent again (a form saved unchanged) is no change at all.
    expect(planOrderEdit(held, { tip: 500, customerName: 'X' })).toMatchObject({ ok: true, values: { customerName: 'X' } });
    expect((planOrderEdit(held, { tip: 500 }) as { values: object }).values).not.toHaveProperty('tipCents');
  });
});
