import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '../../src/domain/email';
import { editOrderBody, editOrderErrors, editOrderReducer, initialEditOrderState, type EditedOrder } from './editOrderForm';

const stored: EditedOrder = {
  internalOrderNumber: 'A-1',
  amount: '45.50',
  customerName: 'Ann Lee',
  customerPhone: '8135550100',
  customerEmail: '',
  customerAddress: '401 E Jackson St, Apt 4, Tampa, Florida, 33602',
  deliveryInstructions: 'Ring twice',
  pickupDate: '2026-03-02',
  pickupClock: '09:00',
  deliveryDate: '2026-03-02',
  deliveryClock: '10:30',
  setupRequired: true,
};
const { fields } = initialEditOrderState(stored);
const utc = (date: Date) => date.toISOString().replace('.000Z', '+00:00');

describe('the edit order form', () => {
  it('splits the stored address into its parts; one without a state is in Florida', () => {
    expect(fields).toMatchObject({ street: '401 E Jackson St', apartment: '4', city: 'Tampa', state: 'Florida', zip: '33602' });
    expect(initialEditOrderState({ ...stored, customerAddress: '401 E Jackson St' }).fields).toMatchObject({ street: '401 E Jackson St', state: 'Florida' });
  });

  it('says what is wrong under each field', () => {
    expect(editOrderErrors(fields)).toEqual({});
    expect(
      editOrderErrors({ ...fields, customerName: ' ', customerPhone: '', customerEmail: 'ann@', amount: 'ten', pickupClock: '', deliveryDate: '' }),
    ).toEqual({
      customerName: 'Customer name is required',
      customerPhone: 'Customer phone is required',
      customerEmail: INVALID_EMAIL,
      amount: 'Amount must be a valid number',
      pickupTime: 'Pickup time is required',
      deliveryTime: 'Delivery time is required',
    });
  });

  it('keeps what was typed, the errors found and whether it is saving', () => {
    let state = editOrderReducer(initialEditOrderState(stored), { type: 'edit', change: { city: 'Brandon' } });
    state = editOrderReducer(state, { type: 'checked', errors: { amount: 'Amount must be a valid number' } });
    state = editOrderReducer(state, { type: 'saving' });
    expect(state).toMatchObject({ fields: { city: 'Brandon', street: '401 E Jackson St' }, errors: { amount: 'Amount must be a valid number' }, saving: true });
    expect(editOrderReducer(state, { type: 'settled' }).saving).toBe(false);
  });

  it('sends the address rebuilt from its parts, the times in UTC, and the fields only those who see them change', () => {
    const edited = { ...fields, apartment: ' ', city: ' ', customerName: ' Ann ' };
    const body = editOrderBody(edited, { internalOrderNumber: false, setupRequired: false });
    expect(body).toEqual({
      customerName: 'Ann',
      customerPhone: '8135550100',
      customerEmail: '',
      customerAddress: '401 E Jackson St, Tampa, Florida, 33602',
      customerStreet: '401 E Jackson St',
      customerApartment: '',
      customerCity: '',
      customerState: 'Florida',
      customerZip: '33602',
      deliveryInstructions: 'Ring twice',
      amount: '45.50',
      pickupTime: utc(new Date(2026, 2, 2, 9, 0)),
      deliveryTime: utc(new Date(2026, 2, 2, 10, 30)),
    });
    expect(editOrderBody(edited, { internalOrderNumber: true, setupRequired: true })).toMatchObject({ internalOrderNumber: 'A-1', setupRequired: true });
  });
});
