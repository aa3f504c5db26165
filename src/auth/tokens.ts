/**
 * Secrets carried by cookies (sessions, trusted devices): 128 random bits, base64url in
 * the cookie; the database keeps only their SHA-256, so reading it gives nobody a token.
 */

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new token and the id the database keeps for it. */
export async function newToken(): Promise<{ token: string; id: string }> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
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
