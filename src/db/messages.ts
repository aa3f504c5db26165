/**
 * Customer messages (issue 16): each business's choices, and every message with how its
 * sending went. A message is claimed (leased) before it is sent, so two deliveries of its
 * queue message never send it twice.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { DEFAULT_TEMPLATES, HOUR_MS, MESSAGE_KINDS, MESSAGE_LIMITS, OVER_BUSINESS_LIMIT, OVER_RECIPIENT_LIMIT, type MessageKind } from '../domain/messages';
import type { Db } from './client';
import { couriers, customerMessages, messageSettings, orders, orderStops, users, type CustomerMessage } from './schema';

export interface MessageSetting {
  kind: MessageKind;
  enabled: boolean;
  template: string;
}

/** Every kind, with the business's choice or the default (off, default wording). */
const settingsRows = (db: Db, restaurantId: number) => db.select().from(messageSettings).where(eq(messageSettings.restaurantId, restaurantId));

/** Every kind of message with the business's choice for it, or the default (off, the default wording). */
export function withDefaults(rows: ReadonlyArray<typeof messageSettings.$inferSelect>): MessageSetting[] {
  return MESSAGE_KINDS.map((kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return { kind, enabled: row?.enabled ?? false, template: row?.template ?? DEFAULT_TEMPLATES[kind] };
  });
}

export async function messageSettingsOf(db: Db, restaurantId: number): Promise<MessageSetting[]> {
  return withDefaults(await settingsRows(db, restaurantId));
}

/** Saves the settings given and answers all of them as saved (read back in the same transaction). */
export async function saveMessageSettings(db: Db, restaurantId: number, settings: readonly MessageSetting[]): Promise<MessageSetting[]> {
  if (!settings.length) return messageSettingsOf(db, restaurantId);
  const save = db
    .insert(messageSettings)
    .values(settings.map((setting) => ({ restaurantId, ...setting })))
    .onConflictDoUpdate({
      target: [messageSettings.restaurantId, messageSettings.kind],
      set: { enabled: sql`excluded.enabled`, template: sql`excluded.template`, updatedAt: sql`(cast(unixepoch('subsec') * 1000 as integer))` },
    });
  const [, rows] = await db.batch([save, settingsRows(db, restaurantId)]);
  return withDefaults(rows);
}

export type NewMessage = Pick<
  typeof customerMessages.$inferInsert,
  'dedupeKey' | 'restaurantId' | 'orderId' | 'stopId' | 'kind' | 'channel' | 'recipient' | 'subject' | 'body' | 'status' | 'detail'
>;

/**
 * One message, recorded unless its key already is. A message to send is held to the
 * hourly limits (MESSAGE_LIMITS) in the insert itself, counting what was sent or is
 * waiting to the same recipient and from the same business: over either, it is recorded
 * as not sent, saying which. In one transaction with the others, so each counts the last.
 */
export function recordMessage(db: Db, message: NewMessage, now: number) {
  const since = now - HOUR_MS;
  const counted = sql`status <> 'not_sent' and created_at > ${since}`;
  const over =
    message.status === 'pending'
      ? sql`case
        when (select count(*) from ${customerMessages} where recipient = ${message.recipient} and ${counted}) >= ${MESSAGE_LIMITS.perRecipientPerHour} then ${OVER_RECIPIENT_LIMIT}
        when (select count(*) from ${customerMessages} where restaurant_id = ${message.restaurantId} and ${counted}) >= ${MESSAGE_LIMITS.perBusinessPerHour} then ${OVER_BUSINESS_LIMIT}
      end`
      : sql`null`;
  return db.run(sql`
    with verdict as (select ${over} as over)
    insert into ${customerMessages} (dedupe_key, restaurant_id, order_id, stop_id, kind, channel, recipient, subject, body, status, detail, next_attempt_at, created_at)
    select ${message.dedupeKey}, ${message.restaurantId}, ${message.orderId}, ${message.stopId ?? null}, ${message.kind}, ${message.channel},
      ${message.recipient}, ${message.subject ?? null}, ${message.body},
      case when over is null then ${message.status ?? 'pending'} else 'not_sent' end,
      coalesce(over, ${message.detail ?? null}),
      case when over is null and ${message.status ?? 'pending'} = 'pending' then ${now} end,
      ${now}
    from verdict where true
    on conflict (dedupe_key) do nothing`);
}

