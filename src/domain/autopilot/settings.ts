/**
 * A zone's autopilot (issue 30): how its orders are dispatched, when, and how far the offer
 * cascade goes before it asks a person (decision W11).
 */

const MINUTE = 60_000;

export const DISPATCH_MODES = ['manual', 'auto_offer', 'auto_assign'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

/** How the Zones page and its dialog name each mode. */
export const DISPATCH_MODE_LABELS: Record<DispatchMode, string> = {
  manual: 'Manual',
  auto_offer: 'Auto-offer',
  auto_assign: 'Auto-assign',
};

/** The zone's dispatch in a word or two: "Auto-offer", "Auto-offer (paused)", "Manual". */
export const dispatchLabel = (mode: DispatchMode, paused: boolean) => `${DISPATCH_MODE_LABELS[mode]}${paused && mode !== 'manual' ? ' (paused)' : ''}`;

export interface AutopilotSettings {
  mode: DispatchMode;
  /** Minutes before the courier must leave for the pickup that the order is dispatched. */
  leadMinutes: number;
  /** Seconds a courier has to accept an offer made to them alone. */
  offerSeconds: number;
  /** Couriers offered the order one by one before it is offered to the whole zone. */
  maxSingleOffers: number;
  /** Minutes the zone has to take it before the dispatcher is alerted. */
  zoneOfferMinutes: number;
  /** Orders a courier may hold at once. */
  maxLoad: number;
  /** Orders from one pickup whose delivery times allow it go to one courier as one trip. */
  batching: boolean;
}

/** What a zone stores besides its mode: the numbers and batching. */
export type AutopilotNumbers = Omit<AutopilotSettings, 'mode'>;

export const numbersOf = ({ mode: _mode, ...numbers }: AutopilotSettings): AutopilotNumbers => numbers;

/** New zones start manual (the issue); the numbers are those the simulated day was run with. */
export const DEFAULT_AUTOPILOT_SETTINGS: AutopilotSettings = {
  mode: 'manual',
  leadMinutes: 10,
  offerSeconds: 45,
  maxSingleOffers: 3,
  zoneOfferMinutes: 5,
  maxLoad: 3,
  batching: true,
};

/** Inclusive bounds of the numeric settings, and what an admin reads when one is outside them. */
const BOUNDS: Record<Exclude<keyof AutopilotSettings, 'mode' | 'batching'>, { min: number; max: number; unit: string }> = {
  leadMinutes: { min: 0, max: 240, unit: 'minutes' },
  offerSeconds: { min: 10, max: 600, unit: 'seconds' },
  maxSingleOffers: { min: 0, max: 20, unit: 'couriers' },
  zoneOfferMinutes: { min: 1, max: 120, unit: 'minutes' },
  maxLoad: { min: 1, max: 20, unit: 'orders' },
};

export type SettingsErrors = Partial<Record<keyof AutopilotSettings, string>>;

/** The settings an admin sent, completed from the defaults, or the message of each field that is wrong. */
export function validateAutopilotSettings(
  input: Partial<Record<keyof AutopilotSettings, unknown>>,
): { settings: AutopilotSettings } | { errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const settings = { ...DEFAULT_AUTOPILOT_SETTINGS };
  if (input.mode !== undefined) {
    if (DISPATCH_MODES.includes(input.mode as DispatchMode)) settings.mode = input.mode as DispatchMode;
    else errors.mode = 'Choose manual, auto-offer or auto-assign.';
  }
  if (input.batching !== undefined) {
    if (typeof input.batching === 'boolean') settings.batching = input.batching;
    else errors.batching = 'Batching is on or off.';
  }
  for (const [field, { min, max, unit }] of Object.entries(BOUNDS) as Array<[keyof typeof BOUNDS, (typeof BOUNDS)[keyof typeof BOUNDS]]>) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) settings[field] = value;
    else errors[field] = `A whole number of ${unit} from ${min} to ${max}.`;
  }
  return Object.keys(errors).length ? { errors } : { settings };
}

/**
 * When an order is dispatched: early enough that a courier leaving then, travelMinutes from the
 * pickup, arrives when it is ready, with the lead time to spare. An order booked days ahead is
 * due days ahead, not now; one booked late is due at once (the caller treats the past as now).
 */
export function dueAt(order: { pickupTime: number }, settings: Pick<AutopilotSettings, 'leadMinutes'>, travelMinutes: number): number {
  return order.pickupTime - (travelMinutes + settings.leadMinutes) * MINUTE;
}
