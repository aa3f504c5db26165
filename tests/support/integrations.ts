/**
 * Test helpers for the integrations (issue 17): a business with API access and a key, a
 * webhook receiver on loopback that verifies what it gets with a Standard Webhooks
 * library, a client that speaks to /api/v1 with a key, the cron, and answers checked
 * against the served OpenAPI document.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { inject } from 'vitest';
import type { Db } from '../../src/db/client';
import { restaurants } from '../../src/db/schema';
import { Client, signedIn, type ApiResponse } from './api';
import { insertBusiness } from './factories';

/** A business of the test's own with API access on, signed in, with one key. */
export async function integratedBusiness(db: Db, options: { customerType?: 'restaurant' | 'pharmacy' } = {}) {
  const created = await insertBusiness(db, options);
  await db.update(restaurants).set({ apiEnabled: true }).where(eq(restaurants.id, created.restaurant.id));
  const portal = await signedIn(created.username);
  const made = await portal.post('/api/api-keys', { name: 'Test system' });
  if (made.status !== 201) throw new Error(`key: ${made.status} ${made.text}`);
  return { ...created, portal, key: made.body.key as string, keyId: made.body.id as number, api: new KeyClient(made.body.key as string) };
}

/** Calls with `Authorization: Bearer <key>` and no cookie. */
export class KeyClient extends Client {
  constructor(readonly key: string | null) {
    super();
  }

  override request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    this.cookie = null;
    return super.request<T>(method, path, body, this.key ? { Authorization: `Bearer ${this.key}`, ...headers } : headers);
  }
}

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
        if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} deliveries; got ${received.map((entry) => `${entry.event?.type}:${entry.status}`).join(', ') || 'none'}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies a delivery as a receiver would, with the Standard Webhooks library: the event, or a thrown error. */
export const verify = (secret: string, entry: Pick<Received, 'body' | 'headers'>) => new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>);

/** Runs the Worker's scheduled handler, as the cron does every minute in production. */
export async function runCron(): Promise<void> {
  const response = await fetch(new URL('/__scheduled?cron=*+*+*+*+*', inject('baseUrl')));
  if (!response.ok) throw new Error(`cron: ${response.status}`);
}

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)?.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Checks JSON against the schemas of the served OpenAPI document. */
export async function openApiValidator() {
  const document = (await new Client().get('/api/v1/openapi.json')).body;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' });
  return {
    document,
    /** Problems of `value` against a component schema (empty when it fits). */
    problems(component: string, value: unknown): string[] {
      const validate = ajv.getSchema(`openapi#/components/schemas/${component}`);
      if (!validate) throw new Error(`no schema ${component}`);
      return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
    },
  };
}
