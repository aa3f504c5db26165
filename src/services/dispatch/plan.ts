/**
 * Plan all (issue 30, decisions W11, W12): every open order of a zone to a courier at once, by
 * the autopilot's engine, for the dispatcher to review on one screen and confirm in one click.
 * The plan is read and made in one round trip; confirming it is one transaction in which each
 * order is assigned only if nobody took it meanwhile and its courier may still take work.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { openOrders, PLANNED_STATUSES, readZone } from '../../db/autopilot';
import type { Db } from '../../db/client';
import { changeOrders, type Actor } from '../../db/orders/change';
import { couriers, orders, users } from '../../db/schema';
import { planZone, type ZonePlan } from '../../domain/autopilot/plan';
import { QUEUE_WINDOW_HOURS } from '../../domain/dispatchQueue';
import { DEFAULT_TIME_ZONE, dayIn, dayRange } from '../../domain/time';
import { snapshotOf } from './autopilot';

export interface PlannedOrder {
  id: number;
  orderNumber: string;
  restaurantName: string;
  pickupTime: number;
}

export interface ZonePlanView extends ZonePlan {
  /** The orders the plan names, by id. */
  orders: ReadonlyMap<number, PlannedOrder>;
}

/** The zone's open orders (picked up within the queue's window) planned on the couriers as they are now. */
export async function planOpenOrders(db: Db, zoneId: number, timeZone = DEFAULT_TIME_ZONE, now = Date.now()): Promise<ZonePlanView> {
  const today = dayIn(timeZone, now);
  const read = await readZone(db, zoneId, dayRange(today, timeZone).start, openOrders(zoneId, now + QUEUE_WINDOW_HOURS * 3_600_000));
  const snapshot = snapshotOf(read, now);
  const jobs = snapshot.orders.flatMap((order) => (order.job ? [order.job] : []));
  const plan = planZone(jobs, snapshot.couriers, { now, today, maxLoad: snapshot.settings.maxLoad, batching: snapshot.settings.batching });
  const unlocated = snapshot.orders.filter((order) => !order.job);
  return {
    ...plan,
    unplanned: [
      ...plan.unplanned,
      ...unlocated.map((order) => ({
        job: { orderIds: [order.id], stops: [], requiredVehicleTypes: [], missedBy: null, declinedBy: [] },
        why: 'the pickup or the customer has no location',
      })),
    ],
    orders: new Map(
      read.playing.map((row) => [row.id, { id: row.id, orderNumber: row.orderNumber, restaurantName: row.restaurantName, pickupTime: row.pickupTime }]),
    ),
  };
}

/** What the dispatcher confirms: each order to its courier, with the reason the plan gave. */
export interface PlanAssignment {
  orderId: number;
  courierId: number;
  reason: string;
}

/**
 * Assigns the plan's orders in one transaction. Each applies only if the order is still open
 * and unheld and its courier is active in the zone; the pay is the one the order carries, else
 * its fee and tip (courierPay, as the autopilot pays). Answers how many were assigned.
 */
export async function confirmPlan(
  db: Db,
  zoneId: number,
  assignments: readonly PlanAssignment[],
  actor: Actor,
): Promise<{ assigned: number; changed: number }> {
  if (!assignments.length) return { assigned: 0, changed: 0 };
  const { outcomes } = await changeOrders(
    db,
    assignments.map(({ orderId, courierId, reason }) => ({
      orderId,
      from: [...PLANNED_STATUSES],
      to: 'assigned' as const,
      set: {
        courierId,
        offerExpiresAt: null,
        // courierPay(fee, tip) in SQL: tests/integration/plan-all.test.ts holds the two together.
        courierPayCents: sql`coalesce(${orders.courierPayCents}, ${orders.deliveryFeeCents} + ${orders.tipCents})`,
      },
      where: and(
        isNull(orders.courierId),
        sql`${orders.restaurantId} in (select id from restaurants where zone_id = ${zoneId})`,
        sql`exists (select 1 from ${couriers} join ${users} on ${users.id} = ${couriers.userId} where ${couriers.id} = ${courierId} and ${couriers.zoneId} = ${zoneId} and ${eq(users.isActive, true)})`,
      ),
      actor,
      action: 'assign',
      detail: `Assigned by the zone's plan: ${reason}`,
    })),
  );
  const assigned = outcomes.filter((outcome) => outcome.applied).length;
  return { assigned, changed: assignments.length - assigned };
}
