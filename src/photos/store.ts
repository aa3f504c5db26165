/**
 * Photos into R2. An upload is checked (src/photos/image.ts), stored under a key of 128
 * random bits that the server makes, and recorded in the photos table with its order and
 * stop. Orders and stops then keep keys; the bytes never enter the database.
 */
import type { Db } from '../db/client';
import { deletePhotoRows, insertPhotoWithinLimits, unattachedPhotoKeys, type PhotoRefusal } from '../db/photos';
import type { Photo, PhotoKind } from '../db/schema';
import { isImageDataString, MAX_UPLOADS_PER_HOUR, MAX_UPLOADS_PER_ORDER, photoKeyFromUrl } from '../domain/photos';
import { Failure } from '../domain/failures';
import type { LatLng } from '../domain/geo';
import { decodeImageDataString, ImageRejected, inspectImage } from './image';

export interface PhotoTarget {
  orderId: number;
  kind: PhotoKind;
  stopId?: number;
  uploadedByUserId: number;
  /** The courier who must still hold the order when the photo is recorded. */
  holderCourierId: number;
  /** When it was taken (the tap time), and where, when the phone knew. */
  takenAt?: number;
  takenAtPosition?: LatLng | null;
}

function randomKey(extension: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}.${extension}`;
}

/** A refused image is the client's mistake: invalid, with what is wrong. */
function refused(error: unknown): never {
  if (error instanceof ImageRejected) throw new Failure('invalid', 'Invalid photo', error.message);
  throw error;
}

function limitReached(refusal: PhotoRefusal, now = Date.now()): Failure {
  switch (refusal.reason) {
    case 'not-held':
      return new Failure('conflict', 'The order has changed', 'It is no longer yours to add photos to. Refresh to see it as it is.');
    case 'order-limit':
      return new Failure(
        'conflict',
        'Photo limit reached',
        `An order keeps at most ${MAX_UPLOADS_PER_ORDER} photos (64 MB); no more can be added to this one.`,
      );
    case 'hourly-limit': {
      const minutes = Math.max(1, Math.ceil((refusal.retryAt - now) / 60_000));
      return new Failure(
        'too_many',
        'Too many photos',
        `At most ${MAX_UPLOADS_PER_HOUR} photos an hour can be uploaded. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        (refusal.retryAt - now) / 1000,
      );
    }
  }
}

/**
 * Checks the bytes, records the photo (refused over a limit, or once the order is no
 * longer the courier's), then stores the bytes. Recorded first so that a refused upload
 * costs no storage; if storing fails, the record goes too.
 */
export async function storePhoto(bucket: R2Bucket, db: Db, target: PhotoTarget, bytes: Uint8Array): Promise<Photo> {
  let info;
  try {
    info = inspectImage(bytes);
  } catch (error) {
    refused(error);
  }
  const key = randomKey(info.extension);
  const recorded = await insertPhotoWithinLimits(
    db,
    {
      key,
      orderId: target.orderId,
      stopId: target.stopId ?? null,
      kind: target.kind,
      contentType: info.type,
      sizeBytes: bytes.length,
      width: info.width,
      height: info.height,
      uploadedByUserId: target.uploadedByUserId,
      takenAt: target.takenAt ?? null,
      takenLatitude: target.takenAtPosition?.lat ?? null,
      takenLongitude: target.takenAtPosition?.lng ?? null,
    },
    target.holderCourierId,
  );
  if ('reason' in recorded) throw limitReached(recorded);
  try {
    await bucket.put(key, bytes, { httpMetadata: { contentType: info.type } });
  } catch (error) {
    await deletePhotoRows(db, [key]);
    throw error;
  }
  return recorded;
}

/** The sweep of uploads no step used within a day (the cron job): rows and bytes. Answers how many went. */
export async function removeUnattachedPhotos(bucket: R2Bucket, db: Db, now = Date.now()): Promise<number> {
  const keys = await unattachedPhotoKeys(db, now);
  await discardPhotos(bucket, db, keys);
  return keys.length;
}

/** Removes photos stored for a change that was then refused. */
export async function discardPhotos(bucket: R2Bucket, db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await deletePhotoRows(db, keys);
  await bucket.delete([...keys]);
}

export interface ResolvedPhotos {
  /** Every photo's key, in the order given. */
  keys: string[];
  /** The keys stored by this call (from image data strings). */
  created: string[];
}

/**
 * Photos as a client names them: image data strings (stored now) or URLs of photos
 * already uploaded for this order (POST /api/orders/:id/photos). A photo of another
 * order is refused: proof of one delivery cannot be borrowed for another. `uploaded` holds
 * the order's photos, read by the caller beside the order (so naming them costs no read).
 */
export async function resolvePhotos(
  bucket: R2Bucket,
  db: Db,
  target: PhotoTarget,
  values: readonly string[],
  uploaded: ReadonlySet<string>,
): Promise<ResolvedPhotos> {
  const named = values.map((value) => (isImageDataString(value) ? null : photoKeyFromUrl(value)));
  const invalid = values.find((value, i) => named[i] === null && !isImageDataString(value));
  if (invalid !== undefined)
    throw new Failure('invalid', 'Invalid photo', 'Send each photo as an image data string or the URL of a photo uploaded for this order.');
  const unknown = named.find((key) => key !== null && !uploaded.has(key));
  if (unknown) throw new Failure('invalid', 'Invalid photo', 'A photo URL does not belong to this order.');

  const created: string[] = [];
  const keys: string[] = [];
  try {
    for (const [i, value] of values.entries()) {
      if (named[i]) {
        keys.push(named[i]);
        continue;
      }
      let bytes: Uint8Array;
      try {
        bytes = decodeImageDataString(value);
      } catch (error) {
        refused(error);
      }
      const photo = await storePhoto(bucket, db, target, bytes);
      created.push(photo.key);
      keys.push(photo.key);
    }
  } catch (error) {
    await discardPhotos(bucket, db, created);
    throw error;
  }
  return { keys, created };
}
