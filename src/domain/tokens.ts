/** Random tokens and their hashes (Web Crypto, the same in the Worker, Node and browsers). */

export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** `bytes` random bytes as base64url. */
export const randomToken = (bytes: number) => base64Url(crypto.getRandomValues(new Uint8Array(bytes)));

export const toHex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
