/** Server-held signing keys (made by migrations 0009 and 0013). They never change, so each isolate reads one once. */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { signingKeys } from './schema';

/** photo_links signs photo links sent to integrators; session_hints the cookie naming a session's owner. */
export type SigningKeyName = 'photo_links' | 'session_hints';

const cached = new Map<SigningKeyName, Promise<string>>();

export function signingSecret(db: Db, name: SigningKeyName): Promise<string> {
  let secret = cached.get(name);
  if (!secret) {
    secret = db
      .select({ secret: signingKeys.secret })
      .from(signingKeys)
      .where(eq(signingKeys.name, name))
      .then(([row]) => {
        if (!row) throw new Error(`Signing key ${name} is missing: run the migrations`);
        return row.secret;
      });
    // A failed read (the database was down) is not remembered.
    secret.catch(() => cached.delete(name));
    cached.set(name, secret);
  }
  return secret;
}
