/** Phone numbers are exactly 10 digits (spec 1-foundations-and-admin.md §5.6). */

export const PHONE_DIGITS = 10;

/** What a phone input keeps as the user types: digits only, at most 10. */
export function normalizePhoneInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

export function isValidPhone(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\d{10}$/.test(value);
}

/** "(813) 555-0142" for display; anything that is not 10 digits is shown as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(value);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}
