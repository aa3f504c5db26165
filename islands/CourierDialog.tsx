/**
 * The Couriers page's dialogs (spec 1-foundations-and-admin.md §2.9, §5.5, §8.5): 'Add New Courier' (tabs Account,
 * Personal, Vehicle, Equipment; POST /api/register) and a row's Edit ('Edit Courier:
 * <name>', tabs Personal, Vehicle, Equipment; PATCH /api/couriers/:id, which keeps the
 * courier's user in step). The list refreshes after a save.
 */
import { useState, type FormEvent } from 'react';
import { normalizePhoneInput } from '../src/domain/phone';
import { courierUpdateSchema, registerSchema } from '../src/domain/schemas/users';
import { COURIER_VEHICLE_TYPES, vehicleLabel } from '../src/domain/vehicles';
import { AccountFormDialog, Checkbox, firstErrors, SelectField, TextField } from './admin/form';
import { useEditDialog } from './admin/useEditDialog';
import { courierDetailsOf, EQUIPMENT, type CourierDetails } from '../src/domain/courierDetails';

export interface ZoneOption {
  id: number;
  name: string;
}

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
type Form = typeof EMPTY;
type TextKey = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form];

/** Required on create (spec 1-foundations-and-admin.md §5.5), with the labels the message names them by. */
const REQUIRED: Array<[TextKey, string]> = [
  ['username', 'Username'],
  ['password', 'Password'],
  ['name', 'Full Name'],
  ['zoneId', 'Zone'],
  ['email', 'Email'],
  ['address', 'Address'],
  ['vehicleMake', 'Make'],
  ['vehicleModel', 'Model'],
  ['vehicleYear', 'Year'],
  ['driversLicense', 'License'],
  ['driversLicenseExpiry', 'License Expiry'],
  ['insurance', 'Insurance Number'],
  ['insuranceExpiry', 'Insurance Expiry'],
];

const TAB_OF: Record<string, string> = {
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
};

function formOf(courier: CourierToEdit): Form {
  return {
    ...EMPTY,
    ...courierDetailsOf(courier),
    name: courier.user.name,
    zoneId: String(courier.zoneId),
    phone: courier.user.phone ?? '',
  };
}

export default function CourierDialog({ zones }: { zones: ZoneOption[] }) {
  const [tab, setTab] = useState('account');
  const dialog = useEditDialog<CourierToEdit, Form>({
    action: 'edit-courier',
    empty: EMPTY,
    formOf,
    region: 'couriers',
    messages: {
      created: 'Courier account created successfully',
      updated: 'Courier updated successfully',
      createFailed: 'Failed to create courier',
      updateFailed: 'Failed to update courier',
    },
    onShow: (courier) => setTab(courier ? 'personal' : 'account'),
    // Show the tab that holds the first error.
    onErrors: (found) => {
      const first = Object.keys(found).find((field) => TAB_OF[field] && (TAB_OF[field] !== 'account' || !editing));
      if (first) setTab(TAB_OF[first]);
    },
  });

  const { editing, form, setForm, errors, fail, save } = dialog;
  const text = (key: TextKey) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (value: string) => setForm((current) => ({ ...current, [key]: value })),
  });
  const flag = (key: keyof Form) => ({ checked: form[key] as boolean, onChange: (checked: boolean) => setForm((current) => ({ ...current, [key]: checked })) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...form, phone: form.phone || null };
    let payload: unknown;
    if (editing) {
      const { username: _u, password: _p, name: _n, ...fields } = body;
      const parsed = courierUpdateSchema.safeParse(fields);
      if (!parsed.success) return fail(firstErrors(parsed.error.issues), parsed.error.issues[0].message);
      payload = parsed.data;
    } else {
      const missing = REQUIRED.filter(([key]) => form[key].trim() === '');
      if (missing.length > 0) {
        return fail(
          Object.fromEntries(missing.map(([key, label]) => [key, `${label} is required`])),
          `Please fill in all required fields: ${missing.map(([, label]) => label).join(', ')}`,
        );
      }
      const parsed = registerSchema.safeParse({ ...body, role: 'courier' });
      if (!parsed.success) return fail(firstErrors(parsed.error.issues), parsed.error.issues[0].message);
      payload = parsed.data;
    }
    void save('/api/register', (courier) => `/api/couriers/${courier.id}`, payload);
  }

  const zoneSelect = (
    <SelectField
      label={editing ? 'Zone' : 'Zone*'}
      {...text('zoneId')}
      placeholder="Select a zone"
      options={zones.map((zone) => ({ value: String(zone.id), label: zone.name }))}
    />
  );
  const invalid = (name: string) => Object.keys(errors).some((field) => TAB_OF[field] === name);
  const star = editing ? '' : '*';

  const tabs = [
    ...(editing
      ? []
      : [
          {
            value: 'account',
            label: 'Account',
            invalid: invalid('account'),
            content: (
              <>
                <TextField label="Username*" autoComplete="off" autoCapitalize="none" {...text('username')} />
                <TextField label="Password*" type="password" autoComplete="new-password" {...text('password')} />
                <TextField label="Full Name*" autoComplete="off" {...text('name')} />
                {zoneSelect}
              </>
            ),
          },
        ]),
    {
      value: 'personal',
      label: 'Personal',
      invalid: invalid('personal'),
      content: (
        <>
          <TextField label={`Email${star}`} type="email" autoComplete="off" {...text('email')} />
          <TextField
            label="Phone"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            {...text('phone')}
            onChange={(value) => setForm((current) => ({ ...current, phone: normalizePhoneInput(value) }))}
            hint="10 digits"
          />
          <TextField label={`Address${star}`} autoComplete="off" {...text('address')} />
          {editing ? zoneSelect : null}
        </>
      ),
    },
    {
      value: 'vehicle',
      label: 'Vehicle',
      invalid: invalid('vehicle'),
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={`${editing ? 'Vehicle Type' : 'Type'}${star}`}
            {...text('vehicleType')}
            options={COURIER_VEHICLE_TYPES.map((type) => ({ value: type, label: vehicleLabel(type) }))}
          />
          <TextField label={`Make${star}`} autoComplete="off" {...text('vehicleMake')} />
          <TextField label={`Model${star}`} autoComplete="off" {...text('vehicleModel')} />
          <TextField label={`Year${star}`} inputMode="numeric" maxLength={4} autoComplete="off" {...text('vehicleYear')} />
          <TextField label={editing ? "Driver's License Number" : 'License*'} autoComplete="off" {...text('driversLicense')} />
          <TextField label={`License Expiry${editing ? ' Date' : '*'}`} type="date" {...text('driversLicenseExpiry')} />
          <TextField label={`Insurance Expiry${editing ? ' Date' : '*'}`} type="date" {...text('insuranceExpiry')} />
          <TextField label={`Insurance Number${star}`} autoComplete="off" {...text('insurance')} />
        </div>
      ),
    },
    {
      value: 'equipment',
      label: 'Equipment',
      content: (
        <fieldset className="space-y-3">
          <legend className="sr-only">Equipment</legend>
          {EQUIPMENT.map((item) => (
            <Checkbox key={item.name} label={item.label} {...flag(item.name)} />
          ))}
        </fieldset>
      ),
    },
  ];

  return (
    <AccountFormDialog
      noun="Courier"
      title={editing ? `Edit Courier: ${editing.user.name}` : 'Add New Courier'}
      dialog={dialog}
      tabs={tabs}
      tab={tab}
      onTab={setTab}
      onSubmit={submit}
    />
  );
}
