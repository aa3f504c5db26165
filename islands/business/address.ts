/**
 * A delivery address as the business forms hold it (spec 2 §2.11, §2.12; issue 13). With
 * the maps service, the address comes from a suggestion: the field holds what was typed,
 * the parts and the position come from the choice, and typing over a choice drops it.
 * Without it (no key, or the service failed), the parts are typed: street, apartment,
 * city and state (Tampa and Florida to start with) and ZIP; the server places the address
 * (src/maps/geocoding.ts). Past addresses fill every part, apartment included, either way.
 */
import { composeAddress, DEFAULT_CITY, DEFAULT_STATE, splitAddress, ZIP_PATTERN, type AddressParts } from '../../src/domain/address';
import type { PlacedPrecision } from '../../src/domain/location';
import type { ChosenPlace } from '../../src/domain/places';

export interface AddressValue {
  /** What the address field shows: the street typed, or the chosen place. */
  text: string;
  parts: AddressParts;
  house: string | null;
  /** Where the chosen place is; null until one is chosen, and again once the address is typed over. */
  point: { latitude: number; longitude: number; precision: PlacedPrecision } | null;
}

/** Which of a chosen place's words the address field shows with suggestions: its street (single form) or its whole line (stops). */
export type AddressDisplay = 'street' | 'description';

const NO_PARTS: AddressParts = { street: '', apartment: '', city: '', state: '', zip: '' };

export function emptyAddress(typed: boolean): AddressValue {
  return { text: '', parts: typed ? { ...NO_PARTS, city: DEFAULT_CITY, state: DEFAULT_STATE } : NO_PARTS, house: null, point: null };
}

/**
 * A one-line address pasted in (issue 32), for the server to place: with typed parts, split
 * into them (Tampa and Florida where it names no city or state); with suggestions, the
 * line as a choice not yet made.
 */
export function pastedAddress(line: string, typed: boolean): AddressValue {
  if (!typed) return { text: line, parts: NO_PARTS, house: null, point: null };
  const parts = splitAddress(line);
  return { text: parts.street, parts: { ...parts, city: parts.city || DEFAULT_CITY, state: parts.state || DEFAULT_STATE }, house: null, point: null };
}

/** Switching to typed parts when the maps service turns out to be unavailable: what was typed becomes the street. */
export function toTyped(value: AddressValue): AddressValue {
  if (value.point) return value;
  return {
    ...value,
    parts: { ...value.parts, street: value.parts.street || value.text, city: value.parts.city || DEFAULT_CITY, state: value.parts.state || DEFAULT_STATE },
  };
}

/** The address field typed in: with typed parts it is the street; with suggestions, a choice not yet made. */
export function typeAddress(value: AddressValue, text: string, typed: boolean): AddressValue {
  if (typed) return { ...value, text, parts: { ...value.parts, street: text }, house: null, point: null };
  return { text, parts: NO_PARTS, house: null, point: null };
}

/** Another part typed in; only the apartment leaves the position where it was. */
export function editPart(value: AddressValue, part: Exclude<keyof AddressParts, 'street'>, text: string): AddressValue {
  return {
    ...value,
    parts: { ...value.parts, [part]: text },
    point: part === 'apartment' ? value.point : null,
    house: part === 'apartment' ? value.house : null,
  };
}

/** A suggestion chosen: its parts, its apartment (else the one typed), and its position when known. */
export function chooseAddress(value: AddressValue, place: ChosenPlace, display: AddressDisplay, typed: boolean): AddressValue {
  const parts: AddressParts = {
    street: place.street || place.description,
    apartment: place.apartment || value.parts.apartment,
    city: place.city || (typed ? DEFAULT_CITY : ''),
    state: place.state || (typed ? DEFAULT_STATE : ''),
    zip: place.zip,
  };
  const point =
    place.latitude != null && place.longitude != null && place.precision !== 'none'
      ? { latitude: place.latitude, longitude: place.longitude, precision: place.precision }
      : null;
  // With typed parts the field is the street, whatever the display.
  return { text: typed || display === 'street' ? parts.street : place.description, parts, house: place.house, point };
}

/** The one-line address sent: composed from the parts, or a stop's chosen line as it was chosen. */
export function addressLine(value: AddressValue, display: AddressDisplay, typed: boolean): string {
  if (display === 'description' && !typed) return value.text.trim();
  return value.parts.street.trim() ? composeAddress(value.parts) : '';
}

/** The street the single form requires (spec 2 §5): typed, or set by choosing a suggestion (typing over a choice clears it). */
export const streetOf = (value: AddressValue): string => value.parts.street.trim();
/** What the single and edit forms say when the street is blank. */
export const STREET_MESSAGE = 'Please enter the address (house number and street name)';

/** A ZIP typed must look like one (spec 2 §9.2); a blank ZIP is allowed. */
export const ZIP_MESSAGE = 'ZIP Code must be 5 digits (or 5+4)';
export const zipProblem = (value: AddressValue): string | null => (value.parts.zip.trim() && !ZIP_PATTERN.test(value.parts.zip.trim()) ? ZIP_MESSAGE : null);
