/**
 * The signed-in courier's or business's own record. Its id comes with the session (reads
 * about it need not wait); the record itself is read with the session (src/auth/session.ts),
 * so it is there once the session check has answered.
 */
import type { Context } from 'hono';
import type { SessionUser } from '../auth/session';
import { verifiedUser } from './context';
import type { AppEnv } from '../env';
import { forbidden, notFound } from './errors';

const OWN = {
  courier: { id: 'courierId', missing: () => forbidden('No courier record for this account') },
  business: { id: 'restaurantId', missing: () => notFound('Business profile not found') },
} as const;

type Kind = keyof typeof OWN;

export function ownRecordId(c: Context<AppEnv>, kind: Kind): number {
  const id = c.var.user?.[OWN[kind].id];
  if (!id) throw OWN[kind].missing();
  return id;
}

export async function ownRecord<K extends Kind>(c: Context<AppEnv>, kind: K): Promise<NonNullable<SessionUser[K]>> {
  ownRecordId(c, kind);
  const record = (await verifiedUser(c))[kind];
  if (!record) throw OWN[kind].missing();
  return record as NonNullable<SessionUser[K]>;
}
