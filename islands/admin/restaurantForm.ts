/**
 * The rules of the Restaurants page's dialogs (spec 1-foundations-and-admin.md §2.10, §5.6):
 * the form each mode starts from, the tab of each field, and what is sent. Adding creates
 * the login and the business together; editing changes the business, and its API access.
 */
import { CUSTOMER_TYPE_LABELS, type CustomerType } from '../../src/domain/customerTypes';
import { placementProblem, type LocationPrecision } from '../../src/domain/location';
import { restaurantCreateSchema, restaurantUpdateSchema } from '../../src/domain/schemas/restaurants';
import { checkedBy, refused, type Checked } from '../lib/fieldErrors';
import type { DialogForm, Sections } from './editDialog';

/** A business as GET /api/restaurants gives it (the fields the dialog edits). */
export interface RestaurantToEdit {
  id: number;
  name: string;
  address: string;
  phone: string;
  businessHours: string | null;
  deliveryInstructions: string | null;
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision;
  contactPersonName: string | null;
  contactPersonPosition: string | null;
  contactPersonPhone: string | null;
  contactPersonEmail: string | null;
  backupPhone: string | null;
  apiEnabled: boolean;
}

const EMPTY = {
  username: '',
  password: '',
  zoneId: '',
  customerType: 'restaurant' as CustomerType,
  name: '',
  address: '',
  phone: '',
  businessHours: '',
  deliveryInstructions: '',
  contactPersonName: '',
  contactPersonPosition: '',
  contactPersonPhone: '',
  contactPersonEmail: '',
  backupPhone: '',
  // Where the chosen suggestion is: an address typed by hand has no coordinates (spec 1-foundations-and-admin.md §5.6).
  latitude: null as number | null,
  longitude: null as number | null,
  apiEnabled: false,
};
export type RestaurantForm = typeof EMPTY;

export const RESTAURANT_SECTIONS: Sections = {
  tabs: [
    { value: 'account', label: 'Account' },
    { value: 'restaurant', label: 'Restaurant' },
    { value: 'contact', label: 'Contact Person' },
  ],
  tabOf: {
    username: 'account',
    password: 'account',
    zoneId: 'account',
    customerType: 'restaurant',
    name: 'restaurant',
    address: 'restaurant',
    phone: 'restaurant',
    businessHours: 'restaurant',
    deliveryInstructions: 'restaurant',
    latitude: 'restaurant',
    longitude: 'restaurant',
    contactPersonName: 'contact',
    contactPersonPosition: 'contact',
    contactPersonPhone: 'contact',
    contactPersonEmail: 'contact',
    backupPhone: 'contact',
  },
};

function formOf(restaurant: RestaurantToEdit): RestaurantForm {
  const placed = restaurant.latitude != null && restaurant.longitude != null;
  return {
    ...EMPTY,
    name: restaurant.name,
    address: restaurant.address,
    phone: restaurant.phone,
    businessHours: restaurant.businessHours ?? '',
    deliveryInstructions: restaurant.deliveryInstructions ?? '',
    contactPersonName: restaurant.contactPersonName ?? '',
    contactPersonPosition: restaurant.contactPersonPosition ?? '',
    contactPersonPhone: restaurant.contactPersonPhone ?? '',
    contactPersonEmail: restaurant.contactPersonEmail ?? '',
    backupPhone: restaurant.backupPhone ?? '',
    latitude: placed ? restaurant.latitude : null,
    longitude: placed ? restaurant.longitude : null,
    apiEnabled: restaurant.apiEnabled,
  };
}

export const RESTAURANT_FORM: DialogForm<RestaurantToEdit, RestaurantForm> = { empty: EMPTY, formOf, sections: RESTAURANT_SECTIONS };

/** An address typed by hand drops the coordinates of the suggestion it replaces. */
export function typedAddress(form: RestaurantForm, address: string): RestaurantForm {
  return { ...form, address, latitude: null, longitude: null };
}

/** A chosen suggestion gives the address and where it is. */
export function placedAddress(form: RestaurantForm, place: { address: string; latitude: number; longitude: number }): RestaurantForm {
  return { ...form, address: place.address, latitude: place.latitude, longitude: place.longitude };
}

/** The success toast: the spec's words, then what is wrong with where the business was placed, if anything (decision W10). */
export function savedMessage(message: string, saved: Pick<RestaurantToEdit, 'locationPrecision'>): string {
  const problem = placementProblem(saved.locationPrecision);
  return problem ? `${message}. ${problem} Edit the address to fix it.` : message;
}

/** Under the address of a business being edited that is not on the map or only roughly: what is wrong and how to mend it. */
export function addressHint(editing: Pick<RestaurantToEdit, 'locationPrecision'> | null): string | undefined {
  const problem = editing && placementProblem(editing.locationPrecision);
  // The geocoders place a street address only with its house number (decision G1); a ZIP code finds its centre.
  return problem ? `${problem} Type it in full: house number, street, city and ZIP code.` : undefined;
}

/** What the name field calls the business: its type while adding ('Pharmacy Name'); an existing one is a 'Restaurant'. */
export function businessNoun(form: RestaurantForm, editing: boolean): string {
  return editing ? 'Restaurant' : CUSTOMER_TYPE_LABELS[form.customerType];
}

/** The body of POST /api/restaurants (adding) or PATCH /api/restaurants/:id (editing), checked by the server's schemas. */
export function restaurantToSend(form: RestaurantForm, editing: boolean): Checked<unknown> {
  if (editing) {
    const { username: _u, password: _p, zoneId: _z, customerType: _t, ...fields } = form;
    return checkedBy(restaurantUpdateSchema.safeParse(fields));
  }
  if (!form.zoneId) return refused({ zoneId: 'Please select a zone' }, 'Please select a zone');
  // The schema keeps only what creating takes (API access starts off).
  return checkedBy(restaurantCreateSchema.safeParse(form));
}
