/**
 * The Couriers page's dialogs (spec 1-foundations-and-admin.md §2.9, §5.5, §8.5): 'Add New Courier' (tabs Account,
 * Personal, Vehicle, Equipment; POST /api/register) and a row's Edit ('Edit Courier:
 * <name>', tabs Personal, Vehicle, Equipment; PATCH /api/couriers/:id, which keeps the
 * courier's user in step). The list refreshes after a save. The rules are in
 * ./admin/courierForm.ts.
 */
import { EQUIPMENT } from '../src/domain/courierDetails';
import { COURIER_VEHICLE_TYPES, vehicleLabel } from '../src/domain/vehicles';
import { COURIER_FORM, COURIER_SECTIONS, courierLabel, courierToSend, type CourierForm, type CourierToEdit, type LabelledField } from './admin/courierForm';
import { AccountFormDialog, Checkbox, SelectField, TextField, ZoneSelect, type ZoneOption } from './admin/form';
import { useEditDialog, type EditDialog } from './admin/useEditDialog';

type Dialog = EditDialog<CourierToEdit, CourierForm>;

export default function CourierDialog({ zones }: { zones: ZoneOption[] }) {
  const dialog = useEditDialog({
    ...COURIER_FORM,
    action: 'edit-courier',
    region: 'couriers',
    messages: {
      created: 'Courier account created successfully',
      updated: 'Courier updated successfully',
      createFailed: 'Failed to create courier',
      updateFailed: 'Failed to update courier',
    },
  });
  const { editing, field } = dialog;
  const label = (name: LabelledField) => courierLabel(name, editing !== null);
  // Adding asks for the zone with the login; editing, beside the courier's address.
  const zoneSelect = <ZoneSelect label={label('zoneId')} zones={zones} {...field('zoneId')} />;
  const panels = {
    account: (
      <>
        <TextField label={label('username')} autoComplete="off" autoCapitalize="none" {...field('username')} />
        <TextField label={label('password')} type="password" autoComplete="new-password" {...field('password')} />
        <TextField label={label('name')} autoComplete="off" {...field('name')} />
        {zoneSelect}
      </>
    ),
    personal: (
      <>
        <TextField label={label('email')} type="email" autoComplete="off" {...field('email')} />
        <TextField label="Phone" {...dialog.phoneField('phone')} />
        <TextField label={label('address')} autoComplete="off" {...field('address')} />
        {editing ? zoneSelect : null}
      </>
    ),
    vehicle: <VehiclePanel dialog={dialog} label={label} />,
    equipment: (
      <fieldset className="space-y-3">
        <legend className="sr-only">Equipment</legend>
        {EQUIPMENT.map((item) => (
          <Checkbox key={item.name} label={item.label} {...dialog.flag(item.name)} />
        ))}
      </fieldset>
    ),
  };
  return (
    <AccountFormDialog
      noun="Courier"
      title={editing ? `Edit Courier: ${editing.user.name}` : 'Add New Courier'}
      dialog={dialog}
      sections={COURIER_SECTIONS}
      panels={panels}
      onSubmit={() => dialog.submit(courierToSend(dialog.form, editing !== null), '/api/register', (courier) => `/api/couriers/${courier.id}`)}
    />
  );
}

function VehiclePanel({ dialog: { field }, label }: { dialog: Dialog; label: (name: LabelledField) => string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={label('vehicleType')}
        {...field('vehicleType')}
        options={COURIER_VEHICLE_TYPES.map((type) => ({ value: type, label: vehicleLabel(type) }))}
      />
      <TextField label={label('vehicleMake')} autoComplete="off" {...field('vehicleMake')} />
      <TextField label={label('vehicleModel')} autoComplete="off" {...field('vehicleModel')} />
      <TextField label={label('vehicleYear')} inputMode="numeric" maxLength={4} autoComplete="off" {...field('vehicleYear')} />
      <TextField label={label('driversLicense')} autoComplete="off" {...field('driversLicense')} />
      <TextField label={label('driversLicenseExpiry')} type="date" {...field('driversLicenseExpiry')} />
      <TextField label={label('insuranceExpiry')} type="date" {...field('insuranceExpiry')} />
      <TextField label={label('insurance')} autoComplete="off" {...field('insurance')} />
    </div>
  );
}
