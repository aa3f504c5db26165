/**
 * Photos (spec 3-courier-area.md §2.12, §9): what the phone makes of a picture, what the server accepts,
 * and how a stored photo is named in the API. The bytes live in R2; orders and stops
 * keep keys, which the API shows as URLs under /api/photos/.
 */
import { distanceWords, haversineMeters } from './geo';
import { proximityApplies, type LocationPrecision } from './location';
import { constantTimeEqual, toHex } from './tokens';

/** The phone fits each photo within 1200×1200 and keeps it as JPEG at quality 0.7. */
export const PHOTO_FIT_PX = 1200;
export const PHOTO_JPEG_QUALITY = 0.7;

/** The largest image the server stores: a phone photo straight from the camera fits. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
/** Sides and pixel count beyond these are refused before anything decodes them (decompression bombs). */
export const MAX_PHOTO_SIDE_PX = 12_000;
export const MAX_PHOTO_PIXELS = 60_000_000;
/** Photos one request may carry as image data strings. */
export const MAX_PHOTOS_PER_REQUEST = 8;
/** Delivery photos one order may collect (4 per stop of a multi-stop restaurant order). */
export const MAX_ORDER_PHOTOS = 40;

/**
 * What may be stored at all, attached or not: per order (its delivery photos, a photo per
 * stop, the pickup photo, and retakes) and per courier per hour. Generous for real work,
 * a wall for a script uploading in a loop.
 */
export const MAX_UPLOADS_PER_ORDER = 50;
export const MAX_UPLOAD_BYTES_PER_ORDER = 64 * 1024 * 1024;
export const MAX_UPLOADS_PER_HOUR = 120;
export const MAX_UPLOAD_BYTES_PER_HOUR = 200 * 1024 * 1024;
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;
/** An upload no step has used by then (a retake, an abandoned delivery) is removed. */
export const UNATTACHED_PHOTO_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const PHOTO_URL_PREFIX = '/api/photos/';
/** Keys are 128 random bits in hex plus the type's extension, made by the server. */
const KEY = /^[0-9a-f]{32}\.(?:jpg|png|webp)$/;

export const isPhotoKey = (value: string) => KEY.test(value);

/** The key of a stored photo named by its URL (relative, or absolute on any host); null otherwise. */
export function photoKeyFromUrl(value: string): string | null {
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith(PHOTO_URL_PREFIX)) return null;
  const key = path.slice(PHOTO_URL_PREFIX.length);
  return isPhotoKey(key) ? key : null;
}

/** An image data string ("data:image/jpeg;base64,…"), as the spec's clients send photos. */
export const isImageDataString = (value: string) => /^data:image\/[a-z0-9.+-]+;base64,/i.test(value);

/**
 * Photo links that work without a session, for a while (issue 17): integrators' systems
 * fetch the photos the API and webhooks name. The link carries its expiry and an
 * HMAC-SHA256 of the key and expiry under a server-held secret (signing_keys).
 */
export const PHOTO_LINK_LIFETIME_MS = {
  /** An API answer is read at once; a fresh one is a call away. */
  api: 60 * 60_000,
  /** A webhook body is frozen at the first attempt, and retries run for 28 hours. */
  webhook: 7 * 24 * 3_600_000,
} as const;

async function photoLinkSignature(key: string, expires: number, secret: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(`${key}.${expires}`));
  return toHex(mac);
}

/** The absolute, signed URL of a stored photo, good until `expiresAt` (epoch ms). */
export async function signedPhotoUrl(origin: string, key: string, expiresAt: number, secret: string): Promise<string> {
  const expires = Math.floor(expiresAt / 1000);
  return `${origin}${PHOTO_URL_PREFIX}${key}?expires=${expires}&signature=${await photoLinkSignature(key, expires, secret)}`;
}

/** Whether a link's expiry (epoch seconds, as text) and signature are good for this key now. */
export async function isValidPhotoLink(key: string, expires: string, signature: string, secret: string, now = Date.now()): Promise<boolean> {
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Number(expires) * 1000 <= now) return false;
  return constantTimeEqual(await photoLinkSignature(key, Number(expires), secret), signature);
}

/** Where a photo was taken, as the phone said (photos.taken_latitude, taken_longitude). */
export interface PhotoTakenAt {
  takenLatitude: number | null;
  takenLongitude: number | null;
}

/**
 * How far from the delivery address a photo was taken ("120 ft from the address"): proof a
 * dispatcher can read. Null when the phone did not know, or the address is placed only
 * roughly (a ZIP centre says nothing about the door).
 */
export function photoDistanceNote(
  photo: PhotoTakenAt,
  place: { latitude: number | null; longitude: number | null; precision: LocationPrecision | null },
): string | null {
  if (photo.takenLatitude == null || photo.takenLongitude == null || place.latitude == null || place.longitude == null) return null;
  if (!proximityApplies(place.precision)) return null;
  const meters = haversineMeters({ lat: photo.takenLatitude, lng: photo.takenLongitude }, { lat: place.latitude, lng: place.longitude });
  return `${distanceWords(meters)} from the address`;
}
