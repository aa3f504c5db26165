/**
 * Couriers as the admin sees them (spec 1-foundations-and-admin.md §2.9, §7.5): only couriers with a linked user
 * account, with that user's name, username, phone and isActive.
 */
import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { COURIER_HELD_STATUSES } from '../domain/orderStatus';
import type { z } from 'zod/mini';
import type { courierUpdateSchema } from '../domain/schemas/users';
import { courierDetailsOf } from '../domain/courierDetails';
import { DOCUMENT_KINDS, DOCUMENTS, type DocumentKind } from '../domain/documents';
import type { Db } from './client';
import { couriers, orders, users, zones, type Courier } from './schema';

export type CourierUpdate = z.infer<typeof courierUpdateSchema>;

const courierColumns = {
  courier: couriers,
  user: { id: users.id, name: users.name, username: users.username, phone: users.phone, isActive: users.isActive },
  zoneName: zones.name,
};

export type CourierWithUser = {
  courier: Courier;
  user: { id: number; name: string; username: string; phone: string | null; isActive: boolean };
  zoneName: string | null;
};

function couriersWithUsers(db: Db, where?: SQL) {
  return db
    .select(courierColumns)
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .leftJoin(zones, eq(zones.id, couriers.zoneId))
    .where(where)
    .orderBy(asc(sql`${users.name} collate nocase`), asc(couriers.id));
}

/** Every courier by name (the API list, the GPS page). */
export async function listCouriers(db: Db): Promise<CourierWithUser[]> {
  return couriersWithUsers(db);
}

/**
 * A page of the admin's Couriers list, with the numbers of the unfinished orders each holds:
 * deactivating such a courier asks first, naming them (decision W6).
 */
export async function listCouriersWithHeldOrders(db: Db, page: { limit: number; offset: number }): Promise<Array<CourierWithUser & { heldOrders: string[] }>> {
  const held = db
    .select({ numbers: sql<string | null>`group_concat(${orders.orderNumber}, ',')` })
    .from(orders)
    .where(and(eq(orders.courierId, couriers.id), inArray(orders.status, [...COURIER_HELD_STATUSES])));
  const rows = await db
    .select({ ...courierColumns, heldOrders: sql<string | null>`(${held})` })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .leftJoin(zones, eq(zones.id, couriers.zoneId))
    .orderBy(asc(sql`${users.name} collate nocase`), asc(couriers.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, heldOrders: row.heldOrders ? row.heldOrders.split(',') : [] }));
}

export async function countCouriers(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId));
  return row.count;
}

export async function findCourier(db: Db, id: number): Promise<CourierWithUser | undefined> {
  const [row] = await couriersWithUsers(db, eq(couriers.id, id)).limit(1);
  return row;
}

/** Couriers who hold, or held, one of the business's orders: the only couriers a business may see. */
function servedBusiness(db: Db, restaurantId: number): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.courierId, couriers.id), eq(orders.restaurantId, restaurantId))),
  );
}

export async function listCouriersOfBusiness(db: Db, restaurantId: number): Promise<CourierWithUser[]> {
  return couriersWithUsers(db, servedBusiness(db, restaurantId));
}

export async function findCourierOfBusiness(db: Db, id: number, restaurantId: number): Promise<CourierWithUser | undefined> {
  const [row] = await couriersWithUsers(db, and(eq(couriers.id, id), servedBusiness(db, restaurantId))).limit(1);
  return row;
}

/**
 * Saves the Edit Courier dialog. The courier's phone lives on its user and its zone on
 * both records; they are written together, in one transaction, so they never disagree.
 */
