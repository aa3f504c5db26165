/**
 * The courier profile (spec 3-courier-area.md §2.16, §4.7): read-only until "Edit Profile"; "Save
 * Changes" checks the form with the server's own schema, sends it, and shows what the
 * server saved; "Cancel" puts the fields back. The state and its rules are in
 * ./lib/courier/profile.ts.
 */
import { useReducer, type Dispatch, type FormEvent } from 'react';
import { EQUIPMENT } from '../src/domain/courierDetails';
import { vehicleLabel } from '../src/domain/vehicles';
import { apiRequest, ApiRequestError } from './lib/api';
import {
  awaitingVerification,
  profileReducer,
  profileState,
  profileToSend,
  vehicleTypesFor,
  type CourierProfileData,
  type ProfileAction,
  type ProfileState,
} from './lib/courier/profile';
import { errorToast, toast } from './lib/events';
import { apiFieldErrors } from './lib/fieldErrors';

export interface CourierProfileProps {
  profile: CourierProfileData | null;
}

type TextFieldName = Exclude<keyof CourierProfileData, `has${string}` | 'vehicleType' | 'awaitingVerification' | 'acceptsAutomatically'>;

const TEXT_FIELDS: Array<{ name: TextFieldName; label: string; type?: string; autoComplete?: string }> = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'vehicleMake', label: 'Vehicle Make' },
  { name: 'vehicleModel', label: 'Vehicle Model' },
  { name: 'vehicleYear', label: 'Vehicle Year' },
  { name: 'driversLicense', label: "Driver's License Number" },
  { name: 'driversLicenseExpiry', label: 'License Expiry', type: 'date' },
  { name: 'insurance', label: 'Insurance Number' },
  { name: 'insuranceExpiry', label: 'Insurance Expiry', type: 'date' },
];

/** The vehicle type is asked for after the contact fields, before make, model and year. */
const VEHICLE_AT = 3;

export default function CourierProfile({ profile }: CourierProfileProps) {
  if (!profile)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to load profile
      </p>
    );
  return <ProfileForm profile={profile} />;
}

function ProfileForm({ profile }: { profile: CourierProfileData }) {
  const [state, dispatch] = useReducer(profileReducer, profile, profileState);
  const { form, editing } = state;

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = profileToSend(form);
    if (!checked.ok) return dispatch({ type: 'refused', errors: checked.errors });
    dispatch({ type: 'saving' });
    try {
      dispatch({ type: 'saved', profile: await apiRequest<CourierProfileData>('PATCH', '/api/couriers/profile', checked.body) });
      toast({ title: 'Success', description: 'Profile updated successfully' });
    } catch (error) {
      dispatch({ type: 'refused', errors: error instanceof ApiRequestError ? apiFieldErrors(error.body) : {} });
      errorToast('Failed to update profile. Please try again.');
    }
  }

  const textInput = (field: (typeof TEXT_FIELDS)[number]) => <TextInput key={field.name} field={field} state={state} dispatch={dispatch} />;
  return (
    <form onSubmit={save} noValidate className="card space-y-4 p-4" aria-label="Courier profile">
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.slice(0, VEHICLE_AT).map(textInput)}
        <div>
          <label htmlFor="profile-vehicleType" className="label">
            Vehicle Type
          </label>
          <select
            id="profile-vehicleType"
            className="input h-11"
            value={form.vehicleType}
            disabled={!editing}
            onChange={(event) => dispatch({ type: 'changed', changes: { vehicleType: event.target.value } })}
          >
            {vehicleTypesFor(form.vehicleType).map((type) => (
              <option key={type} value={type}>
                {vehicleLabel(type)}
              </option>
            ))}
          </select>
        </div>
        {TEXT_FIELDS.slice(VEHICLE_AT).map(textInput)}
      </div>
      <fieldset>
        <legend className="label">Equipment</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {EQUIPMENT.map(({ name, label }) => (
            <label key={name} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={form[name]}
                disabled={!editing}
                onChange={(event) => dispatch({ type: 'changed', changes: { [name]: event.target.checked } })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="label">Dispatch</legend>
        <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={form.acceptsAutomatically ?? false}
            disabled={!editing}
            onChange={(event) => dispatch({ type: 'changed', changes: { acceptsAutomatically: event.target.checked } })}
          />
          Take orders the autopilot gives me without asking first (zones on auto-assign)
        </label>
      </fieldset>
      <Buttons state={state} dispatch={dispatch} />
    </form>
  );
}

function TextInput({ field, state, dispatch }: { field: (typeof TEXT_FIELDS)[number]; state: ProfileState; dispatch: Dispatch<ProfileAction> }) {
  const { name, label, type = 'text', autoComplete } = field;
  const error = state.errors[name];
  const awaiting = awaitingVerification(state.saved, name);
  return (
    <div className={name === 'address' ? 'sm:col-span-2' : ''}>
      <label htmlFor={`profile-${name}`} className="label">
        {label}
      </label>
      <input
        id={`profile-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className="input h-11"
        value={state.form[name] ?? ''}
        readOnly={!state.editing}
        onChange={(event) => dispatch({ type: 'changed', changes: { [name]: event.target.value } })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `profile-${name}-error` : undefined}
      />
      {error ? (
        <p id={`profile-${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      {awaiting ? (
        <p className="mt-1 text-sm font-medium text-amber-800" data-awaiting-verification={awaiting}>
          Waiting for verification: this date counts once an administrator verifies it.
        </p>
      ) : null}
    </div>
  );
}

function Buttons({ state: { editing, saving }, dispatch }: { state: ProfileState; dispatch: Dispatch<ProfileAction> }) {
  return (
    <div className="flex gap-2">
      {editing ? (
        <>
          {/* Keyed apart from "Edit Profile": reusing that element would turn its click into a submit. */}
          <button key="save" type="submit" className="btn btn-primary h-11 flex-1" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
          <button type="button" className="btn btn-outline h-11" disabled={saving} onClick={() => dispatch({ type: 'cancelled' })}>
            Cancel
          </button>
        </>
      ) : (
        <button key="edit" type="button" className="btn btn-primary h-11 w-full" onClick={() => dispatch({ type: 'editStarted' })}>
          Edit Profile
        </button>
      )}
    </div>
  );
}
