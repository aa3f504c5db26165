/**
 * Customer messages in the background (issue 16). The event consumer hands each order
 * event here: the messages it calls for (domain/messages.ts) are recorded under a unique
 * key and sent through their channel's provider by the consumer, with the rest of the
 * batch (decision P31-1); a message the provider may take later is retried through the
 * queue, and none is ever sent twice. Nothing here runs in a courier's request.
 */
import type { Db } from '../db/client';
import type { EventBatchContext } from '../db/eventBatch';
import {
  claimMessage,
  messageContext,
  messageSettingsOf,
  recordMessages,
  settleMessage,
  type MessageOutcome,
  type MessageSetting,
  type NewMessage,
} from '../db/messages';
import type { CustomerMessage, OutboxEvent } from '../db/schema';
import { emailSubject, messageKey, messagesFor, NO_PROVIDER, renderMessage, smsNumber, type MessageCall } from '../domain/messages';
import { formatPhone } from '../domain/phone';
import { firstName, showsCourier, trackingPath } from '../domain/tracking';
import { courierLocation } from '../durable-objects/names';
import { destinationOf } from '../services/tracking';
import type { Env } from '../env';
import { providerFor, ProviderError } from './providers';

/** Waits before the 2nd, 3rd, 4th and 5th attempts; then the message has failed. */
export const RETRY_DELAYS_S = [10, 60, 300, 1800];

type Context = NonNullable<Awaited<ReturnType<typeof messageContext>>>;

/**
 * The customer-message consumer of an outbox event: the messages it calls for, to record
 * (domain/messages.ts). The courier's object is told which customers to watch for, as
 * "arriving soon" is its to notice from the positions it receives.
 */
export async function messagesOfEvent(env: Env, event: OutboxEvent, batch: EventBatchContext): Promise<NewMessage[]> {
  if (event.kind !== 'order.changed' || event.orderId == null) return [];
  const enabled = (batch.settings.get(event.restaurantId) ?? []).filter((setting) => setting.enabled);
  const order = batch.orders.get(event.orderId);
  if (!enabled.length || !order) return [];
  const context: Context = {
    order,
    stops: batch.stops.get(order.id) ?? [],
    courierName: order.courierId == null ? null : (batch.courierNames.get(order.courierId) ?? null),
  };
  const calls = messagesFor(event, context.stops);
  if (enabled.some((setting) => setting.kind === 'arriving_soon')) await expectArrivals(env, context, calls);
  return composeMessages(env, context, calls, enabled);
}

/** A courier's object saw the courier a few minutes from a customer: say so, if the business does and they are still on the way there. */
export async function queueArrivingSoon(env: Env, db: Db, orderId: number, stopId: number | null): Promise<void> {
  const context = await messageContext(db, orderId);
  if (!context) return;
  const enabled = (await messageSettingsOf(db, context.order.restaurantId)).filter((setting) => setting.enabled);
  const stop = stopId == null ? null : context.stops.find((candidate) => candidate.id === stopId);
  if (!showsCourier(context.order.status, stop?.status)) return;
  await composeAndQueue(env, db, context, [{ kind: 'arriving_soon', stopId }], enabled);
}

async function expectArrivals(env: Env, { order, stops }: Context, calls: readonly MessageCall[]): Promise<void> {
  if (order.courierId == null) return;
  for (const call of calls.filter((candidate) => candidate.kind === 'on_the_way')) {
    const stop = call.stopId == null ? null : stops.find((candidate) => candidate.id === call.stopId);
    const destination = destinationOf({ order, stop: stop ?? null });
    if (destination) await courierLocation(env, order.courierId).expectArrival({ orderId: order.id, stopId: call.stopId, destination });
  }
}

/** Records the messages and queues those to send, one queue message each. */
async function composeAndQueue(env: Env, db: Db, context: Context, calls: readonly MessageCall[], enabled: readonly MessageSetting[]): Promise<void> {
  const waiting = await recordMessages(db, composeMessages(env, context, calls, enabled));
  if (waiting.length) await env.EVENTS.sendBatch(waiting.map((message) => ({ body: { customerMessageId: message.id } })));
}

