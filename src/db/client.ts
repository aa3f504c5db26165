/**
 * One Drizzle database over libSQL's HTTP protocol: sqld locally, Turso in production.
 * The web client is plain fetch, so the same code runs in workerd and in Node scripts.
 */
import { createClient, type InStatement, type ResultSet, type TransactionMode } from '@libsql/client/web';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle } from 'drizzle-orm/libsql/web';
import { coalescingFetch } from './pipeline';

export type Db = LibSQLDatabase;

/** How long one database round trip may take before the request answers 503. */
export const DATABASE_TIMEOUT_MS = 5000;

/** The database could not be reached (refused, timed out, or answered with a server error). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database cannot be reached', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * What a request's database work cost: round trips (each HTTP call to sqld or Turso, where
 * a batch is one) and the time spent waiting on them. Reported in Server-Timing (issue 19).
 */
export class DbMeter {
  roundTrips = 0;
  waitedMs = 0;
  /** Batches run again because the database was busy (counted in roundTrips too). */
  busyRetries = 0;
  /**
   * The tables the request's statements name, when asked for (tests: a polled region must
   * version every table it reads, src/views/render.tsx); null when not traced.
   */
  tablesRead: Set<string> | null = null;

  /**
   * Notes the tables a statement reads from or joins; not the session's read (who is asking)
   * nor the version counters' (the ETag's own).
   */
  trace(statement: InStatement): void {
    if (!this.tablesRead) return;
    const sql = typeof statement === 'string' ? statement : statement.sql;
    const tables = [...sql.matchAll(/\b(?:from|join)\s+["`]?(\w+)["`]?/gi)].map(([, table]) => table.toLowerCase());
    if (tables.includes('sessions') || tables.includes('data_versions')) return;
    for (const table of tables) this.tablesRead.add(table);
  }

  /** `db;dur=12.4;desc="1 round trip"`: the database's share of a Server-Timing header (and `db-busy` when it retried). */
  serverTiming(): string {
    const trips = `db;dur=${this.waitedMs.toFixed(1)};desc="${this.roundTrips} round trip${this.roundTrips === 1 ? '' : 's'}"`;
    return this.busyRetries ? `${trips}, db-busy;desc="${this.busyRetries} retried"` : trips;
  }
}

/** fetch with a deadline, turning network failures into DatabaseUnavailableError, and counting round trips. */
function databaseFetch(timeoutMs: number, meter?: DbMeter) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let response: Response;
    const started = performance.now();
    try {
      response = await fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DatabaseUnavailableError(error);
    } finally {
      if (meter) {
        meter.roundTrips++;
        meter.waitedMs += performance.now() - started;
      }
    }
    // 502-504 come from a proxy in front of the database, not from a bad statement.
    if (response.status >= 502 && response.status <= 504) throw new DatabaseUnavailableError(new Error(`HTTP ${response.status}`));
    return response;
  };
}

const BUSY_RETRIES = 3;

/**
 * Runs a batch again when the database answers SQLITE_BUSY, after a short random wait: a
 * batch is one transaction that applied nothing when it failed, so running it again is safe.
 * Under a burst of writers the lock can stay taken longer than the server waits for it.
 */
function withBusyRetry(batch: (statements: InStatement[], mode?: TransactionMode) => Promise<ResultSet[]>, meter?: DbMeter) {
  return async (statements: InStatement[], mode?: TransactionMode): Promise<ResultSet[]> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await batch(statements, mode);
      } catch (error) {
        if (attempt >= BUSY_RETRIES || (error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        if (meter) meter.busyRetries++;
        await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt + Math.random() * 50));
      }
    }
  };
}

/** A statement that may write: anything but a plain read. */
const mayWrite = (statement: InStatement) => !/^\s*select\b/i.test(typeof statement === 'string' ? statement : statement.sql);

/**
 * Where a request's writes wait while what allows them is still being decided: the session
 * asking for them (src/http/context.ts), the idempotency claim on its key
 * (src/http/idempotency.ts). Its reads leave meanwhile; its writes only once every hold has
 * allowed them, and never if one refused.
 */
export class WriteGate {
  #holds: Array<{ verdict: Promise<boolean>; refusal: () => Error }> = [];

  /** Writes wait for `verdict`; when it is false they fail with `refusal()` and nothing is sent. */
  hold(verdict: Promise<boolean>, refusal: () => Error): void {
    this.#holds.push({ verdict, refusal });
  }

  async pass(): Promise<void> {
    for (const { verdict, refusal } of this.#holds) if (!(await verdict)) throw refusal();
  }
}

export function createDb(url: string, authToken?: string, timeoutMs = DATABASE_TIMEOUT_MS, meter?: DbMeter, writes = new WriteGate()): Db {
  return createRequestDbs(url, authToken, timeoutMs, meter, writes).db;
}

/**
 * A request's database, whose writes pass `writes`, and its bookkeeping database: the same
 * connection and the same round trips (one coalescer), for the few writes that must not
 * wait for the gate because they decide it (an idempotency claim, guarded by its session in
 * SQL, and its release).
 */
export function createRequestDbs(
  url: string,
  authToken: string | undefined,
  timeoutMs: number,
  meter: DbMeter | undefined,
  writes: WriteGate,
): { db: Db; bookkeeping: Db } {
  const fetch = coalescingFetch(databaseFetch(timeoutMs, meter));
  return { db: drizzleOver(url, authToken, fetch, meter, writes), bookkeeping: drizzleOver(url, authToken, fetch, meter, new WriteGate()) };
}

function drizzleOver(url: string, authToken: string | undefined, fetch: typeof globalThis.fetch, meter: DbMeter | undefined, writes: WriteGate): Db {
  const client = createClient({ url, authToken: authToken || undefined, fetch });
  // Whatever writes runs in a transaction begun IMMEDIATE ('write'): concurrent writers then
  // wait their turn for the lock. Drizzle's batches are 'deferred' and single statements run
  // alone, where a statement that read first and a writer that committed meanwhile fail at
  // once with SQLITE_BUSY (writes with triggers, like the order search index's, hold the
  // lock long enough to meet that). Still one round trip each.
  const retried = withBusyRetry(client.batch.bind(client), meter);
  const batch = async (statements: InStatement[], mode: TransactionMode): Promise<ResultSet[]> => {
    statements.forEach((statement) => meter?.trace(statement));
    if (statements.some(mayWrite)) await writes.pass();
    return retried(statements, mode);
  };
  client.batch = (statements: InStatement[], mode?: TransactionMode) => batch(statements, mode ?? (statements.some(mayWrite) ? 'write' : 'deferred'));
  const execute = client.execute.bind(client) as (statement: InStatement) => Promise<ResultSet>;
  client.execute = (async (statement: InStatement) => {
    if (mayWrite(statement)) return (await batch([statement], 'write'))[0];
    meter?.trace(statement);
    return execute(statement);
  }) as typeof client.execute;
  // No schema: nothing uses drizzle's relational queries, and mapping the schema for them cost
  // every request about 1 ms of CPU per instance (npm run bench -- --sections profile).
  return drizzle(client);
}

/** Whether an error or one of its causes is a `type` (drizzle and libSQL wrap the original failure). */
export function causedBy(error: unknown, type: abstract new (...args: never[]) => Error): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (current instanceof type) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const isDatabaseUnavailable = (error: unknown) => causedBy(error, DatabaseUnavailableError);
