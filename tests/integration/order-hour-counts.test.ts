/**
 * The admin's tab counts come from order_hour_counts, kept by migration 0028's triggers
 * (src/db/orders/tabCounts.ts): they must be what counting the orders themselves gives, after
 * orders are created, change status, move in time and are deleted (issue 31).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { ORDER_COUNT_BUCKET_MS, statusCountsFromHours, type StatusCount } from '../../src/db/orders/tabCounts';
import { orders } from '../../src/db/schema';
import type { Range } from '../../src/domain/time';
import { testDb } from '../support/api';
import { insertBusiness, insertOrders } from '../support/factories';

const HOUR = ORDER_COUNT_BUCKET_MS;
const MINUTE = 60_000;

const byStatus = (rows: StatusCount[]) => Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));

/** Both ways in one batch (one snapshot, whatever other suites write meanwhile). */
async function bothWays(db: Db, range: Range | null) {
  const counted = db
    .select({ status: orders.status, count: sql<number>`count(*)` })
    .from(orders)
    .where(range ? sql`${orders.deliveryTime} >= ${range.start} and ${orders.deliveryTime} < ${range.end}` : undefined)
    .groupBy(orders.status);
  const [fromHours, fromOrders] = await db.batch([statusCountsFromHours(db, range), counted]);
  return { fromHours: byStatus(fromHours), fromOrders: byStatus(fromOrders) };
}

describe('tab counts kept per hour', () => {
  it('equal the orders counted, through inserts, status changes, moves in time and deletes, on whole hours and odd minutes', async () => {
    const db = testDb();
    const business = await insertBusiness(db);
    // A day of this test's own, far from any other suite's orders: 00:00 UTC of a random day in 2091.
    const day = Date.UTC(2091, 0, 1) + Math.floor(Math.random() * 300) * 24 * HOUR;
    const at = (hours: number, minutes = 0) => day + hours * HOUR + minutes * MINUTE;
    const made = await insertOrders(db, business.username, [
      { deliveryTime: at(0), status: 'new' },
      { deliveryTime: at(0, 59), status: 'new' },
      { deliveryTime: at(1, 30), status: 'assigned' },
      { deliveryTime: at(5, 15), status: 'pending_courier' },
      { deliveryTime: at(5, 45), status: 'delivered' },
      { deliveryTime: at(23, 59), status: 'cancelled' },
      { deliveryTime: at(12), status: 'new' },
    ]);
    const ranges: Array<Range | null> = [
      { start: at(0), end: at(24) },
      { start: at(0, 30), end: at(5, 30) },
      { start: at(5, 10), end: at(5, 50) },
      { start: at(1), end: at(2) },
      { start: at(-48), end: at(48) },
      null,
    ];
    const check = async (expectedDay: Record<string, number>) => {
      for (const range of ranges) {
        const { fromHours, fromOrders } = await bothWays(db, range);
        expect(fromHours, JSON.stringify(range)).toEqual(fromOrders);
      }
      expect((await bothWays(db, { start: at(0), end: at(24) })).fromHours).toEqual(expectedDay);
      // What the migration's backfill would build from the orders is what the triggers kept.
      const [kept, rebuilt] = await db.batch([
        db.all<{ hour: number; status: string; n: number }>(
          sql`select hour, status, orders as n from order_hour_counts where orders <> 0 order by hour, status`,
        ),
        db.all<{ hour: number; status: string; n: number }>(
          sql`select delivery_time / ${sql.raw(String(HOUR))} as hour, status, count(*) as n from orders group by 1, 2 order by hour, status`,
        ),
      ]);
      expect(kept).toEqual(rebuilt);
    };

    await check({ new: 3, assigned: 1, pending_courier: 1, delivered: 1, cancelled: 1 });

    // A status change, a move within its hour, a move to another hour with a status change, a delete.
    await db.update(orders).set({ status: 'picked_up' }).where(eq(orders.id, made[2].id));
    await db
      .update(orders)
      .set({ deliveryTime: at(0, 10) })
      .where(eq(orders.id, made[1].id));
    await db
      .update(orders)
      .set({ deliveryTime: at(7, 5), status: 'cancelled' })
      .where(eq(orders.id, made[3].id));
    await db.delete(orders).where(inArray(orders.id, [made[6].id, made[4].id]));
    await check({ new: 2, picked_up: 1, cancelled: 2 });

    await db.delete(orders).where(
      inArray(
        orders.id,
        made.map((order) => order.id),
      ),
    );
    expect((await bothWays(db, { start: at(0), end: at(24) })).fromHours).toEqual({});
  });
});
