/**
 * The photos table: one row per image stored in R2, naming the order (and stop) it
 * belongs to. Who may see a photo follows from that order.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { Db } from './client';
import { orders, photos, type Order, type Photo } from './schema';

export type NewPhoto = typeof photos.$inferInsert;

export async function insertPhoto(db: Db, photo: NewPhoto): Promise<Photo> {
  const [row] = await db.insert(photos).values(photo).returning();
  return row;
}

export async function deletePhotoRows(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.delete(photos).where(inArray(photos.key, [...keys]));
}

/** A photo with the parties of its order, for serving it. */
export async function findPhotoForServing(db: Db, key: string) {
  const [row] = await db
    .select({
      key: photos.key,
      contentType: photos.contentType,
      sizeBytes: photos.sizeBytes,
      kind: photos.kind,
      orderNumber: orders.orderNumber,
      restaurantId: orders.restaurantId,
      courierId: orders.courierId,
    })
    .from(photos)
    .innerJoin(orders, eq(orders.id, photos.orderId))
    .where(eq(photos.key, key))
    .limit(1);
  return row;
}

/**
 * A photo is proof of delivery between the parties of one order: the admin, the order's
 * business and the courier holding it. Narrower than order visibility (db/orders/access.ts):
 * couriers who were merely offered the order do not see its photos.
 */
export function mayViewPhoto(viewer: Pick<SessionUser, 'role' | 'restaurantId' | 'courierId'>, order: Pick<Order, 'restaurantId' | 'courierId'>): boolean {
  switch (viewer.role) {
    case 'admin':
      return true;
    case 'restaurant':
      return viewer.restaurantId != null && viewer.restaurantId === order.restaurantId;
    case 'courier':
      return viewer.courierId != null && viewer.courierId === order.courierId;
  }
}

/** The keys among `keys` that are photos of this order. */
export async function photosOf(db: Db, orderId: number, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: photos.key })
    .from(photos)
    .where(and(eq(photos.orderId, orderId), inArray(photos.key, [...keys])));
  return new Set(rows.map((row) => row.key));
}
