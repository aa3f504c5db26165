/**
 * Courier document expiry (spec 3-courier-area.md §2.15, §5): a missing expiry date or one before today
 * counts as expired; one within the next 30 days expires soon; days are rounded up.
 */

export const EXPIRING_SOON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DocumentState = { state: 'expired' } | { state: 'expiring_soon'; daysRemaining: number } | { state: 'valid'; daysRemaining: number };

/**
 * @param expiry "YYYY-MM-DD" (as stored) or empty
 * @param today "YYYY-MM-DD" in the service time zone, so a licence is valid through its last day
 */
export function documentState(expiry: string | null | undefined, today: string): DocumentState {
  const expiryDay = parseDay(expiry);
  const todayDay = parseDay(today);
  if (expiryDay == null || todayDay == null || expiryDay < todayDay) return { state: 'expired' };
  const daysRemaining = Math.ceil((expiryDay - todayDay) / DAY_MS);
  return daysRemaining <= EXPIRING_SOON_DAYS ? { state: 'expiring_soon', daysRemaining } : { state: 'valid', daysRemaining };
}

/** True when either document is expired: the courier cannot receive or complete orders. */
export function hasExpiredDocuments(
  courier: { driversLicenseExpiry: string | null | undefined; insuranceExpiry: string | null | undefined },
  today: string,
): boolean {
  return documentState(courier.driversLicenseExpiry, today).state === 'expired' || documentState(courier.insuranceExpiry, today).state === 'expired';
}

function parseDay(value: string | null | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time;
}
