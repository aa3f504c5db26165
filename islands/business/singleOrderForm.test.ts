import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '../../src/domain/email';
import { emptyAddress, STREET_MESSAGE, ZIP_MESSAGE } from './address';
import {
  checkSingleOrder,
  feeHint,
  initialSingleOrderState,
  singleOrderBody,
  singleOrderErrors,
  singleOrderReducer,
  type SingleOrderAction,
  type SingleOrderFields,
  type SingleOrderState,
} from './singleOrderForm';

const defaults = { defaultPickup: '2026-03-02T09:00', defaultDelivery: '2026-03-02T10:00' };
const run = (state: SingleOrderState, ...actions: SingleOrderAction[]) => actions.reduce(singleOrderReducer, state);
const utc = (date: Date) => date.toISOString().replace('.000Z', '+00:00');

/** A form filled in enough to send, its address typed. */
const filled: SingleOrderFields = {
  ...initialSingleOrderState(defaults, true).fields,
  internalOrderNumber: ' A-1 ',
  customerName: ' Ann Lee ',
  customerPhone: '8135550100',
  amount: '45.50',
  address: {
    ...emptyAddress(true),
    text: '401 E Jackson St',
    parts: { street: '401 E Jackson St', apartment: ' 4 ', city: 'Tampa', state: 'Florida', zip: '33602' },
  },
};

describe('checking the single order', () => {
  it('marks every missing required field, and a bad email in the same pass', () => {
    const empty = { ...initialSingleOrderState(defaults, true).fields, customerEmail: 'ann@' };
    expect(checkSingleOrder(empty)).toEqual({
      marked: ['customerName', 'customerPhone', 'amount', 'internalOrderNumber', 'customerEmail'],
      problem: 'Please fill in all required fields',
    });
  });

  it('then the email, then a blank street, then a ZIP that is not one, each on its own', () => {
    expect(checkSingleOrder({ ...filled, customerEmail: 'ann@' })).toEqual({ marked: ['customerEmail'], problem: INVALID_EMAIL });
    const noStreet = { ...filled, address: { ...filled.address, parts: { ...filled.address.parts, street: ' ' } } };
    expect(checkSingleOrder(noStreet)).toEqual({ marked: ['address'], problem: STREET_MESSAGE });
    const badZip = { ...filled, address: { ...filled.address, parts: { ...filled.address.parts, zip: '336' } } };
    expect(checkSingleOrder(badZip)).toEqual({ marked: ['zip'], problem: ZIP_MESSAGE });
    expect(checkSingleOrder(filled)).toEqual({ marked: [], problem: null });
  });

  it('shows the marks under the fields; the email’s and the ZIP’s follow what is typed since', () => {
    const checked = run(initialSingleOrderState(defaults, true), { type: 'checked', marked: ['customerName', 'customerEmail', 'zip'] });
    expect(singleOrderErrors(checked)).toMatchObject({ customerName: 'Required', customerPhone: null, customerEmail: null, street: null, zip: null });
    const typedSince = run(checked, {
      type: 'edit',
      change: { customerEmail: 'ann@', address: { ...filled.address, parts: { ...filled.address.parts, zip: '1' } } },
    });
    expect(singleOrderErrors(typedSince)).toMatchObject({ customerEmail: INVALID_EMAIL, zip: ZIP_MESSAGE });
    expect(singleOrderErrors(run(checked, { type: 'checked', marked: ['address'] }))).toMatchObject({ customerName: null, street: STREET_MESSAGE });
  });
});

describe('the single order form', () => {
  it('announces the fee by the server’s rule once there is an amount', () => {
    expect(feeHint('')).toBe('Delivery fee will be calculated (10% of order amount, minimum $30)');
    expect(feeHint('0')).toBe('Delivery fee will be calculated (10% of order amount, minimum $30)');
    expect(feeHint('120')).toBe('Delivery fee will be $30.00 (10% of order amount, minimum $30)');
    expect(feeHint('450.50')).toBe('Delivery fee will be $45.05 (10% of order amount, minimum $30)');
  });

  it('adds and removes vehicle types, a sedan to start with', () => {
    const state = run(
      initialSingleOrderState(defaults, true),
      { type: 'toggleVehicle', vehicle: 'suv', required: true },
      { type: 'toggleVehicle', vehicle: 'sedan', required: false },
    );
    expect(state.fields.vehicles).toEqual(['suv']);
  });

  it('turns what was typed into the street when the maps service turns out to be down', () => {
    const typing = run(initialSingleOrderState(defaults, false), { type: 'edit', change: { address: { ...emptyAddress(false), text: '401 E Jackson St' } } });
    expect(run(typing, { type: 'addressesTyped' }).fields.address.parts).toMatchObject({ street: '401 E Jackson St', city: 'Tampa', state: 'Florida' });
  });

  it('starts over once created, and stays busy until the dashboard opens', () => {
    const state = run({ ...initialSingleOrderState(defaults, true), fields: filled }, { type: 'submitted' }, { type: 'created', defaults, typed: true });
    expect(state).toEqual({ ...initialSingleOrderState(defaults, true), pending: true });
    expect(run(state, { type: 'submitFailed' }).pending).toBe(false);
  });
});

describe('the body sent', () => {
  it('has the address in parts, money in dollars and the fee by the server’s rule', () => {
    expect(singleOrderBody({ ...filled, tip: '5', customerEmail: ' ann@example.com ' }, true)).toEqual({
      customerName: 'Ann Lee',
      customerPhone: '8135550100',
      customerEmail: 'ann@example.com',
      customerAddress: '401 E Jackson St, Apt 4, Tampa, Florida, 33602',
      customerStreet: '401 E Jackson St',
      customerHouse: null,
      customerApartment: '4',
      customerCity: 'Tampa',
      customerState: 'Florida',
      customerZip: '33602',
      customerLatitude: null,
      customerLongitude: null,
      customerLocationPrecision: null,
      customerCompany: '',
      deliveryInstructions: '',
      internalOrderNumber: 'A-1',
      setupRequired: false,
      requiredVehicleTypes: ['sedan'],
      amount: 45.5,
      deliveryFee: 30,
      tip: 5,
      pickupTime: utc(new Date(2026, 2, 2, 9, 0)),
      deliveryTime: utc(new Date(2026, 2, 2, 10, 0)),
      items: [{ name: 'Order', quantity: 1, price: 45.5 }],
      status: 'new',
    });
  });

  it('sends a chosen place’s position, and money that is not money as typed (the server refuses it)', () => {
    const chosen = { ...filled, address: { ...filled.address, house: '401', point: { latitude: 27.95, longitude: -82.45, precision: 'address' as const } } };
    expect(singleOrderBody({ ...chosen, amount: 'abc', tip: ' ' }, false)).toMatchObject({
      customerHouse: '401',
      customerLatitude: 27.95,
      customerLongitude: -82.45,
      customerLocationPrecision: 'address',
      amount: 'abc',
      deliveryFee: null,
      tip: 0,
      items: [{ price: 'abc' }],
    });
  });
});
