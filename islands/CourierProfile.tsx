/**
 * The courier profile (spec 3-courier-area.md §2.16, §4.7): read-only until "Edit Profile"; "Save
 * Changes" checks the form with the server's own schema, sends it, and shows what the
 * server saved; "Cancel" puts the fields back.
 */
import { useState, type FormEvent } from 'react';
import { courierProfileSchema, PROFILE_VEHICLE_TYPES } from '../src/domain/schemas/courier';
import { vehicleLabel } from '../src/domain/vehicles';
import { apiRequest, ApiRequestError } from './lib/api';
import { EQUIPMENT, type CourierDetails } from '../src/domain/courierDetails';
import type { DocumentKind } from '../src/domain/documents';
import { errorToast, toast } from './lib/events';

/** The profile as the page gives it: the courier's details and the user's phone. */
export interface CourierProfileData extends CourierDetails {
  phone: string | null;
  /** Documents whose new expiry counts only once an admin verifies it (decision C22). */
  awaitingVerification?: DocumentKind[];
}

const AWAITING: Partial<Record<TextFieldName, DocumentKind>> = { driversLicenseExpiry: 'driversLicense', insuranceExpiry: 'insurance' };
type TextFieldName = Exclude<keyof CourierDetails | 'phone', `has${string}` | 'vehicleType'>;

export interface CourierProfileProps {
  profile: CourierProfileData | null;
}

type TextField = TextFieldName;

const TEXT_FIELDS: Array<{ name: TextField; label: string; type?: string; autoComplete?: string }> = [
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

type Errors = Partial<Record<string, string>>;

export default function CourierProfile({ profile: initial }: CourierProfileProps) {
  const [saved, setSaved] = useState(initial);
  const [form, setForm] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  if (!saved || !form)
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        Failed to load profile
      </p>
    );

  const set = <K extends keyof CourierProfileData>(name: K, value: CourierProfileData[K]) => setForm({ ...form, [name]: value });

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = courierProfileSchema.safeParse({ ...form, phone: form!.phone || null });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    setSaving(true);
    try {
      const updated = await apiRequest<CourierProfileData>('PATCH', '/api/couriers/profile', parsed.data);
      setSaved(updated);
      setForm(updated);
      setEditing(false);
      toast({ title: 'Success', description: 'Profile updated successfully' });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? (error.body as { fields?: Record<string, string[]> } | null)?.fields : undefined;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages[0]])));
      errorToast('Failed to update profile. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  const textField = ({ name, label, type = 'text', autoComplete }: (typeof TEXT_FIELDS)[number]) => (
    <div key={name} className={name === 'address' ? 'sm:col-span-2' : ''}>
      <label htmlFor={`profile-${name}`} className="label">
        {label}
      </label>
      <input
        id={`profile-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        className="input h-11"
        value={form[name] ?? ''}
        readOnly={!editing}
        onChange={(event) => set(name, event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `profile-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`profile-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
      {AWAITING[name] && saved.awaitingVerification?.includes(AWAITING[name]) ? (
        <p className="mt-1 text-sm font-medium text-amber-800" data-awaiting-verification={AWAITING[name]}>
          Waiting for verification: this date counts once an administrator verifies it.
        </p>
      ) : null}
    </div>
  );

  const vehicleTypes = PROFILE_VEHICLE_TYPES.includes(form.vehicleType as never) ? PROFILE_VEHICLE_TYPES : [...PROFILE_VEHICLE_TYPES, form.vehicleType];
  return (
    <form onSubmit={save} noValidate className="card space-y-4 p-4" aria-label="Courier profile">
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.slice(0, VEHICLE_AT).map(textField)}
        <div>
          <label htmlFor="profile-vehicleType" className="label">
            Vehicle Type
          </label>
          <select
            id="profile-vehicleType"
            className="input h-11"
            value={form.vehicleType}
            disabled={!editing}
            onChange={(event) => set('vehicleType', event.target.value)}
          >
            {vehicleTypes.map((type) => (
              <option key={type} value={type}>
                {vehicleLabel(type)}
              </option>
            ))}
          </select>
        </div>
        {TEXT_FIELDS.slice(VEHICLE_AT).map(textField)}
      </div>
      <fieldset>
        <legend className="label">Equipment</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {EQUIPMENT.map(({ name, label }) => (
            <label key={name} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3 text-sm">
              <input type="checkbox" className="h-5 w-5" checked={form[name]} disabled={!editing} onChange={(event) => set(name, event.target.checked)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        {editing ? (
          <>
            {/* Keyed apart from "Edit Profile": reusing that element would turn its click into a submit. */}
            <button key="save" type="submit" className="btn btn-primary h-11 flex-1" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </button>
            <button
              type="button"
              className="btn btn-outline h-11"
              disabled={saving}
              onClick={() => {
                setForm(saved);
                setErrors({});
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </>
        ) : (
          <button key="edit" type="button" className="btn btn-primary h-11 w-full" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
        )}
      </div>
    </form>
  );
}
