import { describe, expect, it } from 'vitest';
import { businessOrderPatchSchema, orderCreateSchema, orderStopCreateSchema, routeCalculationSchema } from './businessOrders';

const single = {
  customerName: 'Olivia Martin',
  customerPhone: '8135550100',
  customerAddress: '1201 N Franklin St, Tampa, Florida, 33602',
  internalOrderNumber: 'HB-1',
  amount: 245,
  pickupTime: '2026-11-21T15:00:00+00:00',
  deliveryTime: '2026-11-21T16:00:00+00:00',
};

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('orderCreateSchema', () => {
  it('reads a single order with the defaults of spec 2-business-area.md §9.2', () => {
    const parsed = orderCreateSchema.parse({ ...single, deliveryFee: 999, totalDistanceMiles: 1 });
    expect(parsed).toMatchObject({ amount: 24500, tip: 0, setupRequired: false, requiredVehicleTypes: ['sedan'] });
    expect(parsed.pickupTime).toBe(Date.parse('2026-11-21T15:00:00Z'));
    expect('deliveryFee' in parsed).toBe(false);
  });

  it('says what is wrong with a value that is given but malformed, rather than calling it missing', () => {
    expect(messages(orderCreateSchema.safeParse({ ...single, amount: '10.555', items: [{ name: 'Tray', quantity: 1, price: '10.555' }] }))).toEqual([
      'Order amount must be an amount in dollars with at most 2 decimals, such as 10.55',
      'Item price must be an amount in dollars with at most 2 decimals, such as 10.55',
    ]);
    expect(messages(orderCreateSchema.safeParse({ ...single, pickupTime: '2026-11-21T15:00:00' }))).toEqual([
      'Pickup time must be an ISO 8601 date-time with its offset (2030-01-15T14:00:00-05:00 or …Z), or epoch milliseconds',
    ]);
    expect(messages(orderCreateSchema.safeParse({ ...single, deliveryTime: '1999-01-01T00:00:00Z', pickupTime: '1998-01-01T00:00:00Z' }))).toEqual([
      'Pickup time must be between the years 2000 and 2100',
      'Delivery time must be between the years 2000 and 2100',
    ]);
    // Missing stays the spec's words.
    expect(messages(orderCreateSchema.safeParse({ ...single, amount: '', pickupTime: '' }))).toEqual(['Order amount is required', 'Pickup time is required']);
  });

  it('words each missing field as the spec does', () => {
    const result = orderCreateSchema.safeParse({ requiredVehicleTypes: [], amount: 0 });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        'Internal order number is required',
        'At least one vehicle type is required',
        'Order amount is required',
        'Pickup time is required',
        'Delivery time is required',
      ]),
    );
    const customer = orderCreateSchema.safeParse({ ...single, customerName: ' ', customerPhone: undefined, customerAddress: '' });
    expect(messages(customer)).toEqual(['Customer name is required', 'Customer phone is required', 'Delivery address is required']);
  });

  it('refuses a status other than new, bad items and a delivery before pickup', () => {
    expect(messages(orderCreateSchema.safeParse({ ...single, status: 'delivered' }))).toEqual(['A new order starts in status new']);
    expect(messages(orderCreateSchema.safeParse({ ...single, items: [{ name: 'Tray', quantity: 0, price: 5 }] }))).toEqual([
      'Item quantity must be more than 0',
    ]);
    expect(messages(orderCreateSchema.safeParse({ ...single, items: [{ name: 'Tray', quantity: 1, price: 0 }] }))).toEqual(['Item price must be more than 0']);
    expect(messages(orderCreateSchema.safeParse({ ...single, deliveryTime: '2026-11-21T14:00:00Z' }))).toEqual([
      'Delivery time must not be before pickup time',
    ]);
  });

  it('takes stops instead of the customer fields, numbered 1..n when numbered at all', () => {
    const stop = { customerName: 'A', customerPhone: '8135550101', address: '1 Main St, Tampa', latitude: 27.9, longitude: -82.4 };
    const { customerName: _n, customerPhone: _p, customerAddress: _a, ...rest } = single;
    expect(orderCreateSchema.safeParse({ ...rest, stops: [stop, stop] }).success).toBe(true);
    expect(
      orderCreateSchema.safeParse({
        ...rest,
        stops: [
          { ...stop, sequence: 2 },
          { ...stop, sequence: 1 },
        ],
      }).success,
    ).toBe(true);
    expect(
      messages(
        orderCreateSchema.safeParse({
          ...rest,
          stops: [
            { ...stop, sequence: 1 },
            { ...stop, sequence: 3 },
          ],
        }),
      ),
    ).toEqual(['Stop sequences must number the stops 1, 2, 3… without gaps']);
    expect(messages(orderCreateSchema.safeParse({ ...rest, stops: [] }))).toEqual(['Please add at least one valid delivery stop']);
    expect(messages(orderCreateSchema.safeParse({ ...rest, stops: [{ ...stop, address: '' }] }))).toEqual(['Delivery address is required']);
  });
});

describe('businessOrderPatchSchema', () => {
  it('keeps fields that were left out absent', () => {
    expect(businessOrderPatchSchema.parse({ customerName: 'New Name' })).toEqual({ customerName: 'New Name' });
  });

  it('reads the edit modal body (amount as a string) and clears blank optional text', () => {
    expect(businessOrderPatchSchema.parse({ amount: '310.50', deliveryInstructions: ' ', setupRequired: true })).toEqual({
      amount: 31050,
      deliveryInstructions: null,
      setupRequired: true,
    });
  });

  it('uses the edit modal messages', () => {
    expect(messages(businessOrderPatchSchema.safeParse({ amount: 'abc' }))).toEqual(['Amount must be a valid number']);
    expect(messages(businessOrderPatchSchema.safeParse({ customerAddress: '' }))).toEqual(['Customer address is required']);
  });

  it('allows a cancel and nothing else of status or courier', () => {
    expect(businessOrderPatchSchema.parse({ status: 'cancelled', courierId: null })).toEqual({ status: 'cancelled', courierId: null });
    expect(messages(businessOrderPatchSchema.safeParse({ status: 'delivered' }))).toEqual(['A business can only change the status to cancelled']);
    expect(messages(businessOrderPatchSchema.safeParse({ courierId: 3 }))).toEqual(['A business cannot assign a courier']);
  });
});

describe('orderStopCreateSchema', () => {
  it('needs a sequence of at least 1 and the stop rules of spec 1-foundations-and-admin.md §5.8', () => {
    const result = orderStopCreateSchema.safeParse({ orderId: 1, sequence: 0, customerName: '', customerPhone: '', address: '' });
    expect(messages(result)).toEqual([
      'Stop sequence must be a whole number of 1 or more',
      'Customer name is required',
      'Customer phone is required',
      'Delivery address is required',
    ]);
  });
});

describe('routeCalculationSchema', () => {
  it('takes coordinates or an address for each stop', () => {
    expect(routeCalculationSchema.safeParse({ stops: [{ lat: 27.9, lng: -82.4 }, { address: '1 Main St' }] }).success).toBe(true);
    expect(messages(routeCalculationSchema.safeParse({ stops: [{ lat: 27.9 }] }))).toEqual(['Please enter addresses for all delivery stops']);
    expect(messages(routeCalculationSchema.safeParse({ stops: [{ lat: 91, lng: 0 }] }))).toEqual(['Latitude must be between -90 and 90']);
  });
});
