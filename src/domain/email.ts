/**
 * A customer's email address (decision K14), checked the same way by the forms and the
 * server: something before one @, a domain with a dot, no spaces or list and name characters, at most 254 characters
 * (the longest address SMTP carries). The provider has the last word on delivery.
 */
export const MAX_EMAIL = 254;
// No spaces, and none of the characters that would make it a display name or a list ("Ann <a@b.c>", "a@b.c, d@e.f").
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(\.[^\s@<>()[\]\\,;:".]+)+$/;

export const INVALID_EMAIL = 'Enter a valid email address, or leave it empty';

export const isEmail = (value: string) => value.length <= MAX_EMAIL && EMAIL.test(value);
