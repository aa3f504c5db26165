/**
 * A webhook receiver on loopback for the integration and browser tests (issue 17): it
 * records every delivery and answers as the test says; `verify` checks one as a
 * receiver would, with the Standard Webhooks library.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  event: { type: string; timestamp: string; data: any };
  /** What the receiver answered. */
  status: number;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1. `answer` decides each reply's status (200 by default);
 * `delayMs` holds replies back (a slow receiver).
 */
export async function startReceiver(options: { answer?: (received: Omit<Received, 'status'>, count: number) => number; delayMs?: number } = {}) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, body, event: JSON.parse(body || 'null'), at: Date.now() };
      const status = options.answer?.(entry, received.length) ?? 200;
      received.push({ ...entry, status });
      setTimeout(() => {
        response.writeHead(status, { 'Content-Type': 'text/plain' });
        response.end(status < 300 ? 'ok' : 'not now');
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    /** Waits until `count` deliveries matching `match` have arrived; answers them. */
    async waitFor(match: (entry: Received) => boolean, count = 1, timeoutMs = 20_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline)
          throw new Error(
            `waited ${timeoutMs} ms for ${count} deliveries; got ${received.map((entry) => `${entry.event?.type}:${entry.status}`).join(', ') || 'none'}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies a delivery as a receiver would, with the Standard Webhooks library: the event, or a thrown error. */
export const verify = (secret: string, entry: Pick<Received, 'body' | 'headers'>) =>
  new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>);
