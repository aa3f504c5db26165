/**
 * ETags for polled partials. Triggers bump a counter in data_versions on every write to
 * a table (migrations/0001), so "has anything this region shows changed?" is one indexed
 * read instead of re-running the region's queries. Orders and their stops also have a
 * counter per business (`orders@12`, migrations/0025): a business's regions follow its own,
 * so other businesses' orders do not change their ETags (decision P31-2).
 */
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { dataVersions, restaurants, sessions } from './schema';

export type VersionedTable = 'zones' | 'users' | 'restaurants' | 'couriers' | 'orders' | 'order_stops';
const TABLES: readonly VersionedTable[] = ['zones', 'users', 'restaurants', 'couriers', 'orders', 'order_stops'];

/** The tables with a counter per business too. */
type PerBusiness = 'orders' | 'order_stops';
/** A table's counter, or one business's counter of a table. */
export type Counter = VersionedTable | `${PerBusiness}@${number}`;

/** The counters a business's region follows: its own for orders and stops, the tables' for the rest (and for an account without a business). */
export const ofBusiness = (restaurantId: number | null | undefined, tables: readonly VersionedTable[]): Counter[] =>
  tables.map((table): Counter => (restaurantId != null && (table === 'orders' || table === 'order_stops') ? `${table}@${restaurantId}` : table));

/**
 * The tables' counters and, for a business's session, its own: a few indexed rows, read with
 * every page's session.
 */
export const allVersions = (db: Db, sessionId: string) => {
  const own = (table: PerBusiness) =>
    sql`(select ${`${table}@`} || ${restaurants.id} from ${sessions} join ${restaurants} on ${restaurants.userId} = ${sessions.userId} where ${sessions.id} = ${sessionId})`;
  return db
    .select()
    .from(dataVersions)
    .where(or(inArray(dataVersions.name, [...TABLES]), eq(dataVersions.name, own('orders')), eq(dataVersions.name, own('order_stops'))));
};

/**
 * Counters read at the start of a request, together with its session (one round trip):
 * ETags built during that request use them instead of reading again.
 */
const prefetched = new WeakMap<Db, Promise<Map<string, number>>>();

/** Counters on their way (read with the session): ETags wait for them rather than read again. */
export function rememberVersions(db: Db, rows: Promise<ReadonlyArray<{ name: string; version: number }>>): void {
  const versions = rows.then((read) => new Map(read.map((row) => [row.name, row.version])));
  // A request that builds no ETag never awaits them: their failure is the session read's to report.
  versions.catch(() => undefined);
  prefetched.set(db, versions);
}

/** The tables each request's ETags were built over (what a polled region says it depends on). */
const versionedIn = new WeakMap<Db, Set<string>>();
export const versionedTablesOf = (db: Db): ReadonlySet<string> => versionedIn.get(db) ?? new Set();

/** Records that an ETag of this request follows `tables` (versionTag does; an ETag of its own says so too). */
export function noteVersioned(db: Db, tables: readonly string[]): void {
  const seen = versionedIn.get(db) ?? new Set();
  for (const table of tables) seen.add(table);
  versionedIn.set(db, seen);
}

/**
 * Tables without a counter of their own, each written only in the same transaction as a write
 * to the table named here: that table's counter moves with theirs. A region reading them
 * versions this one (tests/integration/region-versions.test.ts).
 */
export const VERSIONED_THROUGH: Readonly<Record<string, string>> = {
  // Kept by triggers on orders (migrations 0002, 0003, 0028, 0029).
  restaurant_order_totals: 'orders',
  order_hour_counts: 'orders',
  earnings_hourly_totals: 'orders',
  // Written with the order's change (changeOrder's alongside, decision C28).
  delivery_failures: 'orders',
  order_events: 'orders',
  // A courier's decline is recorded with the order's history (declineOffer).
  order_declines: 'orders',
  // The autopilot's cascade is written in the transaction of its order's change (applyDecisions, takeBackFromAutopilot; decision W12).
  dispatch_cascades: 'orders',
  // Each attempt updates its delivery (recordAttempt).
  webhook_attempts: 'webhook_deliveries',
};

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A weak ETag over the tables a region reads and everything else its markup depends on
 * (viewer, filters, time zone; a minute bucket when it shows time-relative states).
 */
export async function versionTag(db: Db, counters: readonly Counter[], ...inputs: Array<string | number | null | undefined>): Promise<string> {
  noteVersioned(
    db,
    counters.map((counter) => counter.split('@')[0]),
  );
  const known = await prefetched.get(db)?.catch(() => undefined);
  // A business's counter exists from the business's creation: one not read with the session is read now.
  const rows =
    known && counters.every((name) => !name.includes('@') || known.has(name))
      ? counters.map((name) => ({ name, version: known.get(name) ?? 0 }))
      : await db
          .select()
          .from(dataVersions)
          .where(inArray(dataVersions.name, [...counters]));
  const versions = [...rows]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => `${row.name}:${row.version}`)
    .join(',');
  return `W/"${await sha256(`${versions}|${inputs.join('|')}`)}"`;
}

/** The current minute: regions with time-relative states ("Urgent!") change at least this often. */
export const minuteBucket = (now = Date.now()) => Math.floor(now / 60_000);
