/** Server-held signing keys (made by migration 0009). They never change, so each isolate reads one once. */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { signingKeys } from './schema';

const cached = new Map<string, Promise<string>>();

/** The secret that signs photo links sent to integrators. */
export function photoLinkSecret(db: Db): Promise<string> {
  const name = 'photo_links';
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
