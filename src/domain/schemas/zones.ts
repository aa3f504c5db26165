/** Zones (spec 1-foundations-and-admin.md §2.7, §5.4, §7.4): the same rules for the dialog and POST/PATCH /api/zones. */
import * as z from 'zod/mini';
import { validateAutopilotSettings } from '../autopilot/settings';
import { MAX_LONG_TEXT, optionalText, requiredText } from './common';

const CITIES_REQUIRED = 'At least one city is required';

/**
 * The cities text of the dialog: split on commas, each entry trimmed, empty entries
 * dropped (spec 1-foundations-and-admin.md §5.4); a city typed twice ("Tampa, tampa") is kept once.
 */
export function parseCities(input: readonly string[] | string): string[] {
  const entries = typeof input === 'string' ? input.split(',') : input;
  const seen = new Set<string>();
  const cities: string[] = [];
  for (const entry of entries) {
    const city = entry.trim();
    if (city && !seen.has(city.toLowerCase())) {
      seen.add(city.toLowerCase());
      cities.push(city);
    }
  }
  return cities;
}

const cities = z.pipe(
  z.array(z.string().check(z.maxLength(100, 'A city name must be at most 100 characters')), { error: CITIES_REQUIRED }).check(z.maxLength(200)),
  z.transform((list, context) => {
    const parsed = parseCities(list);
    if (parsed.length === 0) context.issues.push({ code: 'custom', message: CITIES_REQUIRED, input: list });
    return parsed;
  }),
);

/** POST /api/zones and PATCH /api/zones/:id take the same body (spec 1-foundations-and-admin.md §7.4). */
export const zoneSchema = z.object({
  name: requiredText('Zone name is required', 100),
  description: optionalText(MAX_LONG_TEXT),
  cities,
  isActive: z._default(z.boolean({ error: 'isActive must be true or false' }), true),
});

export type ZoneInput = z.infer<typeof zoneSchema>;

/** POST /api/zones/:id/plan: the plan the dispatcher reviewed, each order to its courier. */
export const planConfirmSchema = z.object({
  assignments: z
    .array(
      z.object({
        orderId: z.int().check(z.positive()),
        courierId: z.int().check(z.positive()),
        reason: z.string().check(z.maxLength(300)),
      }),
    )
    .check(z.minLength(1, 'The plan has no order to assign'), z.maxLength(500)),
});

/**
 * PATCH /api/zones/:id/dispatch and the zone's dispatch settings dialog (issue 30, decision W12):
 * the autopilot's settings by its one rule (validateAutopilotSettings), and whether it is paused.
 */
export const dispatchSettingsSchema = z.pipe(
  z.looseObject({ paused: z._default(z.boolean({ error: 'Paused is true or false.' }), false) }),
  z.transform(({ paused, ...input }, context) => {
    const checked = validateAutopilotSettings(input);
    if ('settings' in checked) return { settings: checked.settings, paused };
    for (const [field, message] of Object.entries(checked.errors)) context.issues.push({ code: 'custom', message, input: input[field], path: [field] });
    return z.NEVER;
  }),
);
