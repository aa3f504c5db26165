/** The trigger-maintained totals equal the aggregates they replace (migrations/0003, 0029). */
import { fromZonedTime } from 'date-fns-tz';
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completedIn, platformFeeCents } from '../../src/db/completedOrders';
import { earningsSummary } from '../../src/db/reports';
import { earningsHourlyTotals, orders, restaurantOrderTotals } from '../../src/db/schema';
import { COMPLETED_STATUSES, FINISHED_STATUSES, RELEASE_BUSINESS_STATUSES } from '../../src/domain/orderStatus';
import { dayRange, type Range } from '../../src/domain/time';
import { testDb } from '../support/api';
import { insertBusiness, insertCourier, insertOrder, insertOrders, insertZone } from '../support/factories';
import { PERIODS } from '../support/periods';

const completed = inArray(orders.status, [...COMPLETED_STATUSES]);
const whenCompleted = (column: unknown) => sql<number>`sum(case when ${completed} then ${column} else 0 end)`;

/** Stored totals and fresh aggregates, read in one batch (one transaction) so concurrent tests cannot skew them. */
async function storedAndComputed() {
  const db = testDb();
  const [stored, computed] = await db.batch([
    db
      .select()
      .from(restaurantOrderTotals)
      .where(sql`${restaurantOrderTotals.ordersCount} > 0`)
      .orderBy(restaurantOrderTotals.restaurantId),
    db
      .select({
        restaurantId: orders.restaurantId,
        ordersCount: sql<number>`count(*)`,
        amountCents: sql<number>`sum(${orders.amountCents})`,
        deliveryFeeCents: sql<number>`sum(${orders.deliveryFeeCents})`,
        activeCount: sql<number>`sum(${notInArray(orders.status, [...FINISHED_STATUSES])})`,
        unfinishedCount: sql<number>`sum(${notInArray(orders.status, [...RELEASE_BUSINESS_STATUSES])})`,
        completedCount: sql<number>`sum(${completed})`,
        completedAmountCents: whenCompleted(orders.amountCents),
        completedDeliveryFeeCents: whenCompleted(orders.deliveryFeeCents),
        completedTipCents: whenCompleted(orders.tipCents),
        completedCourierPayCents: whenCompleted(sql`coalesce(${orders.courierPayCents}, 0)`),
      })
      .from(orders)
      .groupBy(orders.restaurantId)
      .orderBy(orders.restaurantId),
  ]);
  return { stored, computed };
}

describe('restaurant_order_totals', () => {
  it('matches the aggregates over orders, also after status and money changes', async () => {
    const db = testDb();
    let { stored, computed } = await storedAndComputed();
    expect(stored).toEqual(computed);

    // An order of its own under way, completed and then put back.
    const { courier } = await insertCourier(db);
    const order = await insertOrder(db, { status: 'on_way_to_customer', courierId: courier.id, courierPayCents: 35_00 });
    ({ stored, computed } = await storedAndComputed());
    expect(stored).toEqual(computed);
    await db
      .update(orders)
      .set({ status: 'delivered', tipCents: order.tipCents + 123, courierPayCents: (order.courierPayCents ?? 0) + 123 })
      .where(eq(orders.id, order.id));
    ({ stored, computed } = await storedAndComputed());
    expect(stored).toEqual(computed);

    await db.update(orders).set({ status: order.status, tipCents: order.tipCents, courierPayCents: order.courierPayCents }).where(eq(orders.id, order.id));
    ({ stored, computed } = await storedAndComputed());
    expect(stored).toEqual(computed);
  });
});

