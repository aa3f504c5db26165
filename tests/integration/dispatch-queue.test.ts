/**
 * The dispatcher's queue (issue 29, W9): its SQL finds exactly the orders `queueReason` says
 * need a person, and the Orders page shows them above the list, one line each with its action.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatchQueue, needsPerson } from '../../src/db/dispatchQueue';
import { dispatchCascades, orders, zones } from '../../src/db/schema';
import { OFFER_UNANSWERED_MINUTES, QUEUE_WINDOW_HOURS, queueReason } from '../../src/domain/dispatchQueue';
import { AT_RISK_MINUTES, compareForBoard } from '../../src/domain/dispatch';
import { ORDER_STATUSES } from '../../src/domain/orderStatus';
import { queryPlan, signedIn, testDb, unique } from '../support/api';
import { insertBusiness, insertCourier, insertOrder, insertOrders, insertZone } from '../support/factories';
import { notificationCounts } from '../../src/db/dashboard';
import { boardCouriers } from '../../src/db/dispatchBoard';

const MINUTE = 60_000;

describe('the dispatch queue', () => {
  it('reads in SQL exactly the orders queueReason picks, at every status and around every threshold', async () => {
    const db = testDb();
    const now = Date.now();
    // Each status at times on both sides of each threshold, failed or not.
    const pickups = [
      -QUEUE_WINDOW_HOURS * 60 - 90,
      -QUEUE_WINDOW_HOURS * 60 - 30,
      -20,
      AT_RISK_MINUTES - 1,
      AT_RISK_MINUTES + 1,
      180,
      QUEUE_WINDOW_HOURS * 60 + 1,
    ]; // minutes
    const changes = [-(OFFER_UNANSWERED_MINUTES + 1), -(OFFER_UNANSWERED_MINUTES - 1)];
    const fields = ORDER_STATUSES.flatMap((status) =>
      pickups.flatMap((pickup) =>
        changes.flatMap((change) =>
          [null, now - 5 * MINUTE].map((deliveryFailedAt) => ({
            status,
            pickupTime: now + pickup * MINUTE,
            deliveryTime: now + (pickup + 60) * MINUTE,
            updatedAt: now + change * MINUTE,
            deliveryFailedAt,
          })),
        ),
      ),
    );
    const made = await insertOrders(db, 'bistro', fields);
    const ids = made.map((order) => order.id);
    const picked = await db
      .select({ id: orders.id })
      .from(orders)
      .where(needsPerson(now))
      .then((rows) => new Set(rows.map((row) => row.id).filter((id) => ids.includes(id))));
    // The demo zone is dispatched by a person: the autopilot's part is checked below.
    const expected = made.filter((order) => queueReason({ ...order, autopilot: null }, now) !== null).map((order) => order.id);
    expect([...picked].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // Every reason occurs, so the comparison covers each branch.
    expect(new Set(made.map((order) => queueReason({ ...order, autopilot: null }, now)))).toEqual(
      new Set([null, 'delivery_failed', 'missed', 'declined', 'unassigned', 'offer_unanswered', 'at_risk']),
    );
    await db.delete(orders).where(inArray(orders.id, ids));

    // However many orders there are: the few failed ones from their partial index, the rest by status and delivery time.
    const plan = await queryPlan(db.select({ id: orders.id }).from(orders).where(needsPerson(now)).orderBy(orders.pickupTime).limit(50));
    expect(plan).toMatch(/SEARCH orders USING INDEX orders_delivery_failed_idx/);
    expect(plan).toMatch(/SEARCH orders USING (COVERING )?INDEX orders_status_delivery_idx \(status=\? AND delivery_time>\?\)/);
    expect(plan).not.toMatch(/SCAN orders\b/);
  });

  it('counts on the bell the orders given back, missed and failed, as the queue finds them, each linking to the queue', async () => {
    const db = testDb();
    const now = Date.now();
    const soon = { pickupTime: now + 20 * MINUTE, deliveryTime: now + 80 * MINUTE };
    const before = await notificationCounts(db, now);
    const made = await insertOrders(db, 'bistro', [
      { ...soon, status: 'courier_rejected' },
      { ...soon, status: 'missed_pickup' },
      { ...soon, status: 'missed_pickup' },
      { ...soon, status: 'on_way_to_customer', deliveryFailedAt: now - MINUTE },
    ]);
    const after = await notificationCounts(db, now);
    const bell = await (await signedIn('admin')).get('/admin/orders', { 'X-Partial': 'notifications' });
    await db.delete(orders).where(
      inArray(
        orders.id,
        made.map((order) => order.id),
      ),
    );
    // Other suites add orders meanwhile, never take ours away.
    expect(after.declined - before.declined).toBeGreaterThanOrEqual(1);
    expect(after.missed - before.missed).toBeGreaterThanOrEqual(2);
    expect(after.failed - before.failed).toBeGreaterThanOrEqual(1);
    for (const label of ['Given back by the courier', 'Missed pickups', 'Failed deliveries'])
      expect(bell.text).toMatch(new RegExp(`href="/admin/orders#needs-person"[^>]*>${label}<`));
  });

  it('leaves to the zone autopilot what it is dispatching, and raises what it could not place', async () => {
    const db = testDb();
    const now = Date.now();
    const zone = await insertZone(db);
    await db.update(zones).set({ dispatchMode: 'auto_offer' }).where(eq(zones.id, zone.id));
    const business = await insertBusiness(db, { zoneId: zone.id });
    const { courier } = await insertCourier(db, { zoneId: zone.id });
    const at = (minutes: number) => ({ business: business.username, pickupTime: now + minutes * MINUTE, deliveryTime: now + (minutes + 45) * MINUTE });
    const waiting = await insertOrder(db, { ...at(60), status: 'new' });
    const offered = await insertOrder(db, { ...at(90), status: 'assigned', courierId: courier.id });
    const offeredLate = await insertOrder(db, { ...at(5), status: 'assigned', courierId: courier.id });
    const stuck = await insertOrder(db, { ...at(40), status: 'pending_courier' });
    const cascade = (orderId: number, phase: 'single' | 'needs_person') => ({
      orderId,
      zoneId: zone.id,
      phase,
      courierId: phase === 'single' ? courier.id : null,
    });
    await db.insert(dispatchCascades).values([cascade(offered.id, 'single'), cascade(offeredLate.id, 'single'), cascade(stuck.id, 'needs_person')]);
    const { rows } = await dispatchQueue(db, now, { zoneId: zone.id });
    expect(rows.map((row) => [row.order.id, row.reason])).toEqual([
      [offeredLate.id, 'at_risk'],
      [stuck.id, 'autopilot_stuck'],
    ]);
    // Paused, the zone's new order waits for a person again.
    await db.update(zones).set({ autopilotPaused: true }).where(eq(zones.id, zone.id));
    expect((await dispatchQueue(db, now, { zoneId: zone.id })).rows.map((row) => row.order.id)).toContain(waiting.id);
    await db.delete(orders).where(inArray(orders.id, [waiting.id, offered.id, offeredLate.id, stuck.id]));
  });

  it('lists the couriers who can take work soonest, ranked in SQL as compareForBoard ranks them, and counts the rest', async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const now = Date.now();
    const seen = [now - MINUTE, now - 2 * MINUTE, now - 10 * MINUTE, null, now - 3 * 60 * MINUTE, now - 30 * 1000];
    const made = await Promise.all(seen.map((at) => insertCourier(db, { zoneId: zone.id, lastLocationUpdateTime: at })));
    // The first courier online holds two orders, the last one: load ranks them after the idle.
    for (const [index, count] of [
      [0, 2],
      [5, 1],
    ] as const)
      await insertOrders(
        db,
        business.username,
        Array.from({ length: count }, () => ({ courierId: made[index].courier.id, status: 'assigned' as const })),
      );
    const everyone = await boardCouriers(db, zone.id, now);
    expect(everyone).toMatchObject({ active: 6, online: 3 });
    const ranked = [...everyone.couriers].sort((a, b) => compareForBoard(a, b, now)).map((courier) => courier.id);
    expect(ranked.slice(0, 3)).toEqual([made[1], made[5], made[0]].map((m) => m.courier.id));
    for (let limit = 1; limit <= 6; limit++) {
      const board = await boardCouriers(db, zone.id, now, limit);
      expect(board.couriers.map((courier) => courier.id).sort(), `limit ${limit}`).toEqual(ranked.slice(0, limit).sort());
      expect(board.active).toBe(6);
    }
    expect((await boardCouriers(db, zone.id, now, 1)).couriers[0].held).toEqual([]);
    expect((await boardCouriers(db, zone.id, now, 3)).couriers.find((courier) => courier.id === made[0].courier.id)!.held).toHaveLength(2);
  });

  it('narrows to the zone the dispatcher works, the couriers beside it too', async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const ours = await insertOrder(db, { business: business.username, status: 'new', pickupTime: Date.now() + 20 * MINUTE });
    const elsewhere = await insertOrder(db, { status: 'new', pickupTime: Date.now() + 20 * MINUTE });
    const { courier } = await insertCourier(db, { zoneId: zone.id });
    const { rows, total, zones } = await dispatchQueue(db, Date.now(), { zoneId: zone.id });
    expect(rows.map((row) => row.order.id)).toEqual([ours.id]);
    expect(total).toBe(1);
    expect(zones).toContainEqual({ id: zone.id, name: zone.name });
    expect((await boardCouriers(db, zone.id)).couriers.map((row) => row.id)).toEqual([courier.id]);

    const admin = await signedIn('admin');
    const page = await admin.get(`/admin/orders?zone=${zone.id}`, { 'X-Partial': 'queue' });
    expect(page.text).toContain(`data-queue-order-id="${ours.id}"`);
    expect(page.text).not.toContain(`data-queue-order-id="${elsewhere.id}"`);
    expect(page.text).toMatch(new RegExp(`<option value="${zone.id}" selected="">${zone.name}</option>`));
    // "All zones" sends an empty zone: the whole queue, not a refusal.
    const all = await admin.get('/admin/orders?zone=', { 'X-Partial': 'queue' });
    expect(all.status).toBe(200);
    expect(all.text).toContain('<option value="" selected="">All zones</option>');
    await db.delete(orders).where(inArray(orders.id, [ours.id, elsewhere.id]));
  });

  it('puts the most pressing pickup first, with its reason and the courier who declined or missed it', async () => {
    const db = testDb();
    const now = Date.now();
    // A zone of its own: other suites' orders never come between these.
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const { courier, user } = await insertCourier(db, { zoneId: zone.id });
    const restaurantName = unique('Queue Kitchen ');
    const at = (minutes: number) => ({
      business: business.username,
      restaurantName,
      pickupTime: now + minutes * MINUTE,
      deliveryTime: now + (minutes + 45) * MINUTE,
    });
    const missed = await insertOrder(db, { ...at(-10), status: 'missed_pickup', courierId: courier.id });
    const declined = await insertOrder(db, { ...at(5), status: 'courier_rejected' });
    const fresh = await insertOrder(db, { ...at(6), status: 'new' });
    const { rows, total } = await dispatchQueue(db, now, { zoneId: zone.id, limit: 2 });
    expect(rows.map((row) => [row.order.id, row.reason])).toEqual([
      [missed.id, 'missed'],
      [declined.id, 'declined'],
    ]);
    expect(total).toBe(3);

    const page = await (await signedIn('admin')).get(`/admin/orders?zone=${zone.id}`, { 'X-Partial': 'queue' });
    expect(page.status).toBe(200);
    const row = (id: number) => page.text.match(new RegExp(`<tr[^>]*data-queue-order-id="${id}"[^>]*>([\\s\\S]*?)</tr>`))?.[1] ?? '';
    expect(row(declined.id)).toContain('Declined');
    expect(row(declined.id)).toContain(`aria-label="Assign order #${declined.orderNumber}"`);
    expect(row(declined.id)).toContain('Reassign');
    expect(row(fresh.id)).toContain('Unassigned');
    expect(row(fresh.id)).toContain(restaurantName);
    expect(row(missed.id)).toContain('Missed pickup');
    expect(row(missed.id)).toContain(user.name);
    expect(page.text).toContain('data-hold');
    await db.delete(orders).where(inArray(orders.id, [declined.id, fresh.id, missed.id]));
  });
});
