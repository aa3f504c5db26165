/**
 * Webhooks (issue 17): which event an order change is, when a failed delivery is tried
 * again, when an endpoint that keeps failing is turned off, and which addresses may
 * receive deliveries. Standard Webhooks (https://www.standardwebhooks.com) is the
 * convention: signed `webhook-id`, `webhook-timestamp`, `webhook-signature` headers.
 */
import * as z from 'zod/mini';
import { COMPLETED_STATUSES, type OrderStatus } from './orderStatus';
import { randomToken } from './tokens';

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.assigned',
  'order.status_changed',
  'order.delivered',
  'order.cancelled',
  'order.delivery_failed',
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'order.created': 'An order was created, in the portal or through the API.',
  'order.assigned': 'A courier took the order: assigned by the dispatcher, or an offer accepted by a courier.',
  'order.status_changed': 'The order moved to another status (from, to) that is none of the others.',
  'order.delivered': 'The order was delivered (or a pharmacy route completed), with links to its delivery photos.',
  'order.cancelled': 'The order was cancelled, by the business or by the dispatcher.',
  'order.delivery_failed':
    'A delivery could not be made (the order or one of its stops): why, and what follows (retry, return to the pickup, or back to dispatch).',
  'webhook.test': 'Sent by "Send test event" in the Profile, to try an endpoint.',
};

/** What the outbox recorded about one change of an order (the migration's triggers). */
export interface OrderTransition {
  fromStatus: string | null;
  toStatus: string | null;
  fromCourierId: number | null;
  toCourierId: number | null;
  /** A failed delivery (issue 27): the order's status is unchanged. */
  deliveryFailureId?: number | null;
}

/** The event a business hears for a change of its order: exactly one per change. */
export function orderEventType(change: OrderTransition): WebhookEventType {
  if (change.deliveryFailureId != null) return 'order.delivery_failed';
  if (change.fromStatus == null) return 'order.created';
  if (change.toStatus === 'cancelled') return 'order.cancelled';
  if (change.toStatus && COMPLETED_STATUSES.has(change.toStatus as OrderStatus)) return 'order.delivered';
  if (change.toCourierId != null && change.toCourierId !== change.fromCourierId) return 'order.assigned';
  return 'order.status_changed';
}

/**
 * How long to wait before each retry after a failed attempt: the Standard Webhooks
 * reference schedule (immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), eight
 * attempts over 27 h 35 min. Every wait fits a queue's 12-hour delay limit.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` attempts have failed, or null when that was the last. */
export function nextAttemptAt(attempts: number, now: number): number | null {
  return attempts >= 1 && attempts <= RETRY_DELAYS_MS.length ? now + RETRY_DELAYS_MS[attempts - 1] : null;
}

/** An endpoint whose every attempt has failed for this long is turned off (with a notice to the business). */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000;
export const shouldDisable = (failingSince: number | null, now: number) => failingSince != null && now - failingSince >= DISABLE_AFTER_FAILING_MS;

/** An attempt waits this long for the receiver's answer. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** After a rotation the old secret keeps signing (next to the new one) this long. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;
/** Deliveries, their attempts and the outbox are kept this long, then pruned by the cron. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;

/** A Standard Webhooks secret: "whsec_" and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

/** The webhook-id of a test event (order events carry the outbox's own). */
export const newEventId = () => `evt_${randomToken(12)}`;

// ---------------------------------------------------------------------------
// Where deliveries may go
// ---------------------------------------------------------------------------

export const MAX_WEBHOOK_URL = 2000;

/** PUT /api/webhook-endpoint */
export const webhookEndpointSchema = z.object({
  url: z
    .string({ error: 'Endpoint URL is required' })
    .check(z.trim(), z.minLength(1, 'Endpoint URL is required'), z.maxLength(MAX_WEBHOOK_URL, `Use at most ${MAX_WEBHOOK_URL} characters`)),
});

/** An IPv4 address as four numbers, or null. */
function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address ("::" expanded, a trailing dotted IPv4 read as two groups); null if it is not one. */
export function ipv6Groups(text: string): number[] | null {
  let host = text;
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) {
    const v4 = ipv4(dotted[1]);
    if (!v4) return null;
    host = `${host.slice(0, dotted.index + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function isPrivateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/**
 * Whether an IPv6 address is not a public one a delivery may reach: anything outside the
 * global unicast block 2000::/3 (loopback, unspecified, IPv4-compatible, IPv4-mapped and
 * translated forms, discard, unique-local, link-local, the deprecated site-local,
 * multicast), and inside it the IETF protocol block 2001::/23 (Teredo embeds an IPv4),
 * documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16, which embeds an IPv4).
 */
function isPrivateIpv6(groups: number[]): boolean {
  const [first, second] = groups;
  if ((first & 0xe000) !== 0x2000) return true;
  if (first === 0x2001 && second < 0x0200) return true;
  if (first === 0x2001 && second === 0x0db8) return true;
  if (first === 0x2002) return true;
  return (first & 0xfff0) === 0x3ff0;
}

/**
 * Addresses no delivery may go to: loopback, private networks, link-local (cloud metadata
 * services live there), shared address space, "this network", multicast and reserved,
 * and every IPv6 address but public global unicast (so no spelling of an IPv4 address
 * inside an IPv6 one, mapped, compatible, 6to4 or Teredo, gets through). Anything that
 * is neither form of address is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4(host);
  if (v4) return isPrivateIpv4(v4);
  if (!host.includes(':')) return false;
  const groups = ipv6Groups(host);
  return groups == null || isPrivateIpv6(groups);
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|lan)$/;

export type UrlVerdict = { ok: true; url: URL; resolve: string | null } | { ok: false; message: string };

/**
 * What the address itself says. Production takes only https to a public host name or
 * address; with local webhooks allowed (npm start, tests), http://127.0.0.1:<port> too.
 * `resolve` names the host whose DNS answers must then be checked, if any.
 */
export function checkWebhookUrlSyntax(text: string, options: { allowLocal: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: 'Enter a full URL, like https://example.com/webhooks' };
  }
  if (url.username || url.password) return { ok: false, message: 'The URL may not contain a user name or password' };
  // A fully qualified name may end in a dot (localhost.): the same host.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (options.allowLocal && host === '127.0.0.1' && (url.protocol === 'http:' || url.protocol === 'https:')) return { ok: true, url, resolve: null };
  if (url.protocol !== 'https:') return { ok: false, message: 'The URL must start with https://' };
  const literal = ipv4(host) != null || host.startsWith('[');
  if (literal)
    return isPrivateAddress(host) ? { ok: false, message: 'The URL points to a private or local network address' } : { ok: true, url, resolve: null };
  if (!host.includes('.') || LOCAL_NAMES.test(host)) return { ok: false, message: 'The URL must name a public host' };
  return { ok: true, url, resolve: host };
}
