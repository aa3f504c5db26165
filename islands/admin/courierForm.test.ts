import { describe, expect, it } from 'vitest';
import { closedDialog, editDialogReducer } from './editDialog';
import { COURIER_FORM, courierLabel, courierToSend, type CourierForm, type CourierToEdit } from './courierForm';

const reduce = editDialogReducer(COURIER_FORM);
const closed = closedDialog(COURIER_FORM);

const stored: CourierToEdit = {
  id: 7,
  zoneId: 2,
  user: { name: 'Sam Ortiz', phone: null },
  email: 'sam@couriers.test',
  address: '12 Bay St',
  vehicleType: 'suv',
  vehicleMake: 'Honda',
  vehicleModel: 'CR-V',
  vehicleYear: '2021',
  driversLicense: 'D123',
  driversLicenseExpiry: '2030-01-31',
  insurance: 'I456',
  insuranceExpiry: '2030-06-30',
  hasQuickDeliveryEquipment: false,
  hasCateringDolly: true,
  hasThermoBags: false,
  hasIsothermalBoxes: false,
};

/** Every field adding asks for, filled in. */
function added(): CourierForm {
  const { form } = reduce(closed, { type: 'show', item: null });
  return {
    ...form,
    username: 'sam.o',
    password: 'secret12',
    name: 'Sam Ortiz',
    zoneId: '2',
    email: 'sam@couriers.test',
    address: '12 Bay St',
    vehicleMake: 'Honda',
    vehicleModel: 'CR-V',
    vehicleYear: '2021',
    driversLicense: 'D123',
    driversLicenseExpiry: '2030-01-31',
    insurance: 'I456',
    insuranceExpiry: '2030-06-30',
    hasThermoBags: true,
  };
}

describe('the courier dialog, adding', () => {
  it('names every blank required field by its label, at once, and shows the Account tab', () => {
    const checked = courierToSend(reduce(closed, { type: 'show', item: null }).form, false);
    expect(checked).toMatchObject({
      ok: false,
      message:
        'Please fill in all required fields: Username, Password, Full Name, Zone, Email, Address, Make, Model, Year, License, License Expiry, Insurance Number, Insurance Expiry',
      errors: { name: 'Full Name is required', driversLicenseExpiry: 'License Expiry is required' },
    });
    if (!checked.ok) expect(reduce({ ...closed, open: true, tab: 'equipment' }, { type: 'failed', errors: checked.errors }).tab).toBe('account');
  });

  it('counts a field of spaces as blank, and shows the tab of the first one missing', () => {
    const checked = courierToSend({ ...added(), driversLicenseExpiry: '', insurance: '  ' }, false);
    expect(checked).toEqual({
      ok: false,
      errors: { driversLicenseExpiry: 'License Expiry is required', insurance: 'Insurance Number is required' },
      message: 'Please fill in all required fields: License Expiry, Insurance Number',
    });
    if (!checked.ok) expect(reduce({ ...closed, open: true }, { type: 'failed', errors: checked.errors }).tab).toBe('vehicle');
  });

  it("then checks with the server's schema and its messages", () => {
    expect(courierToSend({ ...added(), vehicleYear: '21' }, false)).toMatchObject({
      ok: false,
      message: 'Vehicle year is required',
      errors: { vehicleYear: 'Vehicle year is required' },
    });
  });

  it('registers a courier with the phone it collects, or none', () => {
    expect(courierToSend(added(), false)).toMatchObject({
      ok: true,
      body: {
        role: 'courier',
        username: 'sam.o',
        name: 'Sam Ortiz',
        zoneId: 2,
        phone: null,
        vehicleType: 'sedan',
        hasThermoBags: true,
        hasCateringDolly: false,
      },
    });
    expect(courierToSend({ ...added(), phone: '8135550199' }, false)).toMatchObject({ body: { phone: '8135550199' } });
  });

  it("marks required fields with '*' and names them as the message does", () => {
    expect(courierLabel('driversLicenseExpiry', false)).toBe('License Expiry*');
    expect(courierLabel('driversLicense', false)).toBe('License*');
    expect(courierLabel('vehicleType', false)).toBe('Type*');
    expect(courierLabel('zoneId', false)).toBe('Zone*');
  });
});

describe('the courier dialog, editing', () => {
  it("opens on Personal with the courier's record, its user's name and phone", () => {
    const state = reduce(closed, { type: 'show', item: stored });
    expect(state.tab).toBe('personal');
    expect(state.form).toMatchObject({ username: '', name: 'Sam Ortiz', zoneId: '2', phone: '', vehicleType: 'suv', hasCateringDolly: true });
  });

  it('sends the courier, its zone and phone, never the login or the name', () => {
    const form = { ...reduce(closed, { type: 'show', item: stored }).form, zoneId: '3', phone: '8135550199' };
    const checked = courierToSend(form, true);
    expect(checked).toMatchObject({ ok: true, body: { zoneId: 3, phone: '8135550199', email: 'sam@couriers.test', hasCateringDolly: true } });
    const body = checked.ok ? checked.body : {};
    for (const key of ['username', 'password', 'name', 'role']) expect(body).not.toHaveProperty(key);
    expect(courierToSend({ ...form, phone: '' }, true)).toMatchObject({ body: { phone: null } });
  });

  it("refuses with the schema's message and shows its tab", () => {
    const form = { ...reduce(closed, { type: 'show', item: stored }).form, email: 'sam' };
    const checked = courierToSend(form, true);
    expect(checked).toEqual({ ok: false, errors: { email: 'Valid email is required' }, message: 'Valid email is required' });
    if (!checked.ok)
      expect(reduce({ ...reduce(closed, { type: 'show', item: stored }), tab: 'vehicle' }, { type: 'failed', errors: checked.errors }).tab).toBe('personal');
  });

  it('marks nothing, and names the vehicle and documents as the profile does', () => {
    expect(courierLabel('driversLicenseExpiry', true)).toBe('License Expiry Date');
    expect(courierLabel('driversLicense', true)).toBe("Driver's License Number");
    expect(courierLabel('vehicleType', true)).toBe('Vehicle Type');
    expect(courierLabel('email', true)).toBe('Email');
  });
});
