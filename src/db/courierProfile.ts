/**
 * The signed-in courier's own record (spec 3-courier-area.md §2.16, §3.5): read with the account's name
 * and phone, and updated by the courier. A changed licence or insurance (number or
 * expiry) is no longer verified until an admin checks it again, and a new expiry counts
 * only from then (domain/documents.ts, decision C22).
 */
import { eq } from 'drizzle-orm';
import type { CourierProfileInput } from '../domain/schemas/courier';
import { courierDetailsOf } from '../domain/courierDetails';
import { awaitingVerification, planProfileDocuments } from '../domain/documents';
import type { Db } from './client';
import { couriers, users, type Courier } from './schema';

const profileRow = (db: Db, courierId: number) =>
  db
    .select({ courier: couriers, name: users.name, username: users.username, phone: users.phone })
    .from(couriers)
    .innerJoin(users, eq(users.id, couriers.userId))
    .where(eq(couriers.id, courierId))
    .limit(1);

export async function courierProfile(db: Db, courierId: number) {
  const [row] = await profileRow(db, courierId);
  return row && profileOf(row);
}

/**
 * The profile as the courier's form shows it: the expiry dates they last typed (a new one
 * awaits verification and does not count yet, C22), and which documents await it.
 */
function profileOf(row: Awaited<ReturnType<typeof profileRow>>[number]) {
  const { courier } = row;
  return {
    id: courier.id,
    userId: courier.userId,
    zoneId: courier.zoneId,
    name: row.name,
    username: row.username,
    phone: row.phone,
    ...courierDetailsOf(courier),
    driversLicenseExpiry: courier.driversLicenseExpiryRequested ?? courier.driversLicenseExpiry,
    insuranceExpiry: courier.insuranceExpiryRequested ?? courier.insuranceExpiry,
    driversLicenseVerified: courier.driversLicenseVerified,
    insuranceVerified: courier.insuranceVerified,
    awaitingVerification: awaitingVerification(courier),
    acceptsAutomatically: courier.acceptsAutomatically,
  };
}

/** Saves the courier's own changes and answers the profile as saved (read back in the same transaction). */
export async function updateCourierProfile(db: Db, courier: Courier, input: CourierProfileInput, now = Date.now()) {
  const { phone, driversLicense, driversLicenseExpiry, insurance, insuranceExpiry, ...fields } = input;
  const documents = planProfileDocuments(courier, { driversLicense, driversLicenseExpiry, insurance, insuranceExpiry });
  const [, , [saved]] = await db.batch([
    db
      .update(couriers)
      .set({ ...fields, ...documents, updatedAt: now })
      .where(eq(couriers.id, courier.id)),
    db
      .update(users)
      .set({ ...(phone !== undefined ? { phone } : {}), ...(fields.address !== undefined ? { address: fields.address } : {}), updatedAt: now })
      .where(eq(users.id, courier.userId)),
    profileRow(db, courier.id),
  ]);
  return profileOf(saved);
}
