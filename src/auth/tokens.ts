/**
 * Secrets carried by cookies (sessions, trusted devices): 128 random bits, base64url in
 * the cookie; the database keeps only their SHA-256, so reading it gives nobody a token.
 */

import { randomToken, sha256Hex } from '../domain/tokens';

/** A new token and the id the database keeps for it. */
export async function newToken(): Promise<{ token: string; id: string }> {
  const token = randomToken(16);
  return { token, id: await sha256Hex(token) };
}

/** The stored id of a token from a cookie; null for a value no token of ours could be. */
export async function tokenId(token: string | undefined): Promise<string | null> {
  return token && token.length <= 64 ? sha256Hex(token) : null;
}

/** Cookie names: over https with the __Host- prefix (Secure, Path=/, no Domain), plain on http. */
export function cookieName(base: string, url: string): string {
  return new URL(url).protocol === 'https:' ? `__Host-${base}` : base;
}
