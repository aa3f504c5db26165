/**
 * Test helpers for the integrations (issue 17): a business with API access and a key, a
 * webhook receiver on loopback that verifies what it gets with a Standard Webhooks
 * library, a client that speaks to /api/v1 with a key, the cron, and answers checked
 * against the served OpenAPI document.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Db } from '../../src/db/client';
import { restaurants } from '../../src/db/schema';
import { Client, signedIn, type ApiResponse } from './api';
import { insertBusiness } from './factories';

export { startReceiver, verify, type Received } from './webhookReceiver';

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