export async function updateCourier(db: Db, current: CourierWithUser, input: CourierUpdate): Promise<CourierWithUser> {
  const { phone, ...courierFields } = input;
  // A date the admin sets counts at once, and answers any request the courier made for it (C22).
  const answered = Object.fromEntries(
    DOCUMENT_KINDS.filter((kind) => {
      const typed = input[DOCUMENTS[kind].expiry];
      return typed !== undefined && typed !== current.courier[DOCUMENTS[kind].expiry];
    }).map((kind) => [DOCUMENTS[kind].requested, null]),
  );
  const now = Date.now();
  const userChanges = {
    ...(phone !== undefined ? { phone } : {}),
    ...(input.zoneId !== undefined ? { zoneId: input.zoneId } : {}),
  };
  const [, , [updated]] = await db.batch([
    db
      .update(couriers)
      .set({ ...courierFields, ...answered, updatedAt: now })
      .where(eq(couriers.id, current.courier.id)),
    db
      .update(users)
      .set({ ...userChanges, updatedAt: now })
      .where(eq(users.id, current.user.id)),
    // Read back in the same transaction: the answer costs no round trip of its own.
    couriersWithUsers(db, eq(couriers.id, current.courier.id)).limit(1),
  ]);
  return updated;
}

/** GET /api/couriers: the courier record with its user (spec 1-foundations-and-admin.md §7.5); never the user's password. */
export function serializeCourier({ courier, user, zoneName }: CourierWithUser) {
  return {
    id: courier.id,
    userId: courier.userId,
    zoneId: courier.zoneId,
    zoneName,
    ...courierDetailsOf(courier),
    driversLicenseVerified: courier.driversLicenseVerified,
    insuranceVerified: courier.insuranceVerified,
    courierLatitude: courier.courierLatitude,
    courierLongitude: courier.courierLongitude,
    lastLocationUpdateTime: courier.lastLocationUpdateTime == null ? null : new Date(courier.lastLocationUpdateTime).toISOString(),
    user,
  };
}

/** GET /api/couriers/:id: what an order's details show about its courier (spec 1-foundations-and-admin.md §7.5). */
export function serializeCourierCard({ courier, user }: CourierWithUser) {
  return {
    id: courier.id,
    name: user.name,
    phone: user.phone,
    vehicleInfo: { make: courier.vehicleMake, model: courier.vehicleModel, year: courier.vehicleYear, type: courier.vehicleType },
  };
}

/** One document whose new expiry awaits the admin's verification (decision C22). */
export interface DocumentToVerify {
  courierId: number;
  name: string;
  document: DocumentKind;
  number: string;
  /** The date that counts now. */
  expiry: string;
  /** The date the courier typed. */
  requested: string;
  photos: string[];
}

/** Every document awaiting verification, oldest request first (the partial index keeps this to the few waiting). */
export async function documentsToVerify(db: Db): Promise<DocumentToVerify[]> {
  const rows = await db
    .select({ courier: couriers, name: users.name })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(sql`(${couriers.driversLicenseExpiryRequested} is not null or ${couriers.insuranceExpiryRequested} is not null)`)
    .orderBy(asc(couriers.updatedAt), asc(couriers.id));
  return rows.flatMap(({ courier, name }) =>
    DOCUMENT_KINDS.flatMap((document) => {
      const requested = courier[DOCUMENTS[document].requested];
      if (requested == null) return [];
      const photos = document === 'driversLicense' ? courier.driversLicensePhotos : courier.insurancePhotos;
      return [{ courierId: courier.id, name, document, number: courier[document], expiry: courier[DOCUMENTS[document].expiry], requested, photos }];
    }),
  );
}

/**
 * The admin's decision on a requested expiry: verified, it becomes the date that counts
 * (and the document is verified); refused, the request is dropped and the old date stays.
 * Applies only while the request is still the date the admin saw; answers whether it did.
 */
export async function decideDocument(db: Db, courierId: number, document: DocumentKind, requested: string, verify: boolean): Promise<boolean> {
  const columns = DOCUMENTS[document];
  const changes = verify ? { [columns.expiry]: requested, [columns.requested]: null, [columns.verified]: true } : { [columns.requested]: null };
  const updated = await db
    .update(couriers)
    .set({ ...changes, updatedAt: Date.now() })
    .where(and(eq(couriers.id, courierId), eq(couriers[columns.requested], requested)))
    .returning({ id: couriers.id });
  return updated.length > 0;
}
