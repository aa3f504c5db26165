/**
 * Every change to an order goes through changeOrder: a compare-and-set on the order's
 * status (and any extra condition, such as "this courier holds it"), with the attempt
 * recorded in order_events, in one write transaction (one batch, one round trip).
 *
 * Two parties acting at once (an admin cancelling while the courier goes online, twenty
 * couriers accepting one offer) cannot both win: the second finds the status moved, its
 * attempt is recorded as refused, and the caller answers 409 with the order as it is now.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { COMPLETED_STATUSES, MILESTONES, mayTransition, type OrderStatus } from '../../domain/orderStatus';
import type { Db } from '../client';
import { orderStops, orders, type Order, type OrderStop, type Role } from '../schema';

export interface Actor {
  userId: number | null;
  role: Role | 'system';
}

export interface OrderChange {
  orderId: number;
  /** The statuses the order must be in for the change to apply. */
  from: readonly OrderStatus[];
  /** The new status; omit it for an edit that keeps the status. */
  to?: OrderStatus;
  /** Other columns to write: values, or SQL computed from the row as it is. */
  set?: { [Column in keyof typeof orders.$inferInsert]?: (typeof orders.$inferInsert)[Column] | SQL };
  /** A further condition the order must meet (who holds it, which zone). */
  where?: SQL;
  /**
   * When this change has evidently been made already, so a retry is a repeat rather than
   * a conflict: by default, the order is in `to` and still meets `where`. An accept
   * passes "confirmed and held by me", since after it `where` (no courier yet) no longer holds.
   */
  alreadyDone?: SQL;
  /**
   * Other writes that belong to the change (the stops of a reorder): made in the same
   * transaction after the order's update, each given the change's condition to apply only
   * with it. They must not write what the condition reads.
   */
  alongside?: (condition: SQL) => Array<BatchItem<'sqlite'>>;
  /**
   * Other writes that belong to the change and run just before the order's update, given
   * the change's condition as the order is before it (a step's status change would make
   * it false after): the first stop that sets off with the pickup. They must not write
   * what the condition reads.
   */
  beforeUpdate?: (condition: SQL) => Array<BatchItem<'sqlite'>>;
  actor: Actor;
  /** What was attempted, in the history: 'assign', 'cancel', 'accept', 'status', 'edit'… */
  action: string;
  detail?: string | null;
  now?: number;
  /** When the step happened, if earlier than `now` (a courier's tap that waited offline, decision F7): its milestones and history entry take it; updatedAt stays `now`. */
  at?: number;
  /**
   * Whose orders the change may touch at all (a business's own): outside it nothing is
   * changed, recorded or read back, and the result has no order (the caller answers 404).
   */
  scope?: SQL;
  /** Read the order's stops back in the same transaction, for an answer that shows them. */
  readStops?: boolean;
}

export type ChangeResult = ({ applied: true; order: Order } | { applied: false; order: Order | undefined }) & {
  /** The order's stops after the change, when `readStops` asked for them. */
  stops?: OrderStop[];
};

