/**
 * Missed pickups (D17): the system marks an order missed_pickup when its courier never
 * went online 15 minutes after pickup, through changeOrder (a recorded system event),
 * from the cron handler (wrangler dev runs it on GET /__scheduled; npm start calls it every minute).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { orders } from '../../src/db/schema';
import { Client, signedIn, testDb } from '../support/api';
import { insertCourier, insertOrder } from '../support/factories';
import { PERIODS } from '../support/periods';

const MINUTE = 60_000;
/** Runs the Worker's scheduled handler to completion, as the cron trigger does. */
async function runCron(): Promise<void> {
  const response = await new Client().get('/__scheduled?cron=*+*+*+*+*');
  expect(response.status).toBe(200);
}

const statusOf = async (id: number) => (await testDb().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

/** An order held by a courier, pickup and last change `minutesAgo` in the past. */
async function heldOrder(minutesAgo: number, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const db = testDb();
  const { courier } = await insertCourier(db);
  const then = Date.now() - minutesAgo * MINUTE;
  return insertOrder(db, { status: 'assigned', courierId: courier.id, pickupTime: then, updatedAt: then, courierPayCents: 30_00, ...overrides });
}

describe('missed pickups', () => {
  it('are marked by the cron job as a system event, keeping the courier, and the list shows them', async () => {
    // Delivered on a day of its own, whose list holds it alone (marking goes by the pickup time).
    const { from: day } = PERIODS.missedPickupList;
    const missed = await heldOrder(16, { deliveryTime: Date.parse(`${day}T17:00:00Z`) });
    const confirmed = await heldOrder(20, { status: 'courier_confirmed' });
    const pharmacy = await heldOrder(30, { status: 'awaiting_pharmacy_pickup' });
    await runCron();
    const admin = await signedIn('admin');
    const list = await admin.get(`/admin/orders?status=cancelled&day=${day}`, { 'X-Partial': 'orders' });
    expect(list.status).toBe(200);
    for (const order of [missed, confirmed, pharmacy]) expect(await statusOf(order.id)).toBe('missed_pickup');
    expect(list.text).toContain('Showing 1 orders with status cancelled for ');
    expect(list.text).toMatch(new RegExp(`Missed by [^<]+ \\(courier #${missed.courierId}\\)`));

    const [event] = (await getEvents(testDb(), missed.id)).filter((row) => row.action === 'missed_pickup');
    expect(event).toMatchObject({ actorRole: 'system', actorUserId: null, fromStatus: 'assigned', toStatus: 'missed_pickup', outcome: 'applied' });
    expect(event.detail).toBe(`Courier #${missed.courierId} did not go online within 15 minutes of the pickup time`);
    const [stored] = await testDb().select().from(orders).where(eq(orders.id, missed.id));
    expect(stored.courierId).toBe(missed.courierId);
  });

  it('are not marked too early, once the courier is online, without a courier, or right after a reassignment', async () => {
    const db = testDb();
    const early = await heldOrder(14);
    const online = await heldOrder(40, { goOnlineTime: Date.now() - 50 * MINUTE });
    const unassigned = await insertOrder(db, { status: 'pending_courier', pickupTime: Date.now() - 60 * MINUTE, updatedAt: Date.now() - 60 * MINUTE });
    // Pickup was long ago, but the dispatcher gave it to a courier 5 minutes ago: 10 more minutes to go online.
    const reassigned = await heldOrder(5, { pickupTime: Date.now() - 60 * MINUTE });
    const moving = await heldOrder(40, { status: 'courier_on_way_to_pickup', goOnlineTime: null });
    await runCron();
    expect(await statusOf(early.id)).toBe('assigned');
    expect(await statusOf(online.id)).toBe('assigned');
    expect(await statusOf(unassigned.id)).toBe('pending_courier');
    expect(await statusOf(reassigned.id)).toBe('assigned');
    expect(await statusOf(moving.id)).toBe('courier_on_way_to_pickup');
  });

  it('are never written by reading the orders list', async () => {
    const order = await heldOrder(25);
    await (await signedIn('admin')).get('/admin/orders', { 'X-Partial': 'orders' });
    expect(await statusOf(order.id)).toBe('assigned');
    await runCron();
    expect(await statusOf(order.id)).toBe('missed_pickup');
  });
});
