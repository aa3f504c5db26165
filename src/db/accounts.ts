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
import { couriers, restaurantOrderTotals, restaurants, users, type User } from './schema';

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The user's business has no order that is neither delivered nor cancelled. */
function hasNoUnfinishedOrders(userId: number): SQL {
  return sql`not exists (select 1 from ${restaurants} join ${restaurantOrderTotals} on ${restaurantOrderTotals.restaurantId} = ${restaurants.id}
    where ${restaurants.userId} = ${userId} and ${restaurantOrderTotals.unfinishedCount} > 0)`;
}

export async function unfinishedOrderCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${restaurantOrderTotals.unfinishedCount}), 0)` })
    .from(restaurants)
    .innerJoin(restaurantOrderTotals, eq(restaurantOrderTotals.restaurantId, restaurants.id))
    .where(eq(restaurants.userId, userId));
  return row.count;
}

/**
 * Applies the patch, all or nothing. A zone given for a courier or a business is written
 * to its courier or restaurant record too, so the two never disagree. Returns false when
 * the business still has unfinished orders and nothing was changed.
 */
export async function patchUser(db: Db, user: User, patch: UserPatch): Promise<boolean> {
  const now = Date.now();
  const allowed = patch.isActive === false && user.role === 'restaurant' ? hasNoUnfinishedOrders(user.id) : undefined;
  const { zoneId } = patch;
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(and(eq(users.id, user.id), allowed))
      .returning({ id: users.id }),
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
  const [updated] = (await db.batch(statements)) as [Array<{ id: number }>, ...unknown[]];
  return updated.length > 0;
}
