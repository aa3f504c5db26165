import { describe, expect, it } from 'vitest';
import { awaitingVerification, profileReducer, profileState, profileToSend, vehicleTypesFor, type CourierProfileData, type ProfileAction } from './profile';

const profile: CourierProfileData = {
  email: 'sam@couriers.test',
  phone: '8135550199',
  address: '12 Bay St',
  vehicleType: 'sedan',
  vehicleMake: 'Honda',
  vehicleModel: 'Civic',
  vehicleYear: '2020',
  driversLicense: 'D123',
  driversLicenseExpiry: '2030-01-31',
  insurance: 'I456',
  insuranceExpiry: '2030-06-30',
  hasQuickDeliveryEquipment: false,
  hasCateringDolly: false,
  hasThermoBags: true,
  hasIsothermalBoxes: false,
  awaitingVerification: ['insurance'],
};

const run = (...actions: ProfileAction[]) => actions.reduce(profileReducer, profileState(profile));

describe('the courier profile', () => {
  it('is read-only until Edit Profile', () => {
    expect(profileState(profile)).toMatchObject({ editing: false, saving: false, form: profile });
    expect(run({ type: 'editStarted' }).editing).toBe(true);
  });

  it('Cancel puts back what was saved, without the errors, and is read-only again', () => {
    const cancelled = run(
      { type: 'editStarted' },
      { type: 'changed', changes: { address: '14 Bay St', hasCateringDolly: true } },
      { type: 'refused', errors: { address: 'Address is required' } },
      { type: 'cancelled' },
    );
    expect(cancelled).toEqual(profileState(profile));
  });

  it('waits while saving, then shows what the server saved, read-only', () => {
    const saving = run(
      { type: 'editStarted' },
      { type: 'changed', changes: { vehicleModel: 'Accord' } },
      { type: 'refused', errors: { email: 'x' } },
      { type: 'saving' },
    );
    expect(saving).toMatchObject({ saving: true, errors: {}, editing: true });
    const server = { ...profile, vehicleModel: 'Accord', awaitingVerification: [] };
    expect(profileReducer(saving, { type: 'saved', profile: server })).toEqual({ saved: server, form: server, editing: false, saving: false, errors: {} });
  });

  it("keeps the form open with the server's field errors when saving fails", () => {
    const failed = run(
      { type: 'editStarted' },
      { type: 'changed', changes: { vehicleModel: 'Accord' } },
      { type: 'saving' },
      { type: 'refused', errors: { vehicleYear: 'Vehicle year is required' } },
    );
    expect(failed).toMatchObject({
      editing: true,
      saving: false,
      form: { vehicleModel: 'Accord' },
      saved: profile,
      errors: { vehicleYear: 'Vehicle year is required' },
    });
  });
});

describe('what the profile sends', () => {
  it('is what the server schema takes: a blank phone as none, nothing it does not know', () => {
    const checked = profileToSend({ ...profile, phone: '' });
    expect(checked).toMatchObject({ ok: true, body: { phone: null, email: 'sam@couriers.test', hasThermoBags: true } });
    expect(checked.ok && checked.body).not.toHaveProperty('awaitingVerification');
  });

  it("is refused with the schema's messages beside their fields", () => {
    expect(profileToSend({ ...profile, email: 'sam', vehicleMake: ' ' })).toMatchObject({
      ok: false,
      errors: { email: 'Valid email is required', vehicleMake: 'Vehicle make is required' },
    });
  });
});

describe('the profile fields', () => {
  it("offer the spec's five vehicle types, and a stored truck too (decision C18)", () => {
    expect(vehicleTypesFor('sedan')).toEqual(['suv', 'pickup', 'sedan', 'minivan', 'hatchback']);
    expect(vehicleTypesFor('truck')).toEqual(['suv', 'pickup', 'sedan', 'minivan', 'hatchback', 'truck']);
  });

  it('say which saved expiry waits for verification (decision C22)', () => {
    expect(awaitingVerification(profile, 'insuranceExpiry')).toBe('insurance');
    expect(awaitingVerification(profile, 'driversLicenseExpiry')).toBeUndefined();
    expect(awaitingVerification(profile, 'insurance')).toBeUndefined();
    expect(awaitingVerification({ ...profile, awaitingVerification: undefined }, 'insuranceExpiry')).toBeUndefined();
  });
});
