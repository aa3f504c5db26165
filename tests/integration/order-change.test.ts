/** changeOrder: compare-and-set with its history, in one transaction (src/db/orders/change.ts). */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeOrder, isRepeat } from '../../src/db/orders/change';
import { getEvents } from '../../src/db/orders/read';
import { orders } from '../../src/db/schema';
import { testDb } from '../support/api';
import { insertCourier, insertOrder } from '../support/factories';

const system = { userId: null, role: 'system' as const };
const courier = { userId: null, role: 'courier' as const };
const admin = { userId: null, role: 'admin' as const };

describe('changeOrder', () => {
  it('lets exactly one of 20 simultaneous accepts win, and records all 20 attempts', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'pending_courier' });
    // Set up one by one (the test's own writes are not what is raced); then all 20 at once.
    const courierIds: number[] = [];
    for (let i = 0; i < 20; i++) courierIds.push((await insertCourier(db)).courier.id);
    const accept = (courierId: number) =>
      changeOrder(db, {
        orderId: order.id,
        from: ['pending_courier'],
        to: 'courier_confirmed',
        set: { courierId },
        where: isNull(orders.courierId),
        alreadyDone: and(eq(orders.status, 'courier_confirmed'), eq(orders.courierId, courierId)),
        actor: courier,
        action: 'accept',
      });
    const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => accept(courierIds[i])));
    const winners = attempts.filter((attempt) => attempt.applied);
    expect(winners).toHaveLength(1);
    for (const attempt of attempts) expect(attempt.order?.courierId).toBe(winners[0].order!.courierId);
    const events = (await getEvents(db, order.id)).filter((event) => event.action === 'accept');
    expect(events).toHaveLength(20);
    expect(events.filter((event) => event.outcome === 'applied')).toHaveLength(1);
    expect(events.filter((event) => event.outcome === 'refused')).toHaveLength(19);

    // The winner's own retry is a repeat: answered as done, not recorded again.
    const retry = await accept(winners[0].order!.courierId!);
    expect(isRepeat(retry, 'courier_confirmed', (current) => current.courierId === winners[0].order!.courierId)).toBe(true);
    expect((await getEvents(db, order.id)).filter((event) => event.action === 'accept')).toHaveLength(20);
  });

  it('applies a repeated step once and does not record the repeat', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'courier_confirmed' });
    const step = {
      orderId: order.id,
      from: ['courier_confirmed', 'assigned'] as const,
      to: 'courier_on_way_to_pickup' as const,
      actor: courier,
      action: 'status',
    };
    const first = await changeOrder(db, step);
    expect(first.applied).toBe(true);
    expect(first.order!.goOnlineTime).toBeTypeOf('number');
    const again = await changeOrder(db, step);
    expect(again.applied).toBe(false);
    expect(isRepeat(again, 'courier_on_way_to_pickup')).toBe(true);
    expect(again.order!.goOnlineTime).toBe(first.order!.goOnlineTime);
    expect((await getEvents(db, order.id)).filter((event) => event.action === 'status')).toHaveLength(1);
  });

  it('writes no move the status graph lacks for its actor: refused and recorded (TRANSITIONS)', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'arrived_at_customer' });
    const forged = await changeOrder(db, { orderId: order.id, from: ['arrived_at_customer'], to: 'delivered', actor: system, action: 'status' });
    expect(forged.applied).toBe(false);
    expect(forged.order!.status).toBe('arrived_at_customer');
    expect((await getEvents(db, order.id)).at(-1)).toMatchObject({ outcome: 'refused', toStatus: 'delivered', actorRole: 'system' });
  });

  it('refuses a step from the wrong status, records it, and changes nothing', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'delivered' });
    const result = await changeOrder(db, {
      orderId: order.id,
      from: ['new', 'assigned'],
      to: 'cancelled',
      set: { courierId: null },
      actor: admin,
      action: 'cancel',
    });
    expect(result.applied).toBe(false);
    expect(result.order!.status).toBe('delivered');
    expect(result.order!.updatedAt).toBe(order.updatedAt);
    const [event] = (await getEvents(db, order.id)).filter((row) => row.action === 'cancel');
    expect(event).toMatchObject({ outcome: 'refused', fromStatus: 'delivered', toStatus: 'cancelled' });
  });

  it('keeps the first time of a milestone when a status is entered again', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'arrived_at_customer', onWayToCustomerTime: 1_800_000_000_000 });
    const back = await changeOrder(db, { orderId: order.id, from: ['arrived_at_customer'], to: 'on_way_to_customer', actor: courier, action: 'status' });
    expect(back.applied).toBe(true);
    expect(back.order!.onWayToCustomerTime).toBe(1_800_000_000_000);
    const done = await changeOrder(db, { orderId: order.id, from: ['on_way_to_customer'], to: 'arrived_at_customer', actor: courier, action: 'status' });
    expect(done.order!.arrivedAtCustomerTime).toBeTypeOf('number');
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.status).toBe('arrived_at_customer');
  });

  it('edits without a status change when no target is given', async () => {
    const db = testDb();
    const order = await insertOrder(db, { status: 'new' });
    const edit = await changeOrder(db, { orderId: order.id, from: ['new'], set: { customerName: 'Edited Name' }, actor: system, action: 'edit' });
    expect(edit.applied).toBe(true);
    expect(edit.order).toMatchObject({ status: 'new', customerName: 'Edited Name' });
    const [event] = (await getEvents(db, order.id)).filter((row) => row.action === 'edit');
    expect(event).toMatchObject({ fromStatus: 'new', toStatus: 'new', outcome: 'applied' });
  });
});
