import { describe, expect, it } from 'vitest';
import { closedDialog, editDialogReducer } from './editDialog';
import {
  addressHint,
  businessNoun,
  placedAddress,
  RESTAURANT_FORM,
  restaurantToSend,
  savedMessage,
  typedAddress,
  type RestaurantForm,
  type RestaurantToEdit,
} from './restaurantForm';

const reduce = editDialogReducer(RESTAURANT_FORM);
const closed = closedDialog(RESTAURANT_FORM);

const stored: RestaurantToEdit = {
  id: 12,
  name: 'Ybor Tacos',
  address: '1600 E 7th Ave, Tampa, FL',
  phone: '8135550100',
  businessHours: null,
  deliveryInstructions: 'Side door',
  latitude: 27.96,
  longitude: -82.44,
  locationPrecision: 'address',
  contactPersonName: 'Ana Ruiz',
  contactPersonPosition: 'Manager',
  contactPersonPhone: '8135550101',
  contactPersonEmail: 'ana@ybor.test',
  backupPhone: null,
  apiEnabled: true,
};

/** A form filled in as an admin adding a pharmacy would. */
function added(): RestaurantForm {
  const form = reduce(closed, { type: 'show', item: null }).form;
  return {
    ...form,
    username: 'seminole.rx',
    password: 'secret12',
    zoneId: '4',
    customerType: 'pharmacy',
    name: 'Seminole Rx',
    address: '4101 Seminole Blvd',
    phone: '7275550123',
    contactPersonName: 'Lee Park',
    contactPersonPosition: 'Pharmacist',
    contactPersonPhone: '7275550124',
    contactPersonEmail: 'lee@seminole.test',
  };
}

describe('the restaurant dialog, adding', () => {
  it('opens on Account with an empty restaurant form and API access off', () => {
    const state = reduce(closed, { type: 'show', item: null });
    expect(state.tab).toBe('account');
    expect(state.form).toMatchObject({ customerType: 'restaurant', name: '', latitude: null, longitude: null, apiEnabled: false });
  });

  it('asks for the zone first, on the Account tab', () => {
    const checked = restaurantToSend({ ...added(), zoneId: '', name: '' }, false);
    expect(checked).toEqual({ ok: false, errors: { zoneId: 'Please select a zone' }, message: 'Please select a zone' });
    if (!checked.ok) expect(reduce({ ...closed, open: true, tab: 'contact' }, { type: 'failed', errors: checked.errors }).tab).toBe('account');
  });

  it('sends the login, the zone, the type and the business; a typed address goes without coordinates, API access not at all', () => {
    const checked = restaurantToSend(added(), false);
    expect(checked).toEqual({
      ok: true,
      body: {
        username: 'seminole.rx',
        password: 'secret12',
        zoneId: 4,
        customerType: 'pharmacy',
        name: 'Seminole Rx',
        address: '4101 Seminole Blvd',
        phone: '7275550123',
        businessHours: null,
        deliveryInstructions: null,
        latitude: null,
        longitude: null,
        contactPersonName: 'Lee Park',
        contactPersonPosition: 'Pharmacist',
        contactPersonPhone: '7275550124',
        contactPersonEmail: 'lee@seminole.test',
        backupPhone: null,
      },
    });
  });

  it('sends where a chosen suggestion is, until the address is typed over', () => {
    const placed = placedAddress(added(), { address: '4101 Seminole Blvd, Seminole, FL', latitude: 27.84, longitude: -82.79 });
    expect(restaurantToSend(placed, false)).toMatchObject({ body: { address: '4101 Seminole Blvd, Seminole, FL', latitude: 27.84, longitude: -82.79 } });
    expect(restaurantToSend(typedAddress(placed, '4102 Seminole Blvd'), false)).toMatchObject({
      body: { address: '4102 Seminole Blvd', latitude: null, longitude: null },
    });
  });

  it("names the business by its type: 'Pharmacy Name' while adding a pharmacy, 'Restaurant Name' once it exists", () => {
    expect(businessNoun(added(), false)).toBe('Pharmacy');
    expect(businessNoun({ ...added(), customerType: 'restaurant' }, false)).toBe('Restaurant');
    expect(businessNoun(added(), true)).toBe('Restaurant');
  });

  it("shows the schema's message and the tab of the first field it refuses", () => {
    const checked = restaurantToSend({ ...added(), contactPersonEmail: 'lee' }, false);
    expect(checked).toEqual({ ok: false, errors: { contactPersonEmail: 'Valid email is required' }, message: 'Valid email is required' });
    if (!checked.ok) expect(reduce({ ...closed, open: true }, { type: 'failed', errors: checked.errors }).tab).toBe('contact');
  });
});

describe('the restaurant dialog, editing', () => {
  it('opens on the Restaurant tab with the stored business, its place and its API access', () => {
    const state = reduce(closed, { type: 'show', item: stored });
    expect(state.tab).toBe('restaurant');
    expect(state.form).toMatchObject({ name: 'Ybor Tacos', businessHours: '', backupPhone: '', latitude: 27.96, longitude: -82.44, apiEnabled: true });
    expect(reduce(closed, { type: 'show', item: { ...stored, longitude: null } }).form).toMatchObject({ latitude: null, longitude: null });
  });

  it('sends the business and its API access, never a login, zone or type', () => {
    const form = { ...reduce(closed, { type: 'show', item: stored }).form, apiEnabled: false };
    const checked = restaurantToSend(form, true);
    expect(checked).toMatchObject({
      ok: true,
      body: { name: 'Ybor Tacos', latitude: 27.96, longitude: -82.44, deliveryInstructions: 'Side door', apiEnabled: false },
    });
    const body = checked.ok ? checked.body : {};
    for (const key of ['username', 'password', 'zoneId', 'customerType']) expect(body).not.toHaveProperty(key);
  });

  it('still requires what adding requires', () => {
    const form = { ...reduce(closed, { type: 'show', item: stored }).form, name: ' ' };
    expect(restaurantToSend(form, true)).toEqual({ ok: false, errors: { name: 'Restaurant name is required' }, message: 'Restaurant name is required' });
  });
});

describe('where a saved business is (decision W10)', () => {
  it("adds to the spec's toast that the address is not on the map, or only at its ZIP centre, and how to fix it", () => {
    expect(savedMessage('Restaurant account created successfully', { locationPrecision: 'none' })).toBe(
      "Restaurant account created successfully. The address could not be placed on the map: couriers' distances to it are unknown. Edit the address to fix it.",
    );
    expect(savedMessage('Restaurant updated successfully', { locationPrecision: 'zip' })).toBe(
      "Restaurant updated successfully. The address was placed only approximately, at its ZIP code's centre: couriers' distances to it are rough. Edit the address to fix it.",
    );
    expect(savedMessage('Restaurant updated successfully', stored)).toBe('Restaurant updated successfully');
  });

  it('says under the address of a business being edited what is wrong with its place, and nothing while adding', () => {
    expect(addressHint({ locationPrecision: 'none' })).toBe(
      "The address could not be placed on the map: couriers' distances to it are unknown. Type it in full: house number, street, city and ZIP code.",
    );
    expect(addressHint({ locationPrecision: 'zip' })).toMatch(/^The address was placed only approximately/);
    expect(addressHint(stored)).toBeUndefined();
    expect(addressHint(null)).toBeUndefined();
  });
});
