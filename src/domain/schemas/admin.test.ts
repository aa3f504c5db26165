/** The admin's request schemas (zones, businesses, order actions, accounts, reports). */
import { describe, expect, it } from 'vitest';
import { userPatchSchema } from './accounts';
import { adminOrderPatchSchema } from './adminOrders';
import { earningsQuerySchema } from './reports';
import { restaurantCreateSchema, restaurantUpdateSchema } from './restaurants';
import { courierUpdateSchema } from './users';
import { parseCities, zoneSchema } from './zones';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('zones', () => {
  it('split cities on commas, trim, drop empties and repeats', () => {
    expect(parseCities(' Tampa, ,St. Petersburg ,tampa,')).toEqual(['Tampa', 'St. Petersburg']);
    expect(zoneSchema.parse({ name: ' North ', cities: ['Lutz', ' '] })).toEqual({ name: 'North', description: null, cities: ['Lutz'], isActive: true });
  });

  it('say what is missing in the spec words', () => {
    expect(messages(zoneSchema.safeParse({ name: '', cities: [''] }))).toEqual(['Zone name is required', 'At least one city is required']);
  });
});

describe('admin order patch', () => {
  it('reads fees as exact cents and ignores courierPay and zoneId', () => {
    expect(adminOrderPatchSchema.parse({ status: 'assigned', courierId: '4', deliveryFee: '19.99', tip: 0.1, courierPay: '1', zoneId: 9 })).toEqual({
      status: 'assigned',
      courierId: 4,
      deliveryFee: 19_99,
      tip: 10,
    });
    expect(adminOrderPatchSchema.parse({ status: 'cancelled', courierId: null, expectedStatus: 'new' })).toEqual({
      status: 'cancelled',
      expectedStatus: 'new',
    });
  });

  it('refuses blank or non-numeric fees with the dialog messages', () => {
    expect(messages(adminOrderPatchSchema.safeParse({ status: 'pending_courier', deliveryFee: ' ', tip: 'x' }))).toEqual([
      'Delivery fee must be a valid number',
      'Tip must be a valid number',
    ]);
    expect(adminOrderPatchSchema.safeParse({ status: 'pending_courier', deliveryFee: '1', tip: '1', expectedStatus: 'nope' }).success).toBe(false);
  });
});

describe('businesses', () => {
  const valid = {
    username: 'cafe',
    password: 'secret',
    zoneId: '2',
    name: 'Cafe',
    address: '1 Main St',
    phone: '8135550000',
    contactPersonName: 'A',
    contactPersonPosition: 'B',
    contactPersonPhone: '8135550001',
    contactPersonEmail: 'a@b.co',
  };

  it('default to a restaurant, read coordinates as numbers or strings, and blank optional fields as null', () => {
    expect(restaurantCreateSchema.parse({ ...valid, latitude: '27.95', longitude: '', backupPhone: '' })).toMatchObject({
      zoneId: 2,
      customerType: 'restaurant',
      latitude: 27.95,
      longitude: null,
      backupPhone: null,
      businessHours: null,
    });
  });

  it('keep phones to exactly 10 digits and say a missing one is required', () => {
    expect(messages(restaurantCreateSchema.safeParse({ ...valid, phone: '' }))).toEqual(['Phone is required']);
    expect(messages(restaurantCreateSchema.safeParse({ ...valid, phone: '81355500001' }))).toEqual(['Phone must be exactly 10 digits']);
    expect(messages(restaurantUpdateSchema.safeParse({ backupPhone: '123' }))).toEqual(['Phone must be exactly 10 digits']);
  });

  it('change only the fields given on edit', () => {
    expect(restaurantUpdateSchema.parse({ name: ' New ' })).toEqual({ name: 'New' });
  });
});

describe('courier and user edits', () => {
  it('leave out what is not given: no default vehicle type or equipment on an edit', () => {
    expect(courierUpdateSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(courierUpdateSchema.parse({ hasThermoBags: 'on', vehicleType: 'suv' })).toEqual({ hasThermoBags: true, vehicleType: 'suv' });
  });

  it('need at least one change', () => {
    expect(messages(userPatchSchema.safeParse({}))).toEqual(['Nothing to change: send isActive, name, phone, address or zoneId']);
    expect(userPatchSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });
});

describe('earnings query', () => {
  it('wants real days, in order', () => {
    expect(earningsQuerySchema.parse({ from: '2026-02-01', to: '2026-02-28', page: '2' })).toEqual({ from: '2026-02-01', to: '2026-02-28', page: 2 });
    expect(messages(earningsQuerySchema.safeParse({ from: '2026-03-01', to: '2026-02-28' }))).toEqual(['The start date must be on or before the end date']);
  });
});
