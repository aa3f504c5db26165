/**
 * The rules of the Couriers page's dialogs (spec 1-foundations-and-admin.md §2.9, §5.5;
 * decision A7): the form each mode starts from, the tab and the name of each field, and
 * what is sent. Adding creates the login and the courier (POST /api/register); editing
 * changes the courier and keeps its user in step (PATCH /api/couriers/:id).
 */
import { courierDetailsOf, type CourierDetails } from '../../src/domain/courierDetails';
import { courierUpdateSchema, registerSchema } from '../../src/domain/schemas/users';
import { checkedBy, refused, type Checked } from '../lib/fieldErrors';
import type { DialogForm, Sections } from './editDialog';

/** A courier as GET /api/couriers gives it (the fields the dialog edits). */
export interface CourierToEdit extends CourierDetails {
  id: number;
  zoneId: number;
  user: { name: string; phone: string | null };
}

const EMPTY = {
  username: '',
  password: '',
  name: '',
  zoneId: '',
  email: '',
  phone: '',
  address: '',
  vehicleType: 'sedan',
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  driversLicense: '',
  driversLicenseExpiry: '',
  insurance: '',
  insuranceExpiry: '',
  hasQuickDeliveryEquipment: false,
  hasCateringDolly: false,
  hasThermoBags: false,
  hasIsothermalBoxes: false,
};
export type CourierForm = typeof EMPTY;
export type LabelledField = Exclude<keyof CourierForm, 'phone' | `has${string}`>;

export const COURIER_SECTIONS: Sections = {
  tabs: [
    { value: 'account', label: 'Account' },
    { value: 'personal', label: 'Personal' },
    { value: 'vehicle', label: 'Vehicle' },
    { value: 'equipment', label: 'Equipment' },
  ],
  tabOf: {
    username: 'account',
    password: 'account',
    name: 'account',
    zoneId: 'account',
    email: 'personal',
    phone: 'personal',
    address: 'personal',
    vehicleType: 'vehicle',
    vehicleMake: 'vehicle',
    vehicleModel: 'vehicle',
    vehicleYear: 'vehicle',
    driversLicense: 'vehicle',
    driversLicenseExpiry: 'vehicle',
    insurance: 'vehicle',
    insuranceExpiry: 'vehicle',
  },
};

function formOf(courier: CourierToEdit): CourierForm {
  return { ...EMPTY, ...courierDetailsOf(courier), name: courier.user.name, zoneId: String(courier.zoneId), phone: courier.user.phone ?? '' };
}

export const COURIER_FORM: DialogForm<CourierToEdit, CourierForm> = { empty: EMPTY, formOf, sections: COURIER_SECTIONS };

/** The fields' names while adding: marked '*' when required, and what "Please fill in all required fields" lists. */
const CREATE_NAMES: Record<LabelledField, string> = {
  username: 'Username',
  password: 'Password',
  name: 'Full Name',
  zoneId: 'Zone',
  email: 'Email',
  address: 'Address',
  vehicleType: 'Type',
  vehicleMake: 'Make',
  vehicleModel: 'Model',
  vehicleYear: 'Year',
  driversLicense: 'License',
  driversLicenseExpiry: 'License Expiry',
  insurance: 'Insurance Number',
  insuranceExpiry: 'Insurance Expiry',
};

/** Editing marks nothing, and names the vehicle and documents as the courier's profile does. */
const EDIT_NAMES: Record<LabelledField, string> = {
  ...CREATE_NAMES,
  vehicleType: 'Vehicle Type',
  driversLicense: "Driver's License Number",
  driversLicenseExpiry: 'License Expiry Date',
  insuranceExpiry: 'Insurance Expiry Date',
};

export function courierLabel(field: LabelledField, editing: boolean): string {
  return editing ? EDIT_NAMES[field] : `${CREATE_NAMES[field]}*`;
}

/** Required when adding (spec 1-foundations-and-admin.md §5.5); the vehicle type always has one. */
const REQUIRED: ReadonlyArray<Exclude<LabelledField, 'vehicleType'>> = [
  'username',
  'password',
  'name',
  'zoneId',
  'email',
  'address',
  'vehicleMake',
  'vehicleModel',
  'vehicleYear',
  'driversLicense',
  'driversLicenseExpiry',
  'insurance',
  'insuranceExpiry',
];

/** The body of POST /api/register (adding) or PATCH /api/couriers/:id (editing), checked by the server's schemas. */
export function courierToSend(form: CourierForm, editing: boolean): Checked<unknown> {
  const body = { ...form, phone: form.phone || null };
  if (editing) {
    const { username: _u, password: _p, name: _n, ...fields } = body;
    return checkedBy(courierUpdateSchema.safeParse(fields));
  }
  // Every blank required field is named at once, by its label (decision A7), before the schema's own messages.
  const missing = REQUIRED.filter((field) => form[field].trim() === '');
  if (missing.length > 0) {
    return refused(
      Object.fromEntries(missing.map((field) => [field, `${CREATE_NAMES[field]} is required`])),
      `Please fill in all required fields: ${missing.map((field) => CREATE_NAMES[field]).join(', ')}`,
    );
  }
  return checkedBy(registerSchema.safeParse({ ...body, role: 'courier' }));
}
