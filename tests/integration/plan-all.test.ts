/**
 * Plan all (issue 30): a zone's open orders planned on its couriers by the autopilot's engine,
 * reviewed on one page, confirmed in one click; what changed meanwhile is counted, not forced.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { courierPay } from '../../src/domain/fees';
import { signedIn, testDb } from '../support/api';
import { insertBusiness, insertCourier, insertOrder, insertZone } from '../support/factories';

const MINUTE = 60_000;

describe('plan all (issue 30)', () => {
  it('plans every open order of the zone, trips from one pickup together, and confirms the plan in one click', async () => {
    const db = testDb();
    const now = Date.now();
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const at = (milesNorth: number) => ({
      courierLatitude: 27.9427 + milesNorth / 69,
      courierLongitude: -82.4497,
      lastLocationUpdateTime: now,
      zoneId: zone.id,
    });
    const near = await insertCourier(db, at(0.2));
    const far = await insertCourier(db, at(3));
    const order = (readyIn: number, north: number) =>
      insertOrder(db, {
        business: business.username,
        status: 'new',
        pickupTime: now + readyIn * MINUTE,
        deliveryTime: now + (readyIn + 40) * MINUTE,
        customerLatitude: 27.9427 + north / 69,
        customerLongitude: -82.4497,
        deliveryFeeCents: 900,
        tipCents: 300,
      });
    const planned = [await order(20, 1), await order(22, 1.2), await order(120, -2)];
    const elsewhere = await insertOrder(db, { status: 'new', pickupTime: now + 20 * MINUTE });

    const admin = await signedIn('admin');
    const page = await admin.get(`/admin/plan?zone=${zone.id}`, { 'X-Partial': 'plan' });
    expect(page.status).toBe(200);
    for (const { id } of planned) expect(page.text).toContain(`data-plan-order-id="${id}"`);
    expect(page.text).not.toContain(`data-plan-order-id="${elsewhere.id}"`);
    expect(page.text).toContain('3 orders to');
    // The two orders ready together from one pickup go as one trip.
    expect(page.text).toContain(`One trip with #${planned[1].orderNumber}`);
    const body = JSON.parse(/data-body="([^"]+)"/.exec(page.text)![1].replaceAll('&quot;', '"')) as {
      assignments: Array<{ orderId: number; courierId: number }>;
    };
    expect(body.assignments.map((assignment) => assignment.orderId).sort()).toEqual(planned.map(({ id }) => id).sort());
    expect(body.assignments.every((assignment) => [near.courier.id, far.courier.id].includes(assignment.courierId))).toBe(true);

    const confirmed = await admin.post(`/api/zones/${zone.id}/plan`, body);
    expect(confirmed.body).toEqual({ assigned: 3, changed: 0 });
    const rows = await db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          planned.map(({ id }) => id),
        ),
      );
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'assigned', courierPayCents: courierPay(900, 300) });
      expect(row.courierId).toBe(body.assignments.find((assignment) => assignment.orderId === row.id)!.courierId);
    }
    // Confirmed twice, or planned on stale data: nothing is forced.
    expect((await admin.post(`/api/zones/${zone.id}/plan`, body)).body).toEqual({ assigned: 0, changed: 3 });
    // A courier of another zone is never given the zone's order.
    const stranger = await insertCourier(db);
    const fresh = await order(30, 1);
    expect(
      (await admin.post(`/api/zones/${zone.id}/plan`, { assignments: [{ orderId: fresh.id, courierId: stranger.courier.id, reason: 'x' }] })).body,
    ).toEqual({
      assigned: 0,
      changed: 1,
    });
    expect((await db.select().from(orders).where(eq(orders.id, fresh.id)))[0].status).toBe('new');
  });
});
