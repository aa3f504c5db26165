/**
 * Building blocks for request schemas, in zod/mini: the same schemas validate on the
 * server and in islands, and mini keeps them to a few KB in the browser bundles.
 * Every text field has a length limit, so a megabyte of text is a 400, not a row.
 */
import * as z from 'zod/mini';
import { INVALID_EMAIL, isEmail } from '../email';
import { isValidLatitude, isValidLongitude, roundCoordinate } from '../geo';
import { parseMoney } from '../money';
import { phoneDigits } from '../phone';
import { isDay } from '../time';

export const MAX_TEXT = 500;
export const MAX_LONG_TEXT = 2000;

const tooLong = (max: number) => z.maxLength(max, `Must be at most ${max} characters`);

/** Adds a custom issue from inside a transform. */
function fail(context: z.core.ParsePayload<unknown>, message: string): never {
  context.issues.push({ code: 'custom', message, input: context.value });
  return z.NEVER as never;
}

/** Required text with the spec's message when it is missing or blank; trimmed. */
export const requiredText = (message: string, max = MAX_TEXT) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), tooLong(max));

/** Optional free text: trimmed; blank becomes null. */
export const optionalText = (max = MAX_TEXT) =>
  z.pipe(
    z.nullish(z.string().check(tooLong(max))),
    z.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  );

/** An optional email address (a customer's, decision K14): trimmed; blank becomes null. */
export const optionalEmail = () =>
  z.pipe(
    z.nullish(z.string({ error: INVALID_EMAIL }).check(z.trim())),
    z.transform((value, context) => (!value ? null : isEmail(value) ? value : fail(context, INVALID_EMAIL))),
  );

/**
 * Money given as a number or numeric string, as integer cents (spec 1-foundations-and-admin.md §3 "Money"); never
 * negative. `message` when it is missing or negative (the spec's words); with a `label`, a
 * value that is given but is not an amount ("10.555", "$5") is told so in its own words.
 */
export const money = (message: string, label?: string) => {
  const malformed = label ? `${label} must be an amount in dollars with at most 2 decimals, such as 10.55` : message;
  return z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value, context) => {
      if (typeof value === 'string' && value.trim() === '') return fail(context, message);
      const cents = parseMoney(value);
      if (cents == null) return fail(context, malformed);
      return cents < 0 ? fail(context, message) : cents;
    }),
  );
};

const coordinate = (valid: (value: unknown) => value is number, message: string) =>
  z.pipe(
    z.nullish(z.union([z.number(), z.string()])),
    z.transform((value, context) => {
      if (value == null || value === '') return null;
      const number = typeof value === 'number' ? value : Number(value);
      return valid(number) ? roundCoordinate(number) : fail(context, message);
    }),
  );

/** Coordinates arrive as numbers or strings (spec 1-foundations-and-admin.md §3) and are kept at scale 7; empty means none. */
export const latitude = coordinate(isValidLatitude, 'Latitude must be between -90 and 90');
export const longitude = coordinate(isValidLongitude, 'Longitude must be between -180 and 180');

export const PHONE_MESSAGE = 'Phone must be exactly 10 digits';

/** Text longer than any spelling of a phone number is not read as one. */
const MAX_PHONE_TEXT = 30;

/** A phone read by the one rule (`phoneDigits`) and kept as its 10 digits; blank means none. */
export const optionalPhone = phoneField(null, PHONE_MESSAGE);

/** A phone that must be given: `missing` when blank, `invalid` when it is not a number that can be texted. */
export const requiredPhone = (missing: string, invalid = PHONE_MESSAGE) => phoneField(missing, invalid);

export function phoneField(missing: string, invalid: string): z.ZodMiniType<string, unknown>;
export function phoneField(missing: null, invalid: string): z.ZodMiniType<string | null, unknown>;
export function phoneField(missing: string | null, invalid: string): z.ZodMiniType<string | null, unknown> {
  return z.pipe(
    z.nullish(z.string({ error: missing ?? invalid }).check(tooLong(MAX_PHONE_TEXT))),
    z.transform((value, context) => {
      if (value == null || value.trim() === '') return missing == null ? null : fail(context, missing);
      return phoneDigits(value) ?? fail(context, invalid);
    }),
  );
}

/** A calendar day typed by a person: 'YYYY-MM-DD'. */
export const day = (message: string) => z.string({ error: message }).check(z.refine(isDay, message));

/** A yes/no value; form values 'true'/'false'/'on' are read as booleans (spec 3-courier-area.md §5). */
export const yesNo = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', 'on'])]),
  z.transform((value) => value === true || value === 'true' || value === 'on'),
);

/** A yes/no flag that is false when not given (on create). */
export const flag = z._default(yesNo, false);

/**
 * A positive whole number from JSON (a number) or from a path, query or form value (its
 * decimal digits). Coercion would also read " 1", "0x10", "1e3" and true as numbers, so
 * a malformed id could name a real row.
 */
export const wholeNumber = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^\d{1,16}$/, { error: message }))], { error: message }),
    z.transform((value, context) => {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isInteger(number) && number >= 1 && number <= max ? number : fail(context, message);
    }),
  );

/** A positive integer id, from JSON or from a path segment. */
const ID_MESSAGE = 'Must be a positive whole number';
export const id = wholeNumber(ID_MESSAGE);
export const idParam = z.object({ id });

/**
 * An instant as an ISO 8601 date-time with its offset ("2030-01-15T14:00:00+00:00", "…Z")
 * or epoch ms; null for anything else. The text must name a real moment: Date.parse alone
 * reads "2030-02-30" as 2 March, "1" as 2001 and a time without offset in the server's zone.
 */
const isoDateTime = z.iso.datetime({ offset: true });
export function parseInstant(value: string | number): number | null {
  const time = typeof value === 'number' ? value : isoDateTime.safeParse(value).success ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? Math.round(time) : null;
}

/** The forms an instant may take, as the API's messages and documents say them. */
export const INSTANT_FORMS = 'an ISO 8601 date-time with its offset (2030-01-15T14:00:00-05:00 or …Z), or epoch milliseconds';
const FIRST_INSTANT = Date.UTC(2000, 0, 1);
const LAST_INSTANT = Date.UTC(2100, 0, 1);

/**
 * An instant given as an ISO string (with offset) or epoch ms, kept as epoch ms; years
 * 2000–2100 only. `message` when it is missing; with a `label`, a value that is given but is
 * not an instant (a time without its offset, 30 February) or out of range is told so.
 */
export const instant = (message: string, label?: string) => {
  const malformed = label ? `${label} must be ${INSTANT_FORMS}` : message;
  const outOfRange = label ? `${label} must be between the years 2000 and 2100` : message;
  return z.pipe(
    z.union([z.string(), z.number()], { error: message }),
    z.transform((value, context) => {
      if (value === '') return fail(context, message);
      const time = parseInstant(value);
      if (time == null) return fail(context, malformed);
      return time >= FIRST_INSTANT && time <= LAST_INSTANT ? time : fail(context, outOfRange);
    }),
  );
};
