/**
 * The photos table: one row per image stored in R2, naming the order (and stop) it
 * belongs to. Who may see a photo follows from that order.
 */
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import {
  MAX_UPLOAD_BYTES_PER_HOUR,
  MAX_UPLOAD_BYTES_PER_ORDER,
  MAX_UPLOADS_PER_HOUR,
  MAX_UPLOADS_PER_ORDER,
  UNATTACHED_PHOTO_LIFETIME_MS,
  UPLOAD_WINDOW_MS,
} from '../domain/photos';
import type { Db } from './client';
import { deliveryFailures, orders, orderStops, photos, type Order, type Photo } from './schema';

export type NewPhoto = Omit<typeof photos.$inferInsert, 'createdAt'> & { uploadedByUserId: number };

/** Why a photo was not recorded: a limit (domain/photos.ts) reached, or the order no longer held by the uploader. */
export type PhotoRefusal = { reason: 'order-limit' } | { reason: 'hourly-limit'; retryAt: number } | { reason: 'not-held' };

/**
 * Records a photo only if the courier still holds its order and no limit would be
 * passed, checked in the same statement as the insert, so parallel uploads cannot slip
 * past a limit nor land on an order just taken from the courier.
 */
export async function insertPhotoWithinLimits(db: Db, photo: NewPhoto, holderCourierId: number, now = Date.now()): Promise<Photo | PhotoRefusal> {
  const since = now - UPLOAD_WINDOW_MS;
  const row: Photo = { stopId: null, takenAt: null, takenLatitude: null, takenLongitude: null, ...photo, createdAt: now } as Photo;
  const ofOrder = sql`from ${photos} where ${photos.orderId} = ${photo.orderId}`;
  const ofUploaderThisHour = sql`from ${photos} where ${photos.uploadedByUserId} = ${photo.uploadedByUserId} and ${photos.createdAt} > ${since}`;
  const [inserted, [usage]] = await db.batch([
    db.all<{ key: string }>(sql`
      insert into ${photos} (key, order_id, stop_id, kind, content_type, size_bytes, width, height, uploaded_by_user_id, taken_at, taken_latitude, taken_longitude, created_at)
      select ${row.key}, ${row.orderId}, ${row.stopId}, ${row.kind}, ${row.contentType}, ${row.sizeBytes}, ${row.width}, ${row.height}, ${row.uploadedByUserId},
             ${row.takenAt ?? now}, ${row.takenLatitude}, ${row.takenLongitude}, ${now}
      where exists (select 1 from ${orders} where ${orders.id} = ${photo.orderId} and ${orders.courierId} = ${holderCourierId})
        and (select count(*) ${ofOrder}) < ${MAX_UPLOADS_PER_ORDER}
        and (select coalesce(sum(${photos.sizeBytes}), 0) ${ofOrder}) + ${photo.sizeBytes} <= ${MAX_UPLOAD_BYTES_PER_ORDER}
        and (select count(*) ${ofUploaderThisHour}) < ${MAX_UPLOADS_PER_HOUR}
        and (select coalesce(sum(${photos.sizeBytes}), 0) ${ofUploaderThisHour}) + ${photo.sizeBytes} <= ${MAX_UPLOAD_BYTES_PER_HOUR}
      returning key`),
    // Read in the same transaction, after the insert: why it was refused, if it was.
    db.all<{ held: number; orderCount: number; orderBytes: number; hourCount: number; hourBytes: number; oldest: number | null }>(sql`
      select exists (select 1 from ${orders} where ${orders.id} = ${photo.orderId} and ${orders.courierId} = ${holderCourierId}) as held,
             (select count(*) ${ofOrder}) as orderCount,
             (select coalesce(sum(${photos.sizeBytes}), 0) ${ofOrder}) as orderBytes,
             (select count(*) ${ofUploaderThisHour}) as hourCount,
             (select coalesce(sum(${photos.sizeBytes}), 0) ${ofUploaderThisHour}) as hourBytes,
             (select min(${photos.createdAt}) ${ofUploaderThisHour}) as oldest`),
  ]);
  if (inserted.length) return row;
  if (!usage.held) return { reason: 'not-held' };
  if (usage.orderCount >= MAX_UPLOADS_PER_ORDER || usage.orderBytes + photo.sizeBytes > MAX_UPLOAD_BYTES_PER_ORDER) return { reason: 'order-limit' };
  return { reason: 'hourly-limit', retryAt: (usage.oldest ?? now) + UPLOAD_WINDOW_MS };
}

/**
 * Photos uploaded more than a day ago that no step used: not among an order's delivery
 * photos, not its pickup photo, not a stop's photo, not a failed attempt's. At most `limit` at a time.
 */
export async function unattachedPhotoKeys(db: Db, now = Date.now(), limit = 200): Promise<string[]> {
  const rows = await db
    .select({ key: photos.key })
    .from(photos)
    .innerJoin(orders, eq(orders.id, photos.orderId))
    .where(
      and(
        lt(photos.createdAt, now - UNATTACHED_PHOTO_LIFETIME_MS),
        sql`not exists (select 1 from json_each(${orders.deliveryPhotos}) where json_each.value = ${photos.key})`,
        sql`${orders.pharmacyPickupPhoto} is not ${photos.key}`,
        sql`not exists (select 1 from ${orderStops} where ${orderStops.orderId} = ${photos.orderId} and ${orderStops.deliveryPhoto} = ${photos.key})`,
        sql`not exists (select 1 from ${deliveryFailures} where ${deliveryFailures.orderId} = ${photos.orderId} and ${deliveryFailures.photo} = ${photos.key})`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.key);
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

/** When and where each photo of an order was taken, by key (a bounded few). */
export type PhotoStamp = Pick<Photo, 'takenAt' | 'takenLatitude' | 'takenLongitude'>;

export async function photoStampsOf(db: Db, orderId: number): Promise<Map<string, PhotoStamp>> {
  const rows = await db
    .select({ key: photos.key, takenAt: photos.takenAt, takenLatitude: photos.takenLatitude, takenLongitude: photos.takenLongitude })
    .from(photos)
    .where(eq(photos.orderId, orderId));
  return new Map(rows.map(({ key, ...stamp }) => [key, stamp]));
}

/** Every photo uploaded for an order (a bounded few), read beside the order so a step that names them needs no read of its own. */
export async function photoKeysOf(db: Db, orderId: number | SQL): Promise<Set<string>> {
  const rows = await db.select({ key: photos.key }).from(photos).where(eq(photos.orderId, orderId));
  return new Set(rows.map((row) => row.key));
}