/** Records the messages (a key already recorded is left as it is); answers those still waiting to be sent. */
export async function recordMessages(db: Db, messages: readonly NewMessage[]): Promise<CustomerMessage[]> {
  if (!messages.length) return [];
  const keys = messages.map((message) => message.dedupeKey);
  const now = Date.now();
  const waiting = db
    .select()
    .from(customerMessages)
    .where(and(inArray(customerMessages.dedupeKey, keys), eq(customerMessages.status, 'pending')));
  const [first, ...rest] = messages.map((message): BatchItem<'sqlite'> => recordMessage(db, message, now));
  const results = await db.batch([first, ...rest, waiting]);
  return results.at(-1) as CustomerMessage[];
}

/** How long one send may hold a message before another may try. */
export const SEND_LEASE_MS = 60_000;

/** Takes a waiting message for one send attempt; undefined when it is sent, given up, or being sent. */
export async function claimMessage(db: Db, id: number, now = Date.now()): Promise<CustomerMessage | undefined> {
  const [row] = await db
    .update(customerMessages)
    .set({ leasedUntil: now + SEND_LEASE_MS, attempts: sql`${customerMessages.attempts} + 1` })
    .where(
      and(eq(customerMessages.id, id), eq(customerMessages.status, 'pending'), or(isNull(customerMessages.leasedUntil), lt(customerMessages.leasedUntil, now))),
    )
    .returning();
  return row;
}

/** The outcome of an attempt: sent, failed for good, or still pending (a retry follows). */
export interface MessageOutcome {
  status: 'sent' | 'failed' | 'pending' | 'not_sent';
  detail?: string | null;
  providerId?: string | null;
  retryInMs?: number;
}

export async function settleMessage(db: Db, id: number, outcome: MessageOutcome, now = Date.now()): Promise<void> {
  await settleStatement(db, id, outcome, now);
}

/** The statement that writes a message's outcome, to run alone or in a transaction with others. */
export function settleStatement(db: Db, id: number, outcome: MessageOutcome, now: number) {
  return db
    .update(customerMessages)
    .set({
      status: outcome.status,
      detail: outcome.detail ?? null,
      providerId: outcome.providerId ?? null,
      leasedUntil: null,
      nextAttemptAt: outcome.status === 'pending' ? now + (outcome.retryInMs ?? 0) : null,
      sentAt: outcome.status === 'sent' ? now : null,
    })
    .where(eq(customerMessages.id, id));
}

/** Waiting messages whose queue message is long overdue (lost): the cron hands them to the queue again. */
export async function overdueMessages(db: Db, now: number, graceMs: number, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: customerMessages.id })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.status, 'pending'),
        lt(customerMessages.nextAttemptAt, now - graceMs),
        or(isNull(customerMessages.leasedUntil), lt(customerMessages.leasedUntil, now)),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export type LoggedMessage = CustomerMessage & { orderNumber: string; businessName: string };

/** The admin's Messages log: newest first, a page at a time; one order's only, given its number. */
export async function listMessages(db: Db, page: { limit: number; offset: number }, orderNumber?: string): Promise<{ rows: LoggedMessage[]; total: number }> {
  const ofOrder = orderNumber === undefined ? undefined : eq(orders.orderNumber, orderNumber);
  const counted = db.select({ total: sql<number>`count(*)` }).from(customerMessages);
  const [rows, [{ total }]] = await db.batch([
    db
      .select({ message: customerMessages, orderNumber: orders.orderNumber, businessName: orders.restaurantName })
      .from(customerMessages)
      .innerJoin(orders, eq(orders.id, customerMessages.orderId))
      .where(ofOrder)
      .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    // Unfiltered, the count needs no join.
    ofOrder ? counted.innerJoin(orders, eq(orders.id, customerMessages.orderId)).where(ofOrder) : counted,
  ]);
  return { rows: rows.map(({ message, orderNumber, businessName }) => ({ ...message, orderNumber, businessName })), total };
}

/** What composing an order's messages needs: the order, its stops and its courier's name, in one round trip. */
export async function messageContext(db: Db, orderId: number) {
  const [[row], stops] = await db.batch([
    db
      .select({ order: orders, courierName: users.name })
      .from(orders)
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId))
      .where(eq(orders.id, orderId))
      .limit(1),
    db.select().from(orderStops).where(eq(orderStops.orderId, orderId)).orderBy(orderStops.sequence),
  ]);
  return row ? { ...row, stops } : undefined;
}
