/**
 * The dispatch board's regions on Orders Management (issue 29, W9): the queue of what needs a
 * person, the couriers beside it, the map, and the assign dialog alerts open. The queue and the couriers are polled with the
 * list and hold still under the hand; the map follows live positions on its own.
 */
import type { Context } from 'hono';
import type { RequestUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { findCourier } from '../../db/couriers';
import { boardCouriers } from '../../db/dispatchBoard';
import { findVisibleOrder } from '../../db/orders/access';
import { canAdminAssign } from '../../domain/orderStatus';
import type { AssignPayload } from '../../shared/assignPayload';
import { assignPayloadOf } from '../../views/admin/OrdersTable';
import { dispatchQueue } from '../../db/dispatchQueue';
import { minuteBucket, versionTag } from '../../db/versions';
import type { AppEnv } from '../../env';
import { serviceToday } from '../../http/courier';
import { CourierBoard } from '../../views/admin/CourierBoard';
import { DispatchQueue } from '../../views/admin/DispatchQueue';
import { openMapConfig } from '../../views/assets';
import { Island } from '../../views/Island';
import type { PartialSpec, Regions } from '../../views/render';

const loadFailed = (what: string) => (
  <p role="alert" className="card p-3 text-sm text-red-700">
    {`Error loading ${what}`}
  </p>
);

/** What the Assign dialog opens with for an alert's order, or null once it cannot be assigned. */
async function assignPayloadFor(db: Db, user: RequestUser, orderId: number): Promise<AssignPayload | null> {
  const order = await findVisibleOrder(db, user, orderId);
  if (!order || !canAdminAssign(order.status)) return null;
  const courier = order.courierId == null ? undefined : await findCourier(db, order.courierId);
  return assignPayloadOf(order, courier?.user.name);
}

/**
 * The assign dialog: one island for every row; it asks the server for the couriers to suggest.
 * An alert's link (?assign=<id>) opens it on that order.
 */
export function assignRegion(db: Db, user: RequestUser, assignId: number | undefined): PartialSpec {
  return {
    render: async () => <Island name="AssignOrderDialog" props={{ open: assignId ? await assignPayloadFor(db, user, assignId) : null }} />,
    fallback: null,
  };
}

export function dispatchBoardRegions(c: Context<AppEnv>, poll: number, zoneId: number | null): Regions {
  const db = c.var.db;
  const queue: PartialSpec = {
    hold: true,
    poll,
    // Restaurants: where each pickup is, for the map.
    etag: () => versionTag(db, ['orders', 'users', 'couriers', 'restaurants', 'zones'], 'admin-queue', minuteBucket(), zoneId),
    render: async () => {
      const now = Date.now();
      const { rows, total, zones } = await dispatchQueue(db, now, { zoneId });
      return <DispatchQueue rows={rows} total={total} zones={zones} zoneId={zoneId} now={now} />;
    },
    fallback: <p className="card p-3 text-sm text-slate-500">Loading...</p>,
    error: loadFailed('the queue'),
  };
  const board: PartialSpec = {
    hold: true,
    poll,
    // The day: documents expire with it.
    etag: () => versionTag(db, ['orders', 'users', 'couriers', 'zones'], 'admin-board', minuteBucket(), serviceToday(c), zoneId),
    render: async () => <CourierBoard board={await boardCouriers(db, zoneId)} now={Date.now()} today={serviceToday(c)} />,
    fallback: <p className="card p-3 text-sm text-slate-500">Loading couriers...</p>,
    error: loadFailed('couriers'),
  };
  const map: PartialSpec = {
    render: async () => <Island name="DispatchMap" props={{ mapsApiKey: c.env.MAPS_API_KEY || null, openMap: openMapConfig(c.env) }} />,
    fallback: null,
  };
  return { queue, board, map };
}
