/**
 * US address text (spec 2-business-area.md §2.8, §5): splitting a stored one-line address into parts
 * for the edit form, and composing the one-line address from parts.
 */

export const DEFAULT_CITY = 'Tampa';
export const DEFAULT_STATE = 'Florida';
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

export interface AddressParts {
  street: string;
  apartment: string;
  city: string;
  state: string;
  zip: string;
}

const APARTMENT = /\b(apt|apartment)\b|#/i;
const STATE = /\b(florida|fl)\b/i;
const ZIP_IN_TEXT = /\b(\d{5}(?:-\d{4})?)\b/;

/**
 * Splits "123 Main St, Apt 4, Tampa, Florida, 33602" on commas: the first part is the
 * street, a part mentioning apt/apartment/# the apartment, a part mentioning Florida/FL
 * the state (a ZIP inside it, as in "FL 33602", is the ZIP), a 5-digit ZIP the ZIP, and
 * a short part without digits the city.
 */
export function splitAddress(address: string | null | undefined): AddressParts {
  const parts: AddressParts = { street: '', apartment: '', city: '', state: '', zip: '' };
  const pieces = (address ?? '')
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean);
  if (pieces.length === 0) return parts;
  parts.street = pieces[0];
  for (const piece of pieces.slice(1)) {
    const zip = ZIP_IN_TEXT.exec(piece)?.[1];
    if (!parts.apartment && APARTMENT.test(piece)) {
      parts.apartment = piece.replace(/^(apt|apartment)\.?\s*/i, '').trim();
    } else if (STATE.test(piece)) {
      if (!parts.state) parts.state = piece.replace(ZIP_IN_TEXT, '').trim();
      if (zip && !parts.zip) parts.zip = zip;
    } else if (zip && ZIP_PATTERN.test(piece)) {
      if (!parts.zip) parts.zip = zip;
    } else if (!parts.city && piece.length <= 40 && !/\d/.test(piece)) {
      parts.city = piece;
    }
  }
  return parts;
}

/** A ZIP written at the end of a one-line address ("…, Tampa, FL 33602", "…, 33602-1234, USA"). */
const TRAILING_ZIP = /\b(\d{5})(?:-\d{4})?\s*(?:,?\s*(?:USA|US|United States))?\s*$/i;

/**
 * The 5-digit ZIP of a ZIP field or a one-line address, or null: the ZIP part as
 * splitAddress reads it, else 5 digits at the very end (never a house number, which leads).
 */
export function zipOf(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  const zip = splitAddress(value).zip || TRAILING_ZIP.exec(value)?.[1];
  return zip ? zip.slice(0, 5) : null;
}

/**
 * "street, Apt {apartment}, city, state, zip": apartment and ZIP only when present; the
 * city defaults to Tampa and the state to Florida (spec 2-business-area.md §2.8, §5).
 */
export function composeAddress(parts: Partial<AddressParts>): string {
  const apartment = parts.apartment?.trim();
  return [
    parts.street?.trim(),
    apartment ? `Apt ${apartment}` : '',
    parts.city?.trim() || DEFAULT_CITY,
    parts.state?.trim() || DEFAULT_STATE,
    parts.zip?.trim(),
  ]
    .filter(Boolean)
    .join(', ');
}
