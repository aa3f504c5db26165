/**
 * Where customer messages go (issue 16): an SMS API in Twilio's shape and an HTTP email
 * API (Resend's shape: POST /emails with a bearer key), each configured by secrets. With
 * neither configured a message is recorded as not sent, so the feature works on one machine.
 */
import type { MessageChannel } from '../domain/messages';
import type { Env } from '../env';

export interface OutgoingMessage {
  to: string;
  body: string;
  /** Email only. */
  subject?: string;
  /** Email only: the message's own key, so a send retried after a lost answer is not delivered twice. */
  idempotencyKey?: string;
}

/** A provider's failure: `retry` when trying again later may succeed (5xx, 429, the network). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface MessageProvider {
  channel: MessageChannel;
  /** Sends one message; answers the provider's id for it. */
  send(message: OutgoingMessage): Promise<string>;
}

const SEND_TIMEOUT_MS = 10_000;

async function post(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`could not reach the provider: ${(error as Error).message}`, true);
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new ProviderError(`provider answered ${response.status}${text ? `: ${text}` : ''}`, response.status >= 500 || response.status === 429);
  }
  return response;
}

/** Twilio's Messages API: form-encoded To, From, Body with the account's SID and token. */
function twilio(env: Env): MessageProvider | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM_NUMBER: from } = env;
  if (!sid || !token || !from) return null;
  const base = env.TWILIO_API_URL || 'https://api.twilio.com';
  return {
    channel: 'sms',
    async send({ to, body }) {
      const response = await post(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
        headers: { Authorization: `Basic ${btoa(`${sid}:${token}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: from, Body: body }),
      });
      const { sid: messageSid } = (await response.json()) as { sid?: string };
      return messageSid ?? '';
    },
  };
}

/** An HTTP email API: JSON {from, to, subject, text} to /emails with a bearer key. */
function email(env: Env): MessageProvider | null {
  const { EMAIL_API_KEY: key, EMAIL_FROM: from } = env;
  if (!key || !from) return null;
  const base = env.EMAIL_API_URL || 'https://api.resend.com';
  return {
    channel: 'email',
    async send({ to, body, subject, idempotencyKey }) {
      const response = await post(`${base}/emails`, {
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
        body: JSON.stringify({ from, to: [to], subject: subject ?? 'Your delivery', text: body }),
      });
      const { id } = (await response.json()) as { id?: string };
      return id ?? '';
    },
  };
}

/** The configured provider of a channel, or null. */
export function providerFor(env: Env, channel: MessageChannel): MessageProvider | null {
  return channel === 'sms' ? twilio(env) : email(env);
}
