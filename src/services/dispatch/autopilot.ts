/**
 * One pass of a zone's autopilot (issue 30, decision W12), run by the zone's Durable Object
 * (src/durable-objects/ZoneAutopilot.ts), one at a time per zone: read the zone (one round
 * trip), decide (src/domain/autopilot/zoneTick.ts), write every decision with its order's
 * change and history (one transaction), then tell the couriers' phones and the dispatchers.
 * Answers when the zone must be looked at again.
 */
import { applyDecisions, autopilotOrders, autopilotZoneIds, autopilotZonesOf, readZone, type ZoneRead } from '../../db/autopilot';
import type { Db } from '../../db/client';
import type { RouteStop } from '../../domain/autopilot/route';
import { zoneTick, type ZoneCourier, type ZoneOrder, type ZoneSnapshot } from '../../domain/autopilot/zoneTick';
import { courierPay } from '../../domain/fees';
import type { LatLng } from '../../domain/geo';
import { gpsFreshness } from '../../domain/indicators';
import { BEFORE_PICKUP_STATUSES } from '../../domain/orderStatus';
import { DEFAULT_TIME_ZONE, dayIn, dayRange } from '../../domain/time';
import type { Env } from '../../env';
import { zoneAutopilot } from '../../durable-objects/names';
import { notifyCouriers } from '../../events/courierPush';
import { alertDispatchers, alertOrderOf } from './alerts';

/** A decision refused because the order moved meanwhile is made again this soon, on a fresh read. */
const RETRY_STALE_MS = 1000;

type OrderRow = ZoneRead['held'][number];

const point = (lat: number | null, lng: number | null): LatLng | null => (lat != null && lng != null ? { lat, lng } : null);

/** The order's stops ahead: its pickup unless behind it, then its drops (its route's stops, or its customer). */
function stopsOf(order: OrderRow, stops: ZoneRead['stops'], withPickup: boolean): RouteStop[] | null {
  const orderIds = [order.id];
  const own = stops.filter((stop) => stop.orderId === order.id);
  const drops = own.length
    ? own.map((stop) => ({ point: point(stop.latitude, stop.longitude), at: stop.deliverBy ?? order.deliveryTime }))
    : [{ point: point(order.customerLatitude, order.customerLongitude), at: order.deliveryTime }];
  const pickup = point(order.pickupLatitude, order.pickupLongitude);
  if (drops.some((drop) => !drop.point) || (withPickup && !pickup)) return null;
  return [
    ...(withPickup ? [{ orderIds, kind: 'pickup' as const, point: pickup!, at: order.pickupTime }] : []),
    ...drops.map((drop) => ({ orderIds, kind: 'drop' as const, point: drop.point!, at: drop.at })),
  ];
}

/** The zone as the engine reads it. */
export function snapshotOf(read: ZoneRead, now: number): ZoneSnapshot {
  const refusedBy = new Map<number, number[]>();
  for (const { orderId, courierId } of read.declines) refusedBy.set(orderId, [...(refusedBy.get(orderId) ?? []), courierId]);
  const orders: ZoneOrder[] = read.playing.map((row) => {
    const stops = stopsOf(row, read.stops, true);
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      courierId: row.courierId,
      job: stops && {
        orderIds: [row.id],
        stops,
        requiredVehicleTypes: row.requiredVehicleTypes,
        missedBy: row.status === 'missed_pickup' ? row.courierId : null,
        declinedBy: refusedBy.get(row.id) ?? [],
      },
      cascade: row.cascade?.phase ? { ...row.cascade, tried: row.cascade.tried ?? [] } : null,
    };
  });
  const couriers: ZoneCourier[] = read.couriers.map(({ latitude, longitude, lastLocationAt, deliveredToday, ...courier }) => {
    const held = read.held.filter((order) => order.courierId === courier.id);
    return {
      ...courier,
      online: gpsFreshness(lastLocationAt, now) === 'online',
      position: point(latitude, longitude),
      route: held.flatMap((order) => stopsOf(order, read.stops, BEFORE_PICKUP_STATUSES.has(order.status)) ?? []),
      heldOrders: held.length,
      deliveredToday: Number(deliveredToday),
    };
  });
  const zone = read.zone!;
  return { settings: { ...zone.settings, mode: zone.mode }, paused: zone.paused || !zone.isActive, orders, couriers };
}

/** Wakes the autopilot of each zone an order change concerns (the write's middleware, in the background). */
export async function wakeAutopilotsOf(env: Env, db: Db, changed: { orderIds: number[]; stopIds: number[] }): Promise<void> {
  const zoneIds = await autopilotZonesOf(db, changed.orderIds, changed.stopIds);
  await Promise.all(zoneIds.map((zoneId) => zoneAutopilot(env, zoneId).wake(zoneId)));
}

/** Wakes every running autopilot (the cron, each minute): a wake lost on the way costs a minute at most. */
export async function wakeAllAutopilots(env: Env, db: Db): Promise<void> {
  const zoneIds = await autopilotZoneIds(db);
  await Promise.all(zoneIds.map((zoneId) => zoneAutopilot(env, zoneId).wake(zoneId)));
}

/** Runs the zone's autopilot once; answers when to run it again (null: nothing to wait for). */
export async function runZoneAutopilot(env: Env, db: Db, zoneId: number, now = Date.now()): Promise<number | null> {
  const timeZone = env.SERVICE_TIME_ZONE || DEFAULT_TIME_ZONE;
  const today = dayIn(timeZone, now);
  const read = await readZone(db, zoneId, dayRange(today, timeZone).start, autopilotOrders(zoneId, now));
  if (!read.zone) return null;
  const { decisions, wakeAt } = zoneTick(snapshotOf(read, now), now, today);
  if (!decisions.length) return wakeAt;
  const pay = new Map(read.playing.map((row) => [row.id, row.courierPayCents ?? courierPay(row.deliveryFeeCents, row.tipCents)]));
  const outcomes = await applyDecisions(db, zoneId, decisions, pay, now);
  const applied = decisions.filter((_, index) => outcomes[index].applied);
  const changed = applied.filter((decision) => decision.change).map((decision) => decision.orderId);
  await Promise.all([
    changed.length
      ? notifyCouriers(env, db, { orderIds: changed, stopIds: [] }).catch((error: Error) =>
          console.error('courier push failed; phones will poll', error.message),
        )
      : null,
    ...decisions.map((decision, index) => {
      const { applied: done, order } = outcomes[index];
      return done && decision.alert && order
        ? alertDispatchers(env, { type: 'alert', kind: 'autopilot_stuck', reason: decision.alert, ...alertOrderOf(order) })
        : null;
    }),
  ]);
  return applied.length < decisions.length ? now + RETRY_STALE_MS : wakeAt;
}
