/**
 * How the courier screens show times and money (spec 3-courier-area.md §9): times in the viewer's zone as
 * "h:mm a", card dates "MMM d, yyyy", pharmacy times in US Eastern as "MMM d, h:mm a".
 * Intl does the work, so no date library reaches the phone.
 */
import { deliveryEarnings, type Earnings } from '../../../src/domain/courierEarnings';
import { parseMoney, formatUsd, type Cents } from '../../../src/domain/money';

export const PHARMACY_TIME_ZONE = 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();

function format(value: string | number | null | undefined, zone: string, options: Intl.DateTimeFormatOptions): string {
  if (value == null || value === '') return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const key = `${zone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })));
  // ICU puts a narrow no-break space before AM/PM; people (and tests) type a space.
  return formatter.format(date).replace(/\u202f/g, ' ');
}

type Time = string | number | null | undefined;

/** "3:05 PM" */
export const timeOf = (value: Time, zone: string) => format(value, zone, { hour: 'numeric', minute: '2-digit' });
/** "Nov 21, 2026" */
export const dateOf = (value: Time, zone: string) => format(value, zone, { month: 'short', day: 'numeric', year: 'numeric' });
/** "03:05 PM", the go-online panel's HH:MM. */
export const clockOf = (value: Time, zone: string) => format(value, zone, { hour: '2-digit', minute: '2-digit' });
/** "Nov 21, 3:05 PM" in US Eastern, the pharmacy workflow's times. */
export const pharmacyTimeOf = (value: Time) => format(value, PHARMACY_TIME_ZONE, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export const cents = (value: string | number | null | undefined): Cents => parseMoney(value ?? 0) ?? 0;
export const usd = (value: Cents) => formatUsd(value);

/** What the courier earns on an order as the API gives it (2-decimal strings). */
export const earningsOf = (order: { courierPay: string | null; deliveryFee: string; tip: string }): Earnings =>
  deliveryEarnings({
    courierPayCents: order.courierPay == null ? null : cents(order.courierPay),
    deliveryFeeCents: cents(order.deliveryFee),
    tipCents: cents(order.tip),
  });

/**
 * What a card and a preview lead with: the courier's own pay (base + tip), not the spec's
 * deliveryFee + tip, which is what the business pays (issue 27, decision C24).
 */
export const payLine = (order: { courierPay: string | null; deliveryFee: string; tip: string }) => {
  const earned = earningsOf(order);
  return { total: usd(earned.total), breakdown: earned.tip > 0 ? `${usd(earned.basePay)} + ${usd(earned.tip)} tip` : null };
};

export const millis = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);

/** A <progress> bar drawn in the app's colours (the browser's own is grey on grey). */
export const PROGRESS =
  'overflow-hidden rounded-full [&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-emerald-600';
