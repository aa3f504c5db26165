/** The trigger-maintained totals equal the aggregates they replace (migrations/0003). */
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, restaurantOrderTotals } from '../../src/db/schema';
import { COMPLETED_STATUSES, FINISHED_STATUSES, RELEASE_BUSINESS_STATUSES } from '../../src/domain/orderStatus';
import { testDb } from '../support/api';
import { insertCourier, insertOrder } from '../support/factories';

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