/** The statements of one change, and how to read its outcome from their results. */
function planChange(db: Db, change: OrderChange) {
  const now = change.now ?? Date.now();
  const at = change.at ?? now;
  const scope = change.scope ?? sql`1`;
  // Only moves the status graph has for this actor can be written (TRANSITIONS); any other is refused and recorded.
  const from = change.to ? change.from.filter((status) => mayTransition(change.actor.role, status, change.to!)) : change.from;
  const guard = and(eq(orders.id, change.orderId), scope, from.length ? inArray(orders.status, [...from]) : sql`0`, change.where)!;
  const target = change.to ?? null;
  const alreadyDone = change.to ? (change.alreadyDone ?? and(eq(orders.status, change.to), change.where)!) : sql`0`;

  const stamps: Record<string, SQL> = {};
  if (change.to) {
    // A milestone keeps its first time; stepping back into a status does not move it.
    for (const field of MILESTONES[change.to] ?? []) stamps[field] = sql`coalesce(${orders[field]}, ${at})`;
    if (COMPLETED_STATUSES.has(change.to)) stamps.completedAt = sql`coalesce(${orders.completedAt}, ${at})`;
  }

  const before = change.beforeUpdate?.(guard) ?? [];
  // The history's entry, the writes before the update, then the update.
  const updateAt = 1 + before.length;
  const statements: Array<BatchItem<'sqlite'>> = [
    // Recorded first, with the same condition the update uses, inside the same
    // transaction: the outcome written is the outcome that happens. A change repeated
    // after it already took effect (an offline retry) is not recorded again.
    db.run(sql`
      insert into order_events (order_id, at, actor_user_id, actor_role, action, from_status, to_status, outcome, detail, from_courier_id)
      select ${orders.id}, ${at}, ${change.actor.userId}, ${change.actor.role}, ${change.action}, ${orders.status},
             coalesce(${target}, ${orders.status}),
             case when ${guard} then 'applied' else 'refused' end, ${change.detail ?? null}, ${orders.courierId}
      from ${orders}
      where ${orders.id} = ${change.orderId} and ${scope} and not (not (${guard}) and ${alreadyDone})`),
    ...before,
    db
      .update(orders)
      .set({ ...change.set, ...(change.to ? { status: change.to } : {}), ...stamps, updatedAt: now })
      .where(guard)
      .returning(),
    ...(change.alongside?.(guard) ?? []),
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, change.orderId), scope)),
    ...(change.readStops ? [db.select().from(orderStops).where(eq(orderStops.orderId, change.orderId)).orderBy(asc(orderStops.sequence))] : []),
  ];
  const outcome = (own: unknown[]): ChangeResult => {
    const updated = own[updateAt] as Order[];
    const stops = change.readStops ? (own.at(-1) as OrderStop[]) : undefined;
    const [current] = own.at(change.readStops ? -2 : -1) as Order[];
    return updated.length > 0 ? { applied: true, order: updated[0], stops } : { applied: false, order: current, stops };
  };
  return { statements, outcome };
}

/**
 * Applies the changes in order, each one or its refusal recorded, in one transaction (one
 * round trip). `companion` is a write that stands or falls with them (a stop's step): it
 * runs first, and a change's `where` can require its effect, so no other request's write
 * can fall between them. A later change can require an earlier one's effect the same way.
 */
export async function changeOrders<Companion = never>(
  db: Db,
  changes: readonly OrderChange[],
  companion?: BatchItem<'sqlite'> & PromiseLike<Companion>,
): Promise<{ outcomes: ChangeResult[]; companion?: Companion }> {
  const plans = changes.map((change) => planChange(db, change));
  const statements = [...(companion ? [companion] : []), ...plans.flatMap((plan) => plan.statements)];
  const results = await db.batch(statements as [BatchItem<'sqlite'>, ...Array<BatchItem<'sqlite'>>]);
  let next = companion ? 1 : 0;
  const outcomes = plans.map((plan) => plan.outcome(results.slice(next, (next += plan.statements.length))));
  return companion ? { outcomes, companion: results[0] as Companion } : { outcomes };
}

/** Applies the change, or records it as refused (changeOrders, for one change). */
export async function changeOrder<Companion = never>(
  db: Db,
  change: OrderChange,
  companion?: BatchItem<'sqlite'> & PromiseLike<Companion>,
): Promise<ChangeResult & { companion?: Companion }> {
  const { outcomes, ...rest } = await changeOrders(db, [change], companion);
  return { ...outcomes[0], ...rest };
}

/**
 * A refused change whose effect is already there: a harmless repeat, answered like a
 * success. `holds` adds what else must be true of the order (the same courier holds it).
 */
export function isRepeat(result: ChangeResult, to: OrderStatus, holds: (order: Order) => boolean = () => true): boolean {
  return !result.applied && result.order?.status === to && holds(result.order);
}
