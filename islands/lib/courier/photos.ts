/**
 * Photos on the phone (spec 3-courier-area.md §2.12): each picture is fitted within 1200×1200 and made
 * a JPEG at quality 0.7 before it leaves, so an upload on a weak connection is a couple
 * of hundred kilobytes rather than a camera's megabytes.
 */
import { PHOTO_FIT_PX, PHOTO_JPEG_QUALITY } from '../../../src/domain/photos';

export const isImageFile = (file: File) => file.type.startsWith('image/');

export async function toJpeg(file: Blob): Promise<Blob> {
  // createImageBitmap applies the camera's EXIF orientation.
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_FIT_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be processed'))), 'image/jpeg', PHOTO_JPEG_QUALITY),
  );
}
