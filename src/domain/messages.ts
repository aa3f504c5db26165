/**
 * Customer messages (issue 16): the four moments, their default wording and the
 * placeholders a business may use, and which messages an order's event calls for. Pure:
 * the consumer (src/messages/) and the Profile form share it.
 */
import type { OrderStatus, StopStatus } from './orderStatus';
import { isValidPhone } from './phone';

export const MESSAGE_KINDS = ['on_the_way', 'arriving_soon', 'delivered', 'cancelled'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message goes by SMS to the customer's phone and, when the order has one, by email too (decision K14). */
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_LABELS: Record<MessageKind, string> = {
  on_the_way: 'On the way',
  arriving_soon: 'Arriving soon',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const DEFAULT_TEMPLATES: Record<MessageKind, string> = {
  on_the_way: '{business}: {courier} is on the way with your order. Follow it live: {link}',
  arriving_soon: '{business}: {courier} will be at your door in a few minutes.',
  delivered: '{business}: your order was delivered. Details and photo: {link}',
  cancelled: '{business}: your order {order} was cancelled. Questions? Call {phone}.',
};

export const PLACEHOLDERS = ['{business}', '{courier}', '{link}', '{order}', '{phone}'] as const;
/** Two SMS segments: long enough for a sentence and a link, short enough to stay cheap. */
export const MAX_TEMPLATE_LENGTH = 306;

export interface MessageValues {
  business: string;
  /** The courier's first name ("your courier" before one is known). */
  courier: string;
  link: string;
  order: string;
  /** The business's phone, formatted. */
  phone: string;
}

/** Control and invisible formatting characters (line breaks, bidirectional overrides, zero-width marks): a message is one line of what it shows. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/u;
/** Anything a phone or a mail client turns into a link: a scheme, www., or a dotted name such as evil.example/login. */
const LINK = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/i;

export const TEMPLATE_PROBLEMS = {
  unprintable: 'Write the message on one line of plain text: no line breaks, control or invisible formatting characters',
  link: "Links are not allowed in messages: {link} adds the order's tracking link",
  placeholder: `Use only the placeholders ${PLACEHOLDERS.join(', ')}`,
} as const;

/**
 * What is wrong with a business's wording, if anything (issue 26): the platform texts and
 * emails it in its own name, so it is one line of printable text whose only link is the
 * tracking link's placeholder, and whose braces are the known placeholders.
 */
export function templateProblem(template: string): string | null {
  if (UNPRINTABLE.test(template)) return TEMPLATE_PROBLEMS.unprintable;
  const withoutPlaceholders = template.replace(/\{(business|courier|link|order|phone)\}/g, ' ');
  if (/[{}]/.test(withoutPlaceholders)) return TEMPLATE_PROBLEMS.placeholder;
  if (LINK.test(withoutPlaceholders)) return TEMPLATE_PROBLEMS.link;
  return null;
}

/**
 * How many messages may go out in an hour (issue 26): to one phone or inbox, and from one
 * business in all. Beyond them a message is recorded as not sent, saying why, so creating
 * and cancelling orders cannot make the platform flood a number.
 */
export const MESSAGE_LIMITS = { perRecipientPerHour: 8, perBusinessPerHour: 500 } as const;
export const HOUR_MS = 3_600_000;
export const OVER_RECIPIENT_LIMIT = `not sent: this number or address already had ${MESSAGE_LIMITS.perRecipientPerHour} messages in the last hour`;
export const OVER_BUSINESS_LIMIT = `not sent: the business already sent ${MESSAGE_LIMITS.perBusinessPerHour} messages in the last hour`;

export function renderMessage(template: string, values: MessageValues): string {
  return template.replace(/\{(business|courier|link|order|phone)\}/g, (_, key: keyof MessageValues) => values[key]);
}

/** An email's subject line: the business and the moment, so the inbox says what happened without opening it. */
const EMAIL_SUBJECTS: Record<MessageKind, (values: MessageValues) => string> = {
  on_the_way: ({ business }) => `${business}: your order is on the way`,
  arriving_soon: ({ business }) => `${business}: your courier is almost there`,
  delivered: ({ business }) => `${business}: your order was delivered`,
  cancelled: ({ business, order }) => `${business}: your order ${order} was cancelled`,
};

export const emailSubject = (kind: MessageKind, values: MessageValues) => EMAIL_SUBJECTS[kind](values);

/** What one message says when it was not sent because no provider is configured. */
export const NO_PROVIDER = 'not sent: no provider';

/** "+18135550123" for an SMS API; null when the number is not a 10-digit US number. */
export function smsNumber(phone: string): string | null {
  return isValidPhone(phone) ? `+1${phone}` : null;
}

/** One message an event calls for: to the order's customer (stopId null) or to one stop's. */
export interface MessageCall {
  kind: MessageKind;
  stopId: number | null;
}

const ON_THE_WAY: ReadonlySet<OrderStatus> = new Set(['on_way_to_customer', 'in_pharmacy_delivery']);
const DELIVERED: ReadonlySet<OrderStatus> = new Set(['delivered', 'pharmacy_completed']);
const CANCELLED: ReadonlySet<OrderStatus> = new Set(['cancelled', 'missed_pickup']);

/**
 * The messages an order's event calls for. A route (an order with stops) speaks to each
 * stop's customer as their stop moves (its own events); only its cancellation comes from
 * the order, to every stop not yet delivered. Repeats are harmless: each message has a
 * unique key (kind and order or stop), so a moment is announced once.
 */
export function messagesFor(
  event: { stopId: number | null; toStatus: string | null },
  stops: ReadonlyArray<{ id: number; status: StopStatus }>,
): MessageCall[] {
  if (event.stopId != null) {
    if (event.toStatus === 'on_way') return [{ kind: 'on_the_way', stopId: event.stopId }];
    if (event.toStatus === 'delivered') return [{ kind: 'delivered', stopId: event.stopId }];
    return [];
  }
  const to = event.toStatus as OrderStatus | null;
  if (to && CANCELLED.has(to)) {
    return stops.length
      ? stops.filter((stop) => stop.status !== 'delivered').map((stop) => ({ kind: 'cancelled', stopId: stop.id }))
      : [{ kind: 'cancelled', stopId: null }];
  }
  if (stops.length || !to) return [];
  if (ON_THE_WAY.has(to)) return [{ kind: 'on_the_way', stopId: null }];
  if (DELIVERED.has(to)) return [{ kind: 'delivered', stopId: null }];
  return [];
}

/** The key that makes a moment one message per channel, however often its event is handled. */
export const messageKey = (kind: MessageKind, orderId: number, stopId: number | null, channel: MessageChannel) =>
  `${kind}:${stopId == null ? `order:${orderId}` : `stop:${stopId}`}:${channel}`;
