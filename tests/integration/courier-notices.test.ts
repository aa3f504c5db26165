/**
 * An offer to a zone is pushed to the phones listening there, not to every courier of the zone
 * (decision P31-7): at 1,000,000 orders a zone of 1,700 couriers made each change 1,700 object
 * calls, and a rush of 200 cancellations took 31 s to send.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couriersConcerned } from '../../src/db/courierNotices';
import { couriers, orders } from '../../src/db/schema';
import { testDb } from '../support/api';
import { insertBusiness, insertCourier, insertOrders, insertZone } from '../support/factories';

describe('the couriers an order change concerns', () => {
  it("are, for an offer to the zone, the zone's couriers whose phones listen, and always the order's courier", async () => {
    const db = testDb();
    const zone = await insertZone(db);
    const business = await insertBusiness(db, { zoneId: zone.id });
    const [listening, closed, holder] = await Promise.all([
      insertCourier(db, { zoneId: zone.id, phoneListening: true }),
      insertCourier(db, { zoneId: zone.id }),
      insertCourier(db, { zoneId: zone.id }),
    ]);
    const [offered, held] = await insertOrders(db, business.username, [
      { status: 'pending_courier', zoneId: zone.id },
      { status: 'assigned', courierId: holder.courier.id },
    ]);
    expect(await couriersConcerned(db, [offered.id])).toEqual([{ courierId: listening.courier.id, offer: true }]);
    expect(await couriersConcerned(db, [held.id])).toEqual([{ courierId: holder.courier.id, offer: false }]);

    // A phone that opens its socket is told of the next offer.
    await db.update(couriers).set({ phoneListening: true }).where(eq(couriers.id, closed.courier.id));
    expect((await couriersConcerned(db, [offered.id])).map((notice) => notice.courierId).sort()).toEqual([listening.courier.id, closed.courier.id].sort());
    await db.delete(orders).where(inArray(orders.id, [offered.id, held.id]));
  });
});
