/**
 * Customer messages in the background (issue 16). The event consumer hands each order
 * event here: the messages it calls for (domain/messages.ts) are recorded under a unique
 * key and queued one by one; each is then sent through its channel's provider, retried
 * when the provider may succeed later, and never sent twice. Nothing here runs in a
 * courier's request.
 */
import type { Db } from '../db/client';
import { claimMessage, messageContext, messageSettingsOf, recordMessages, settleMessage, type NewMessage } from '../db/messages';
import type { OutboxEvent } from '../db/schema';
import { messageKey, messagesFor, NO_PROVIDER, renderMessage, smsNumber } from '../domain/messages';
import { formatPhone } from '../domain/phone';
import { firstName, trackingPath } from '../domain/tracking';
import type { Env } from '../env';
import { providerFor, ProviderError } from './providers';

/** Waits before the 2nd, 3rd, 4th and 5th attempts; then the message has failed. */
export const RETRY_DELAYS_S = [10, 60, 300, 1800];

/** The consumer's subscriber: records and queues the messages an order's event calls for. */
export async function queueCustomerMessages(env: Env, db: Db, event: OutboxEvent): Promise<void> {
  if (event.kind !== 'order.changed' || event.orderId == null) return;
  const enabled = (await messageSettingsOf(db, event.restaurantId)).filter((setting) => setting.enabled);
  if (!enabled.length) return;
  const context = await messageContext(db, event.orderId);
  if (!context) return;
  const { order, stops, courierName } = context;
  const calls = messagesFor(event, stops).filter((call) => enabled.some((setting) => setting.kind === call.kind));
  const sms = providerFor(env, 'sms');
  const messages = calls.map((call): NewMessage => {
    const stop = call.stopId == null ? null : stops.find((candidate) => candidate.id === call.stopId);
    const token = stop ? stop.trackingToken : order.trackingToken;
    const phone = stop ? stop.customerPhone : order.customerPhone;
    const body = renderMessage(enabled.find((setting) => setting.kind === call.kind)!.template, {
      business: order.restaurantName,
      courier: courierName ? firstName(courierName) : 'your courier',
      link: token ? `${env.PUBLIC_URL ?? ''}${trackingPath(token)}` : '',
      order: `#${order.orderNumber}`,
      phone: formatPhone(order.restaurantPhone),
    });
    const to = smsNumber(phone);
    const unsent = !to ? 'not sent: no valid phone number' : !sms ? NO_PROVIDER : null;
    return {
      dedupeKey: messageKey(call.kind, order.id, call.stopId),
      restaurantId: order.restaurantId,
      orderId: order.id,
      stopId: call.stopId,
      kind: call.kind,
      channel: 'sms',
      recipient: to ?? phone,
      body,
      status: unsent ? 'not_sent' : 'pending',
      detail: unsent,
    };
  });
  const waiting = await recordMessages(db, messages);
  if (waiting.length) await env.EVENTS.sendBatch(waiting.map((message) => ({ body: { customerMessageId: message.id } })));
}

/** One attempt at a message; answers in how many seconds to try again, or null when done. */
export async function sendCustomerMessage(env: Env, db: Db, id: number): Promise<number | null> {
  const message = await claimMessage(db, id);
  if (!message) return null;
  const provider = providerFor(env, message.channel);
  if (!provider) {
    await settleMessage(db, id, { status: 'not_sent', detail: NO_PROVIDER });
    return null;
  }
  try {
    const providerId = await provider.send({ to: message.recipient, body: message.body });
    await settleMessage(db, id, { status: 'sent', providerId });
    return null;
  } catch (error) {
    const retry = error instanceof ProviderError ? error.retry : true;
    const delay = RETRY_DELAYS_S[message.attempts - 1];
    if (retry && delay !== undefined) {
      await settleMessage(db, id, { status: 'pending', detail: `attempt ${message.attempts} failed: ${(error as Error).message}` });
      return delay;
    }
    await settleMessage(db, id, { status: 'failed', detail: (error as Error).message });
    return null;
  }
}
