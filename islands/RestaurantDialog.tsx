/**
 * The Restaurants page's dialogs (spec 1-foundations-and-admin.md §2.10, §5.6, §8.6): 'Add New Restaurant' (tabs
 * Account, Restaurant, Contact Person; POST /api/restaurants creates the login and the
 * business together) and a row's Edit ('Edit Restaurant: <name>'; PATCH
 * /api/restaurants/:id). The address field uses the maps service's suggestions when a
 * key is configured; phones keep 10 digits as they are typed. The rules are in
 * ./admin/restaurantForm.ts.
 */
import { CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES } from '../src/domain/customerTypes';
import { AddressAutocomplete } from './admin/AddressAutocomplete';
import { AccountFormDialog, SelectField, Switch, TextArea, TextField, ZoneSelect, type ZoneOption } from './admin/form';
import {
  addressHint,
  businessNoun,
  placedAddress,
  RESTAURANT_FORM,
  RESTAURANT_SECTIONS,
  restaurantToSend,
  savedMessage,
  typedAddress,
  type RestaurantForm,
  type RestaurantToEdit,
} from './admin/restaurantForm';
import { useEditDialog, type EditDialog } from './admin/useEditDialog';
import { Field } from './lib/Field';

type Dialog = EditDialog<RestaurantToEdit, RestaurantForm>;

export default function RestaurantDialog({ zones, mapsApiKey }: { zones: ZoneOption[]; mapsApiKey: string | null }) {
  const dialog = useEditDialog({
    ...RESTAURANT_FORM,
    action: 'edit-restaurant',
    region: 'restaurants',
    messages: {
      created: 'Restaurant account created successfully',
      updated: 'Restaurant updated successfully',
      createFailed: 'Failed to create restaurant',
      updateFailed: 'Failed to update restaurant',
    },
    savedMessage,
  });
  const { editing, field } = dialog;
  const panels = {
    account: (
      <>
        <TextField label="Username" autoComplete="off" autoCapitalize="none" required {...field('username')} />
        <TextField label="Password" type="password" autoComplete="new-password" required {...field('password')} />
        <ZoneSelect label="Zone" zones={zones} {...field('zoneId')} />
      </>
    ),
    restaurant: <BusinessPanel dialog={dialog} mapsApiKey={mapsApiKey} />,
    contact: (
      <>
        <TextField label="Name" autoComplete="off" required {...field('contactPersonName')} />
        <TextField label="Position" autoComplete="off" required {...field('contactPersonPosition')} />
        <TextField label="Contact Phone" required {...dialog.phoneField('contactPersonPhone')} />
        <TextField label="Backup Phone (optional)" {...dialog.phoneField('backupPhone')} />
        <TextField label="Email" type="email" autoComplete="off" required {...field('contactPersonEmail')} />
      </>
    ),
  };
  return (
    <AccountFormDialog
      noun="Restaurant"
      title={editing ? `Edit Restaurant: ${editing.name}` : 'Add New Restaurant'}
      dialog={dialog}
      sections={RESTAURANT_SECTIONS}
      panels={panels}
      // A business not on the map, or only roughly, opens at its address: that is what its Edit is most likely for.
      initialFocus={addressHint(editing) ? '[name="address"]' : undefined}
      onSubmit={() => dialog.submit(restaurantToSend(dialog.form, editing !== null), '/api/restaurants', (restaurant) => `/api/restaurants/${restaurant.id}`)}
    />
  );
}

/** The Restaurant tab: the business itself; its type only while adding, its API access only once it exists. */
function BusinessPanel({ dialog, mapsApiKey }: { dialog: Dialog; mapsApiKey: string | null }) {
  const { editing, form, errors, field, setForm } = dialog;
  const noun = businessNoun(form, editing !== null);
  return (
    <>
      {editing ? null : (
        <SelectField
          label="Customer Type"
          {...field('customerType')}
          options={CUSTOMER_TYPES.map((type) => ({ value: type, label: CUSTOMER_TYPE_LABELS[type] }))}
        />
      )}
      <TextField label={`${noun} Name`} placeholder={`${noun} name`} autoComplete="off" required {...field('name')} />
      <Field label="Address" error={errors.address ?? errors.latitude ?? errors.longitude} hint={addressHint(editing)}>
        {(control) => (
          <AddressAutocomplete
            apiKey={mapsApiKey}
            name="address"
            control={control}
            value={form.address}
            onType={(address) => setForm((current) => typedAddress(current, address))}
            onPlace={(place) => setForm((current) => placedAddress(current, place))}
          />
        )}
      </Field>
      <TextField label="Phone" required {...dialog.phoneField('phone')} />
      <TextField label="Business Hours" placeholder="e.g., Mon-Fri 9:00-18:00" hint="e.g., Mon-Fri 9:00-18:00" autoComplete="off" {...field('businessHours')} />
      <TextArea label="Delivery Instructions" hint="Special instructions for couriers" {...field('deliveryInstructions')} />
      {editing ? (
        <div>
          <Switch label="API access" {...dialog.flag('apiEnabled')} />
          <p className="mt-1 text-xs text-slate-500">
            API keys and webhooks for the business's own systems. Off: every key is refused and no webhooks are sent.
          </p>
        </div>
      ) : null}
    </>
  );
}
