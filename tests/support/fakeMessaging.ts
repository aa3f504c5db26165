/**
 * Stand-ins for the customer-message providers (issue 16), started by the tests that
 * point a Worker's TWILIO_API_URL and EMAIL_API_URL at them: Twilio's Messages API
 * (form-encoded, Basic auth) and an HTTP email API (JSON, Bearer key). They record what
 * they were sent; `failNext` answers that many requests 500 first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  path: string;
  authorization: string | undefined;
  to: string | null;
  from: string | null;
  body: string | null;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface FakeMessaging {
  url: string;
  sms: SentSms[];
  emails: Array<{ authorization: string | undefined; idempotencyKey: string | undefined; body: Record<string, unknown> }>;
  failNext: number;
  stop(): Promise<void>;
}

export async function startFakeMessaging(): Promise<FakeMessaging> {
  const fake: FakeMessaging = { url: '', sms: [], emails: [], failNext: 0, stop: async () => {} };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      if (fake.failNext > 0) {
        fake.failNext--;
        response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end('{"message":"try again"}');
        return;
      }
      const path = request.url ?? '/';
      response.writeHead(201, { 'Content-Type': 'application/json' });
      if (path.endsWith('/Messages.json')) {
        const form = new URLSearchParams(raw);
        fake.sms.push({
          path,
          authorization: request.headers.authorization,
          to: form.get('To'),
          from: form.get('From'),
          body: form.get('Body'),
          at: Date.now(),
        });
        response.end(JSON.stringify({ sid: `SM${fake.sms.length.toString().padStart(32, '0')}`, status: 'queued' }));
      } else {
        const idempotencyKey = request.headers['idempotency-key'];
        fake.emails.push({
          authorization: request.headers.authorization,
          idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
          body: JSON.parse(raw),
        });
        response.end(JSON.stringify({ id: `email-${fake.emails.length}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
