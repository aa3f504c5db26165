/** Accounts: lookup for sign-in, creation by an admin, password changes. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session';
import type { RegisterInput } from '../domain/schemas/users';
import type { Db } from './client';
import { couriers, sessions, users, zones, type User } from './schema';

/** Usernames match regardless of case (the unique index is on username collate nocase). */
export const usernameIs = (username: string) => sql`${users.username} = ${username} collate nocase`;

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(usernameIs(username)).limit(1);
  return user;
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return (await findUserByUsername(db, username)) !== undefined;
}

export async function zoneExists(db: Db, zoneId: number): Promise<boolean> {
  const [zone] = await db.select({ id: zones.id }).from(zones).where(eq(zones.id, zoneId)).limit(1);
  return zone !== undefined;
}

/** The user as the API gives it: never the password hash. */
export function serializeUser(
  user: Pick<SessionUser, 'id' | 'username' | 'role' | 'name' | 'phone' | 'address' | 'isActive' | 'zoneId'> &
    Partial<Pick<SessionUser, 'courierId' | 'restaurantId'>>,
) {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    name: user.name,
    phone: user.phone,
    address: user.address,
    isActive: user.isActive,
    zoneId: user.zoneId,
    courierId: user.courierId ?? null,
    restaurantId: user.restaurantId ?? null,
  };
}

/** Creates the user and, for a courier, its courier record, in one atomic batch. */
export async function createAccount(db: Db, input: RegisterInput, passwordHash: string) {
  const userValues = {
    username: input.username,
    passwordHash,
    role: input.role,
    name: input.name,
    phone: input.phone ?? null,
    address: input.role === 'courier' ? input.address : null,
    zoneId: input.role === 'courier' ? input.zoneId : null,
  };
  if (input.role !== 'courier') {
    const [user] = await db.insert(users).values(userValues).returning();
    return { user, courier: null };
  }
  const { role: _role, username, password: _password, name: _name, phone: _phone, ...courierFields } = input;
  const [[user], [courier]] = await db.batch([
    db.insert(users).values(userValues).returning(),
    db
      .insert(couriers)
      .values({ ...courierFields, userId: sql`(select ${users.id} from ${users} where ${usernameIs(username)})` })
      .returning(),
  ]);
  return { user, courier };
}

/** A new password: the user's other sessions end with it, in the same transaction. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, keptSessionId: string): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId))),
  ]);
}