describe('earnings_hourly_totals', () => {
  const day = PERIODS.earningsTotals.from;
  const at = (time: string) => fromZonedTime(`${day}T${time}`, 'UTC').getTime();
  /** Days of zones whole hours and half an hour off UTC, and ranges that start or end inside an hour or hold none whole. */
  const ranges: Range[] = [
    dayRange(day, 'America/New_York'),
    dayRange(day, 'Asia/Kolkata'),
    { start: at('10:15:00'), end: at('13:40:00') },
    { start: at('10:00:00'), end: at('13:00:00') },
    { start: at('11:05:00'), end: at('11:55:00') },
    { start: at('11:59:59'), end: at('12:00:01') },
  ];

  const direct = (db: ReturnType<typeof testDb>, range: Range) =>
    db
      .select({
        totalOrders: sql<number>`count(*)`,
        totalOrdersAmountCents: sql<number>`coalesce(sum(${orders.amountCents}), 0)`,
        totalCourierPayCents: sql<number>`coalesce(sum(${orders.courierPayCents}), 0)`,
        totalPlatformRevenueCents: sql<number>`coalesce(sum(${platformFeeCents}), 0)`,
      })
      .from(orders)
      .where(completedIn(range));

  /**
   * The stored hours and the same sums over orders, and for every range the report's summary
   * (whole hours from the totals) and a straight sum over orders: one batch, one snapshot.
   */
  async function bothWays() {
    const db = testDb();
    const [stored, computed, ...summaries] = await db.batch([
      db
        .select()
        .from(earningsHourlyTotals)
        .where(sql`${earningsHourlyTotals.ordersCount} <> 0 or ${earningsHourlyTotals.amountCents} <> 0 or ${earningsHourlyTotals.platformFeeCents} <> 0`)
        .orderBy(earningsHourlyTotals.hour),
      db
        .select({
          hour: sql<number>`${orders.completedAt} / 3600000`.as('hour'),
          ordersCount: sql<number>`count(*)`,
          amountCents: sql<number>`sum(${orders.amountCents})`,
          courierPayCents: sql<number>`coalesce(sum(${orders.courierPayCents}), 0)`,
          platformFeeCents: sql<number>`sum(${platformFeeCents})`,
        })
        .from(orders)
        .where(and(inArray(orders.status, [...COMPLETED_STATUSES]), isNotNull(orders.completedAt)))
        .groupBy(sql`hour`)
        .orderBy(sql`hour`),
      ...ranges.flatMap((range) => [earningsSummary(db, range), direct(db, range)]),
    ]);
    expect(stored).toEqual(computed);
    for (let i = 0; i < ranges.length; i++) expect(summaries[2 * i], JSON.stringify(ranges[i])).toEqual(summaries[2 * i + 1]);
    return ranges.map((_, i) => summaries[2 * i][0].totalOrders);
  }

  it('match the sums over orders after orders are completed, changed, cancelled, moved and deleted; the summary equals a straight sum over any range', async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const { username } = await insertBusiness(db, { zoneId: zone.id });
    const { courier } = await insertCourier(db, { zoneId: zone.id });
    const paid = { courierId: courier.id, deliveryFeeCents: 30_00, tipCents: 4_00, courierPayCents: 25_00 };
    const [early, unpaid, onTheHour, late, underWay, cancelled, evening] = await insertOrders(db, username, [
      { status: 'delivered', amountCents: 10_01, ...paid, completedAt: at('10:10:00') },
      {
        status: 'pharmacy_completed',
        amountCents: 20_02,
        courierId: courier.id,
        deliveryFeeCents: 12_00,
        tipCents: 1_00,
        courierPayCents: null,
        completedAt: at('11:30:00'),
      },
      { status: 'delivered', amountCents: 30_03, ...paid, completedAt: at('12:00:00') },
      { status: 'delivered', amountCents: 40_04, ...paid, completedAt: at('13:39:00') },
      { status: 'picked_up', amountCents: 50_05, ...paid },
      // Cancelled after it was completed: its completion time stays, and it counts no more.
      { status: 'cancelled', amountCents: 60_06, ...paid, completedAt: at('11:00:00') },
      { status: 'delivered', amountCents: 70_07, ...paid, completedAt: at('23:50:00') },
    ]);
    // Only this test writes into its day: the ranges see its orders.
    expect(await bothWays()).toEqual([5, 4, 3, 3, 1, 1]);

    const change = (order: { id: number }, values: Partial<typeof orders.$inferInsert>) => db.update(orders).set(values).where(eq(orders.id, order.id));
    await change(underWay, { status: 'delivered', completedAt: at('11:20:00') });
    await change(early, { deliveryFeeCents: 31_00, tipCents: 9_99, courierPayCents: null });
    await change(unpaid, { courierPayCents: 10_00, amountCents: 22_22 });
    expect(await bothWays()).toEqual([6, 5, 4, 4, 2, 1]);

    await change(onTheHour, { status: 'cancelled' });
    await change(cancelled, { status: 'delivered' });
    await db.delete(orders).where(eq(orders.id, late.id));
    expect(await bothWays()).toEqual([5, 4, 3, 4, 2, 0]);

    // Moved to another hour, and out of the day.
    await change(early, { completedAt: at('12:59:59') });
    await change(evening, { completedAt: at('23:50:00') + 6 * 3_600_000 });
    expect(await bothWays()).toEqual([4, 4, 4, 4, 2, 0]);
  });
});
