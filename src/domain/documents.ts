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

/** The expiry dates the rules read: the ones that count, not those awaiting verification. */
type DocumentExpiries = { driversLicenseExpiry: string | null | undefined; insuranceExpiry: string | null | undefined };

/** The documents that have expired, in DOCUMENT_KINDS order. */
export function expiredDocuments(courier: DocumentExpiries, today: string): DocumentKind[] {
  return DOCUMENT_KINDS.filter((kind) => documentState(courier[DOCUMENTS[kind].expiry], today).state === 'expired');
}

/** True when either document is expired: the courier cannot receive or complete orders. */
export function hasExpiredDocuments(courier: DocumentExpiries, today: string): boolean {
  return expiredDocuments(courier, today).length > 0;
}

function parseDay(value: string | null | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time;
}

/** A courier's two documents and their columns: the expiry that counts, a new one awaiting verification, the flag. */
export const DOCUMENTS = {
  driversLicense: {
    name: "driver's license",
    label: "Driver's License",
    expiry: 'driversLicenseExpiry',
    requested: 'driversLicenseExpiryRequested',
    verified: 'driversLicenseVerified',
  },
  insurance: { name: 'insurance', label: 'Insurance', expiry: 'insuranceExpiry', requested: 'insuranceExpiryRequested', verified: 'insuranceVerified' },
} as const;
export type DocumentKind = keyof typeof DOCUMENTS;
export const DOCUMENT_KINDS = Object.keys(DOCUMENTS) as DocumentKind[];

export interface CourierDocuments {
  driversLicense: string;
  driversLicenseExpiry: string;
  driversLicenseExpiryRequested: string | null;
  insurance: string;
  insuranceExpiry: string;
  insuranceExpiryRequested: string | null;
}

/** What a courier's own profile edit writes to their documents. */
export interface ProfileDocumentChange {
  driversLicense?: string;
  insurance?: string;
  driversLicenseExpiryRequested?: string | null;
  insuranceExpiryRequested?: string | null;
  driversLicenseVerified?: false;
  insuranceVerified?: false;
}

/**
 * A courier's own change to their documents (spec 3-courier-area.md §2.16, issue 26, decision C22).
 * A new expiry date does not count until an admin verifies it: it is kept as requested,
 * and the date that counts (which the order rules read) stays; typing the counted date
 * again withdraws the request. A new number or date needs verifying again.
 */
export function planProfileDocuments(
  current: CourierDocuments,
  typed: Partial<Pick<CourierDocuments, 'driversLicense' | 'driversLicenseExpiry' | 'insurance' | 'insuranceExpiry'>>,
): ProfileDocumentChange {
  const change: ProfileDocumentChange = {};
  for (const kind of DOCUMENT_KINDS) {
    const columns = DOCUMENTS[kind];
    const number = typed[kind];
    const expiry = typed[columns.expiry];
    const newNumber = number !== undefined && number !== current[kind];
    if (newNumber) change[kind] = number;
    if (expiry !== undefined && expiry !== (current[columns.requested] ?? current[columns.expiry])) {
      change[columns.requested] = expiry === current[columns.expiry] ? null : expiry;
    }
    if (newNumber || change[columns.requested]) change[columns.verified] = false;
  }
  return change;
}

/** The documents whose new expiry awaits an admin's verification. */
export const awaitingVerification = (courier: Pick<CourierDocuments, 'driversLicenseExpiryRequested' | 'insuranceExpiryRequested'>): DocumentKind[] =>
  DOCUMENT_KINDS.filter((kind) => courier[DOCUMENTS[kind].requested] != null);
