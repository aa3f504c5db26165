/**
 * The Restaurants page's dialogs (spec 1-foundations-and-admin.md §2.10, §5.6, §8.6): 'Add New Restaurant' (tabs
 * Account, Restaurant, Contact Person; POST /api/restaurants creates the login and the
 * business together) and a row's Edit ('Edit Restaurant: <name>'; PATCH
 * /api/restaurants/:id). The address field uses the maps service's suggestions when a
 * key is configured; phones keep 10 digits as they are typed.
 */
import { useState, type FormEvent } from 'react';
import { CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES, type CustomerType } from '../src/domain/customerTypes';
import { normalizePhoneInput } from '../src/domain/phone';
import { restaurantCreateSchema, restaurantUpdateSchema } from '../src/domain/schemas/restaurants';
import { AddressAutocomplete } from './admin/AddressAutocomplete';
import { AccountFormDialog, firstErrors, SelectField, Switch, TextArea, TextField } from './admin/form';
import { useEditDialog } from './admin/useEditDialog';
import type { ZoneOption } from './CourierDialog';
import { Field } from './lib/Field';

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
};
type Form = typeof EMPTY;
type Coordinates = { latitude: number; longitude: number } | null;

const PHONES = new Set<keyof Form>(['phone', 'contactPersonPhone', 'backupPhone']);
const TAB_OF: Record<string, string> = {
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
};

function formOf(restaurant: RestaurantToEdit): Form {
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
  };
}

export default function RestaurantDialog({ zones, mapsApiKey }: { zones: ZoneOption[]; mapsApiKey: string | null }) {
  const [coordinates, setCoordinates] = useState<Coordinates>(null);
  const [apiEnabled, setApiEnabled] = useState(false);
  const [tab, setTab] = useState('account');
  const dialog = useEditDialog<RestaurantToEdit, Form>({
    action: 'edit-restaurant',
    empty: EMPTY,
    formOf,
    region: 'restaurants',
    messages: {
      created: 'Restaurant account created successfully',
      updated: 'Restaurant updated successfully',
      createFailed: 'Failed to create restaurant',
      updateFailed: 'Failed to update restaurant',
    },
    onShow: (restaurant) => {
      setCoordinates(restaurant?.latitude != null && restaurant.longitude != null ? { latitude: restaurant.latitude, longitude: restaurant.longitude } : null);
      setApiEnabled(restaurant?.apiEnabled ?? false);
      setTab(restaurant ? 'restaurant' : 'account');
    },
    // Show the tab that holds the first error.
    onErrors: (found) => {
      const first = Object.keys(found).find((field) => TAB_OF[field]);
      if (first) setTab(TAB_OF[first]);
    },
  });

  const update = (key: keyof Form, value: string) => setForm((current) => ({ ...current, [key]: PHONES.has(key) ? normalizePhoneInput(value) : value }));
  const { editing, form, setForm, errors, fail, save } = dialog;
  const text = (key: keyof Form) => ({ name: key, value: form[key], error: errors[key], onChange: (value: string) => update(key, value) });
  const phone = (key: keyof Form) => ({ ...text(key), type: 'tel', inputMode: 'numeric' as const, autoComplete: 'off', hint: '10 digits' });

  function submit(event: FormEvent) {
    event.preventDefault();
    // An address typed by hand has no coordinates: they go as null (spec 1-foundations-and-admin.md §5.6).
    const body = { ...form, latitude: coordinates?.latitude ?? null, longitude: coordinates?.longitude ?? null };
    let payload: unknown;
    if (editing) {
      const { username: _u, password: _p, zoneId: _z, customerType: _t, ...fields } = body;
      const parsed = restaurantUpdateSchema.safeParse({ ...fields, apiEnabled });
      if (!parsed.success) return fail(firstErrors(parsed.error.issues), parsed.error.issues[0].message);
      payload = parsed.data;
    } else {
      if (!form.zoneId) return fail({ zoneId: 'Please select a zone' }, 'Please select a zone');
      const parsed = restaurantCreateSchema.safeParse(body);
      if (!parsed.success) return fail(firstErrors(parsed.error.issues), parsed.error.issues[0].message);
      payload = parsed.data;
    }
    void save('/api/restaurants', (restaurant) => `/api/restaurants/${restaurant.id}`, payload);
  }

  const kind = CUSTOMER_TYPE_LABELS[form.customerType];
  const invalid = (name: string) => Object.keys(errors).some((field) => TAB_OF[field] === name);
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
                <TextField label="Username" autoComplete="off" autoCapitalize="none" required {...text('username')} />
                <TextField label="Password" type="password" autoComplete="new-password" required {...text('password')} />
                <SelectField
                  label="Zone"
                  {...text('zoneId')}
                  placeholder="Select a zone"
                  options={zones.map((zone) => ({ value: String(zone.id), label: zone.name }))}
                />
              </>
            ),
          },
        ]),
    {
      value: 'restaurant',
      label: 'Restaurant',
      invalid: invalid('restaurant'),
      content: (
        <>
          {editing ? null : (
            <SelectField
              label="Customer Type"
              {...text('customerType')}
              options={CUSTOMER_TYPES.map((type) => ({ value: type, label: CUSTOMER_TYPE_LABELS[type] }))}
            />
          )}
          <TextField
            label={`${editing ? 'Restaurant' : kind} Name`}
            placeholder={`${editing ? 'Restaurant' : kind} name`}
            autoComplete="off"
            required
            {...text('name')}
          />
          <Field label="Address" error={errors.address ?? errors.latitude ?? errors.longitude}>
            {(control) => (
              <AddressAutocomplete
                apiKey={mapsApiKey}
                name="address"
                control={control}
                value={form.address}
                onType={(value) => {
                  update('address', value);
                  setCoordinates(null);
                }}
                onPlace={(place) => {
                  update('address', place.address);
                  setCoordinates({ latitude: place.latitude, longitude: place.longitude });
                }}
              />
            )}
          </Field>
          <TextField label="Phone" required {...phone('phone')} />
          <TextField
            label="Business Hours"
            placeholder="e.g., Mon-Fri 9:00-18:00"
            hint="e.g., Mon-Fri 9:00-18:00"
            autoComplete="off"
            {...text('businessHours')}
          />
          <TextArea label="Delivery Instructions" hint="Special instructions for couriers" {...text('deliveryInstructions')} />
          {editing ? (
            <div>
              <Switch label="API access" checked={apiEnabled} onChange={setApiEnabled} />
              <p className="mt-1 text-xs text-slate-500">
                API keys and webhooks for the business's own systems. Off: every key is refused and no webhooks are sent.
              </p>
            </div>
          ) : null}
        </>
      ),
    },
    {
      value: 'contact',
      label: 'Contact Person',
      invalid: invalid('contact'),
      content: (
        <>
          <TextField label="Name" autoComplete="off" required {...text('contactPersonName')} />
          <TextField label="Position" autoComplete="off" required {...text('contactPersonPosition')} />
          <TextField label="Contact Phone" required {...phone('contactPersonPhone')} />
          <TextField label="Backup Phone (optional)" {...phone('backupPhone')} />
          <TextField label="Email" type="email" autoComplete="off" required {...text('contactPersonEmail')} />
        </>
      ),
    },
  ];

  return (
    <AccountFormDialog
      noun="Restaurant"
      title={editing ? `Edit Restaurant: ${editing.name}` : 'Add New Restaurant'}
      dialog={dialog}
      tabs={tabs}
      tab={tab}
      onTab={setTab}
      onSubmit={submit}
    />
  );
}
