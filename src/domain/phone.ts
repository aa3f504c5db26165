/** Phone numbers are exactly 10 digits (spec 1-foundations-and-admin.md §5.6). */

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

export function isValidPhone(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\d{10}$/.test(value);
}

/** "(813) 555-0142" for display; anything that is not 10 digits is shown as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(value);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : value;
}
