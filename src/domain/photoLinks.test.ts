import { describe, expect, it } from 'vitest';
import { isValidPhotoLink, signedPhotoUrl } from './photos';

const KEY = '0123456789abcdef0123456789abcdef.png';
const SECRET = 'a'.repeat(64);

describe('signed photo links', () => {
  it('carry an expiry and a signature that only the same key, expiry and secret match', async () => {
    const now = Date.UTC(2030, 0, 1);
    const url = new URL(await signedPhotoUrl('https://dispatch.example', KEY, now + 3_600_000, SECRET));
    expect(url.origin + url.pathname).toBe(`https://dispatch.example/api/photos/${KEY}`);
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(await isValidPhotoLink(KEY, expires, signature, SECRET, now)).toBe(true);
    expect(await isValidPhotoLink(KEY, expires, signature, SECRET, now + 3_600_000)).toBe(false);
    expect(await isValidPhotoLink(KEY, String(Number(expires) + 1), signature, SECRET, now)).toBe(false);
    expect(await isValidPhotoLink(KEY.replace('0', '1'), expires, signature, SECRET, now)).toBe(false);
    expect(await isValidPhotoLink(KEY, expires, signature, 'b'.repeat(64), now)).toBe(false);
    expect(await isValidPhotoLink(KEY, expires, signature.toUpperCase(), SECRET, now)).toBe(false);
    expect(await isValidPhotoLink(KEY, 'soon', signature, SECRET, now)).toBe(false);
  });
});
