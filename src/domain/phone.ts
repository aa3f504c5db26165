/**
 * Phone numbers are exactly 10 digits (spec 1-foundations-and-admin.md §5.6): a US number
 * (NANP) that a text message can reach, stored as its 10 digits whatever way it came in.
 */

export const PHONE_DIGITS = 10;

/**
 * What a phone input keeps as the user types or pastes: the digits, without the US
 * country code, at most 10. "(813) 555-9876", "+1 813 555 9876" and "1-813-555-9876" all
 * keep 8135559876 (a US area code never starts with 1, so an 11th digit after a leading
 * 1 means the 1 was the country code).
 */
export function normalizePhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  return (digits.length > PHONE_DIGITS && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, PHONE_DIGITS);
}

/** A US number: the area code and the exchange never start with 0 or 1, so nothing else can be texted. */
const US_NUMBER = /^[2-9]\d{2}[2-9]\d{6}$/;

export function isValidPhone(value: string | null | undefined): boolean {
  return typeof value === 'string' && US_NUMBER.test(value);
}

/** What a person may write around the digits: spaces, brackets, dashes, dots, and a leading + for the country code. */
const PHONE_SPELLING = /^\+?[\d\s().-]+$/;

/**
 * The server's one phone rule, for every way a number comes in (forms, API, integrations):
 * "(813) 555-9876", "813.555.9876", "+1 813 555 9876" and "18135559876" are all 8135559876;
 * text ("call me"), an extension, another country or a number that cannot be texted is null.
 */
export function phoneDigits(value: string): string | null {
  const text = value.trim();
  if (!PHONE_SPELLING.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('+') && !digits.startsWith('1')) return null;
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  return isValidPhone(digits) ? digits : null;
}

/** How the API documents the forms it takes (OpenAPI descriptions, error messages). */
export const PHONE_RULE = 'a US number of 10 digits that can receive texts';
export const PHONE_SPELLINGS = '8135550142, (813) 555-0142, 813-555-0142 or +1 813 555 0142';

/** "(813) 555-0142" for display; anything that is not 10 digits is shown as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(value);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}
