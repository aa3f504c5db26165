/**
 * An admin's changes to courier and business accounts (spec 1-foundations-and-admin.md §7.5 PATCH /api/users/:id):
 * activation and the user fields the dialogs keep in step. A business with unfinished
 * orders cannot be deactivated (spec 1-foundations-and-admin.md §2.10): the rule is part of the update's own
 * condition, so an order placed at the same moment cannot slip past a separate check.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { UserPatch } from '../domain/schemas/accounts';
import type { Db } from './client';
import { couriers, restaurantOrderTotals, restaurants, sessions, users, type User } from './schema';

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The courier record of a courier user; null for anyone else. */
export async function courierIdOfUser(db: Db, userId: number): Promise<number | null> {
  const [courier] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.userId, userId)).limit(1);
  return courier?.id ?? null;
}

/** The courier record of a session's owner; null when it is not a courier's (or not there). */
export async function courierIdOfSession(db: Db, sessionId: string): Promise<number | null> {
  const [courier] = await db
    .select({ id: couriers.id })
    .from(sessions)
    .innerJoin(couriers, eq(couriers.userId, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return courier?.id ?? null;
}

/** The user's business has no order that is neither delivered nor cancelled. */
function hasNoUnfinishedOrders(userId: number): SQL {
  return sql`not exists (select 1 from ${restaurants} join ${restaurantOrderTotals} on ${restaurantOrderTotals.restaurantId} = ${restaurants.id}
    where ${restaurants.userId} = ${userId} and ${restaurantOrderTotals.unfinishedCount} > 0)`;
}

/** What a patch did: the user as saved, or none and the unfinished orders that refused it. */
export type PatchOutcome = { saved: User; unfinished?: undefined } | { saved?: undefined; unfinished: number };

/**
 * Applies the patch, all or nothing, in one round trip. A zone given for a courier or a
 * business is written to its courier or restaurant record too, so the two never disagree.
 * A deactivated account's sessions end in the same transaction. Nothing changes while the
 * business still has unfinished orders: the outcome then says how many.
 */
export async function patchUser(db: Db, user: User, patch: UserPatch): Promise<PatchOutcome> {
  const now = Date.now();
  const allowed = patch.isActive === false && user.role === 'restaurant' ? hasNoUnfinishedOrders(user.id) : undefined;
  const { zoneId } = patch;
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(users.id, user.id), allowed))
      .returning(),
    db
      .select({ count: sql<number>`coalesce(sum(${restaurantOrderTotals.unfinishedCount}), 0)` })
      .from(restaurants)
      .innerJoin(restaurantOrderTotals, eq(restaurantOrderTotals.restaurantId, restaurants.id))
      .where(eq(restaurants.userId, user.id)),
  ];
  if (zoneId !== undefined && user.role === 'courier') {
    statements.push(
      db
        .update(couriers)
        .set({ zoneId, updatedAt: now })
        .where(and(eq(couriers.userId, user.id), allowed)),
    );
  }
  if (zoneId !== undefined && user.role === 'restaurant') {
    statements.push(
      db
        .update(restaurants)
        .set({ zoneId, updatedAt: now })
        .where(and(eq(restaurants.userId, user.id), allowed)),
    );
  }
  if (patch.isActive === false) statements.push(db.delete(sessions).where(and(eq(sessions.userId, user.id), allowed)));
  const [[saved], [{ count }]] = (await db.batch(statements)) as [User[], Array<{ count: number }>, ...unknown[]];
  return saved ? { saved } : { unfinished: count };
}
