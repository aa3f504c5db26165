/**
 * A small HTTP client for integration tests: keeps its own session cookie like a
 * browser would, and returns status, headers and parsed body without throwing.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createClient, type InArgs } from '@libsql/client';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/db/client';

export const DEMO_PASSWORD = 'demo1234';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Client {
  /** The session cookie ("sid=…"), as a browser would keep it. */
  cookie: string | null = null;
  /** The trusted-device cookie ("did=…") a successful sign-in leaves (src/auth/devices.ts). */
  deviceCookie: string | null = null;
  /** The signed hint naming the session's owner ("sid_hint=…", src/auth/sessionHint.ts). */
  hintCookie: string | null = null;

  constructor(readonly baseUrl: string = inject('baseUrl')) {}

  /** Every cookie the client keeps, as a browser sends them (empty when none). */
  cookieHeader(): string {
    return [this.cookie, this.hintCookie, this.deviceCookie].filter(Boolean).join('; ');
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
    }
    const cookies = this.cookieHeader();
    if (cookies) (init.headers as Record<string, string>).Cookie ??= cookies;
    const response = await fetch(new URL(path, this.baseUrl), init);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const kept = pair.endsWith('=') || /max-age=0/i.test(setCookie) ? null : pair;
      if (/^(__Host-)?did=/.test(pair)) this.deviceCookie = kept;
      else if (/^(__Host-)?sid_hint=/.test(pair)) this.hintCookie = kept;
      else this.cookie = kept;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* HTML or text */
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  async login(username: string, password = DEMO_PASSWORD): Promise<this> {
    const response = await this.post('/api/login', { username, password });
    if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status} ${response.text}`);
    return this;
  }
}

export const signedIn = (username: string, password?: string) => new Client().login(username, password);

/**
 * A GET with headers fetch does not let one set (Host, Upgrade): for the area selection by
 * host name and for WebSocket handshakes.
 */
export function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; text: string; location?: string; headers: Headers }> {
  const url = new URL(path, inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, location: res.headers.location, headers: toHeaders(res.headers) }));
    });
    // A successful upgrade hands over the socket instead of a response.
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, text: '', headers: toHeaders(res.headers) });
    });
    req.on('error', reject);
    req.end();
  });
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return headers;
}

export const getWithHost = (path: string, host: string, cookie?: string | null) => rawGet(path, { Host: host, ...(cookie ? { Cookie: cookie } : {}) });

/** Direct access to the test database, to arrange and inspect what the API cannot. */
export const testDb = (): Db => createDb(inject('databaseUrl'), undefined, 30_000);

/** A name no other test (or earlier run) uses. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * What the Worker logs while `work` runs (and for `settleMs` after, for background work):
 * the lines wrangler dev wrote to the stack's log in that time.
 */
export async function workerLogDuring(work: () => Promise<unknown>, settleMs = 1500): Promise<string[]> {
  const log = inject('workerLog');
  const { readFile, stat } = await import('node:fs/promises');
  const start = (await stat(log)).size;
  await work();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return (await readFile(log)).subarray(start).toString('utf8').split('\n').filter(Boolean);
}

/** A US number of the test's own (813, an exchange a text can reach): the hourly message limits count per number. */
export const uniquePhone = () => `813${2 + Math.floor(Math.random() * 8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

/** SQLite's plan for a statement, one step per line ("SEARCH orders USING INDEX …"). */
export async function queryPlan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = query.toSQL();
  const client = createClient({ url: inject('databaseUrl') });
  try {
    return (await client.execute({ sql: `explain query plan ${sql}`, args: params as InArgs })).rows.map((row) => String(row.detail)).join('\n');
  } finally {
    client.close();
  }
}
