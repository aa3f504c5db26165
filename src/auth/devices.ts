/**
 * Trusted devices (OWASP authentication guidance, "device cookies"): a browser that signed
 * in successfully gets a long-lived HttpOnly cookie naming it. Sign-in attempts from that
 * browser for that user count on the device's own channel (throttle.ts), so someone
 * guessing the username's password elsewhere can lock out strangers, never its owner.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Db } from '../db/client';
import { trustedDevices } from '../db/schema';
import { cookieName, newToken, tokenId } from './tokens';

const DEVICE_LIFETIME_S = 365 * 24 * 60 * 60;
const deviceCookie = (url: string) => cookieName('did', url);

/** The id of this browser's device cookie, whoever it was issued to (null without one). */
export const presentedDevice = (c: Context) => tokenId(getCookie(c, deviceCookie(c.req.url)));

/**
 * After a successful sign-in: the device stays trusted (its last use noted), or becomes
 * trusted with a new cookie (another user's cookie on this browser is replaced).
 */
export async function trustDevice(c: Context, db: Db, userId: number, trustedId: string | null, now = Date.now()): Promise<void> {
  if (trustedId) {
    await db.update(trustedDevices).set({ lastUsedAt: now }).where(eq(trustedDevices.id, trustedId));
    return;
  }
  const { token, id } = await newToken();
  await db.insert(trustedDevices).values({ id, userId, createdAt: now, lastUsedAt: now });
  setCookie(c, deviceCookie(c.req.url), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: DEVICE_LIFETIME_S,
  });
}
