/** A courier's position report (POST /api/couriers/location, issue 6). */
import * as z from 'zod/mini';
import { isValidLatitude, isValidLongitude } from '../geo';
import { parseInstant } from './common';

/** How far ahead of the server's clock a device may be before its timestamp is refused. */
export const MAX_CLOCK_SKEW_MS = 60_000;

const finite = (message: string) => z.number({ error: message }).check(z.refine(Number.isFinite, message));
const optionalMeasure = (message: string, min: number, max: number) =>
  z.optional(z.nullable(finite(message).check(z.minimum(min, message), z.maximum(max, message))));

export const locationReportSchema = z.object({
  latitude: finite('Latitude must be between -90 and 90').check(z.refine(isValidLatitude, 'Latitude must be between -90 and 90')),
  longitude: finite('Longitude must be between -180 and 180').check(z.refine(isValidLongitude, 'Longitude must be between -180 and 180')),
  accuracy: optionalMeasure('Accuracy must be a distance in meters', 0, 100_000),
  heading: optionalMeasure('Heading must be between 0 and 360 degrees', 0, 360),
  speed: optionalMeasure('Speed must be at least 0 m/s', 0, 1_000),
  /** When the device took the fix: ISO string or epoch ms; the server's time when absent. */
  recordedAt: z.optional(
    z.pipe(
      z.union([z.string().check(z.maxLength(40)), z.number()], { error: 'recordedAt must be a time' }),
      z.transform((value, context) => {
        const time = parseInstant(value);
        if (time == null || time > Date.now() + MAX_CLOCK_SKEW_MS) {
          context.issues.push({ code: 'custom', message: time == null ? 'recordedAt must be a time' : 'recordedAt is in the future', input: value });
          return z.NEVER;
        }
        return time;
      }),
    ),
  ),
});
