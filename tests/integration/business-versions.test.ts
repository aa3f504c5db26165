/**
 * A business's polled regions follow its own counters of orders and stops (decision P31-2,
 * src/db/versions.ts): another business's orders changing leaves them at 304, one of its
 * own moves them (issue 31).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { signedIn, testDb } from '../support/api';
import { insertBusiness, insertOrder } from '../support/factories';

describe("a business's dashboard poll", () => {
  it('answers 304 while only other businesses’ orders change, and 200 when one of its own does', async () => {
    const db = testDb();
    const [ours, theirs] = await Promise.all([insertBusiness(db), insertBusiness(db)]);
    const [own, other] = await Promise.all([
      insertOrder(db, { business: ours.username, status: 'pending_courier' }),
      insertOrder(db, { business: theirs.username, status: 'pending_courier' }),
    ]);
    const portal = await signedIn(ours.username);
    const poll = (etag?: string) => portal.get('/restaurant', { 'X-Partial': 'totals', ...(etag ? { 'If-None-Match': etag } : {}) });
    const first = await poll();
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;

    // The other business: a change, a new order, a stop-less order removed.
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, other.id));
    const extra = await insertOrder(db, { business: theirs.username });
    await db.delete(orders).where(eq(orders.id, extra.id));
    const unchanged = await poll(etag);
    expect(unchanged.status).toBe(304);
    // Its counters came with the session's read: the poll is still one round trip.
    expect(unchanged.headers.get('server-timing')).toContain('"1 round trip"');

    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, own.id));
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
