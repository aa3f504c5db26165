/**
 * Building blocks for request schemas, in zod/mini: the same schemas validate on the
 * server and in islands, and mini keeps them to a few KB in the browser bundles.
 * Every text field has a length limit, so a megabyte of text is a 400, not a row.
 */
import * as z from 'zod/mini';
import { isValidLatitude, isValidLongitude, roundCoordinate } from '../geo';
import { parseMoney } from '../money';
import { isValidPhone } from '../phone';
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
export const requiredText = (message: string, max = MAX_TEXT) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), tooLong(max));

/** Optional free text: trimmed; blank becomes null. */
export const optionalText = (max = MAX_TEXT) =>
  z.pipe(
    z.nullish(z.string().check(tooLong(max))),
    z.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  );

/** Money given as a number or numeric string, as integer cents (spec 1 §3 "Money"); never negative. */
export const money = (message: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value, context) => {
      const cents = parseMoney(value);
      return cents == null || cents < 0 ? fail(context, message) : cents;
    }),
  );

const coordinate = (valid: (value: unknown) => value is number, message: string) =>
  z.pipe(
    z.nullish(z.union([z.number(), z.string()])),
    z.transform((value, context) => {
      if (value == null || value === '') return null;
      const number = typeof value === 'number' ? value : Number(value);
      return valid(number) ? roundCoordinate(number) : fail(context, message);
    }),
  );

/** Coordinates arrive as numbers or strings (spec 1 §3) and are kept at scale 7; empty means none. */
export const latitude = coordinate(isValidLatitude, 'Latitude must be between -90 and 90');
export const longitude = coordinate(isValidLongitude, 'Longitude must be between -180 and 180');

const PHONE_MESSAGE = 'Phone must be exactly 10 digits';

export const phone = (message = PHONE_MESSAGE) => z.string({ error: message }).check(z.refine(isValidPhone, message));

export const optionalPhone = z.pipe(
  z.nullish(z.string()),
  z.transform((value, context) => {
    if (value == null || value === '') return null;
    return isValidPhone(value) ? value : fail(context, PHONE_MESSAGE);
  }),
);

/** A calendar day typed by a person: 'YYYY-MM-DD'. */
export const day = (message: string) => z.string({ error: message }).check(z.refine(isDay, message));

/** A yes/no value; form values 'true'/'false'/'on' are read as booleans (spec 3 §5). */
export const yesNo = z.pipe(
  z.union([z.boolean(), z.enum(['true', 'false', 'on'])]),
  z.transform((value) => value === true || value === 'true' || value === 'on'),
);

/** A yes/no flag that is false when not given (on create). */
export const flag = z._default(yesNo, false);

/** A positive integer id, from JSON or from a path segment. */
const ID_MESSAGE = 'Must be a positive whole number';
export const id = z.coerce.number({ error: ID_MESSAGE }).check(z.int(ID_MESSAGE), z.positive(ID_MESSAGE), z.maximum(Number.MAX_SAFE_INTEGER, ID_MESSAGE));
export const idParam = z.object({ id });

/** An instant given as an ISO string (with offset) or epoch ms, kept as epoch ms; years 2000–2100 only. */
export const instant = (message: string) =>
  z.pipe(
    z.union([z.string(), z.number()], { error: message }),
    z.transform((value, context) => {
      const time = typeof value === 'number' ? value : Date.parse(value);
      return Number.isFinite(time) && time >= Date.UTC(2000, 0, 1) && time <= Date.UTC(2100, 0, 1) ? time : fail(context, message);
    }),
  );
