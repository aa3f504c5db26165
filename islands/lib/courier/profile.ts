/**
 * The courier profile's state and rules (spec 3-courier-area.md §2.16, §4.7; decision C18),
 * kept pure so ../../CourierProfile.tsx only renders and sends: read-only until Edit
 * Profile; Cancel puts back what was saved; Save Changes sends what the server's own schema
 * accepts, and the form then shows what the server saved.
 */
import type { CourierDetails } from '../../../src/domain/courierDetails';
import type { DocumentKind } from '../../../src/domain/documents';
import { courierProfileSchema, PROFILE_VEHICLE_TYPES, type CourierProfileInput } from '../../../src/domain/schemas/courier';
import { checkedBy, type Checked, type FieldErrors } from '../fieldErrors';

/** The profile as the page gives it: the courier's details and the user's phone. */
export interface CourierProfileData extends CourierDetails {
  phone: string | null;
  /** Documents whose new expiry counts only once an admin verifies it (decision C22). */
  awaitingVerification?: DocumentKind[];
  /** Takes the autopilot's orders without an offer in auto-assign zones (decision W12). */
  acceptsAutomatically?: boolean;
}

export interface ProfileState {
  /** What the server has: Cancel goes back to it. */
  saved: CourierProfileData;
  form: CourierProfileData;
  editing: boolean;
  saving: boolean;
  errors: FieldErrors;
}

export type ProfileAction =
  | { type: 'editStarted' }
  | { type: 'changed'; changes: Partial<CourierProfileData> }
  | { type: 'cancelled' }
  | { type: 'saving' }
  | { type: 'saved'; profile: CourierProfileData }
  /** The check before sending, or the server, refused: the fields it named, if any, say why. */
  | { type: 'refused'; errors: FieldErrors };

export function profileState(profile: CourierProfileData): ProfileState {
  return { saved: profile, form: profile, editing: false, saving: false, errors: {} };
}

export function profileReducer(state: ProfileState, action: ProfileAction): ProfileState {
  switch (action.type) {
    case 'editStarted':
      return { ...state, editing: true };
    case 'changed':
      return { ...state, form: { ...state.form, ...action.changes } };
    case 'cancelled':
      return { ...state, form: state.saved, errors: {}, editing: false };
    case 'saving':
      return { ...state, errors: {}, saving: true };
    case 'saved':
      return profileState(action.profile);
    case 'refused':
      return { ...state, errors: action.errors, saving: false };
  }
}

/** The body of PATCH /api/couriers/profile: a blank phone is none. */
export function profileToSend(form: CourierProfileData): Checked<CourierProfileInput> {
  return checkedBy(courierProfileSchema.safeParse({ ...form, phone: form.phone || null }));
}

/** The spec's five vehicle types, and the stored one when it is another the data model allows (a truck; decision C18). */
export function vehicleTypesFor(stored: string): readonly string[] {
  return (PROFILE_VEHICLE_TYPES as readonly string[]).includes(stored) ? PROFILE_VEHICLE_TYPES : [...PROFILE_VEHICLE_TYPES, stored];
}

const DOCUMENT_OF_EXPIRY: Partial<Record<string, DocumentKind>> = { driversLicenseExpiry: 'driversLicense', insuranceExpiry: 'insurance' };

/** The document whose saved expiry this field holds, when that expiry waits for an administrator's verification (decision C22). */
export function awaitingVerification(saved: CourierProfileData, field: string): DocumentKind | undefined {
  const document = DOCUMENT_OF_EXPIRY[field];
  return document && saved.awaitingVerification?.includes(document) ? document : undefined;
}