/** The messages the calls make, one per channel the customer can be reached on, worded by the business's templates. */
function composeMessages(env: Env, { order, stops, courierName }: Context, calls: readonly MessageCall[], enabled: readonly MessageSetting[]): NewMessage[] {
  const [sms, email] = [providerFor(env, 'sms'), providerFor(env, 'email')];
  return calls.flatMap((call): NewMessage[] => {
    const setting = enabled.find((candidate) => candidate.kind === call.kind);
    if (!setting) return [];
    const stop = call.stopId == null ? null : stops.find((candidate) => candidate.id === call.stopId);
    const customer = stop ?? order;
    const token = stop ? stop.trackingToken : order.trackingToken;
    const values = {
      business: order.restaurantName,
      courier: courierName ? firstName(courierName) : 'your courier',
      link: token ? `${env.PUBLIC_URL ?? ''}${trackingPath(token)}` : '',
      order: `#${order.orderNumber}`,
      phone: formatPhone(order.restaurantPhone),
    };
    const body = renderMessage(setting.template, values);
    const about = { restaurantId: order.restaurantId, orderId: order.id, stopId: call.stopId, kind: call.kind, body };
    const to = smsNumber(customer.customerPhone);
    const smsUnsent = !to ? 'not sent: no valid phone number' : !sms ? NO_PROVIDER : null;
    const bySms: NewMessage = {
      ...about,
      dedupeKey: messageKey(call.kind, order.id, call.stopId, 'sms'),
      channel: 'sms',
      recipient: to ?? customer.customerPhone,
      status: smsUnsent ? 'not_sent' : 'pending',
      detail: smsUnsent,
    };
    // Email only to a customer who gave an address: no row says "not sent" for the many who did not.
    if (!customer.customerEmail) return [bySms];
    const byEmail: NewMessage = {
      ...about,
      dedupeKey: messageKey(call.kind, order.id, call.stopId, 'email'),
      channel: 'email',
      recipient: customer.customerEmail,
      subject: emailSubject(call.kind, values),
      status: email ? 'pending' : 'not_sent',
      detail: email ? null : NO_PROVIDER,
    };
    return [bySms, byEmail];
  });
}

/** One attempt at a message (a retry); answers in how many seconds to try again, or null when done. */
export async function sendCustomerMessage(env: Env, db: Db, id: number): Promise<number | null> {
  const message = await claimMessage(db, id);
  if (!message) return null;
  const outcome = await sendClaimedMessage(env, message);
  await settleMessage(db, id, outcome);
  return retryDelayOf(outcome);
}

/** Sends a claimed message through its channel's provider: the outcome to record (nothing is written). */
export async function sendClaimedMessage(env: Env, message: CustomerMessage): Promise<MessageOutcome> {
  const provider = providerFor(env, message.channel);
  if (!provider) return { status: 'not_sent', detail: NO_PROVIDER };
  try {
    const providerId = await provider.send({
      to: message.recipient,
      body: message.body,
      subject: message.subject ?? undefined,
      idempotencyKey: message.dedupeKey,
    });
    return { status: 'sent', providerId };
  } catch (error) {
    const retry = error instanceof ProviderError ? error.retry : true;
    const delay = RETRY_DELAYS_S[message.attempts - 1];
    if (retry && delay !== undefined)
      return { status: 'pending', detail: `attempt ${message.attempts} failed: ${(error as Error).message}`, retryInMs: delay * 1000 };
    return { status: 'failed', detail: (error as Error).message };
  }
}

/** In how many seconds a message whose attempt ended so is tried again; null when it is done. */
export const retryDelayOf = (outcome: MessageOutcome): number | null => (outcome.status === 'pending' ? (outcome.retryInMs ?? 0) / 1000 : null);
