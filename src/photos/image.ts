/**
 * What an uploaded file really is. The server never trusts a Content-Type or a data
 * string's label: it reads the bytes' signature (JPEG, PNG or WebP only) and the pixel
 * size from the header, and refuses anything else, anything too large, and images whose
 * dimensions would decompress into more memory than a photo needs (decompression bombs).
 */
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE_PX } from '../domain/photos';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageInfo {
  type: ImageType;
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** Why an upload was refused, in words for the courier. */
export class ImageRejected extends Error {
  override name = 'ImageRejected';
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];
const u32be = (bytes: Uint8Array, at: number) => ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
const u24le = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);

/** JPEG: walk the segments to the first start-of-frame, which holds the size. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30 && startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { width: (bytes[26] | (bytes[27] << 8)) & 0x3fff, height: (bytes[28] | (bytes[29] << 8)) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  }
  return null;
}

function identify(bytes: Uint8Array): ImageInfo | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const size = jpegSize(bytes);
    return size && { type: 'image/jpeg', extension: 'jpg', ...size };
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && ascii(bytes, 12, 4) === 'IHDR') {
    // The size is in the IHDR chunk's first 8 bytes: a file cut before them has none.
    return bytes.length >= 24 ? { type: 'image/png', extension: 'png', width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    const size = webpSize(bytes);
    return size && { type: 'image/webp', extension: 'webp', ...size };
  }
  return null;
}

/** The image's type and size, or ImageRejected saying what is wrong with it. */
export function inspectImage(bytes: Uint8Array): ImageInfo {
  if (bytes.length === 0) throw new ImageRejected('The photo is empty.');
  if (bytes.length > MAX_PHOTO_BYTES) throw new ImageRejected(`The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`);
  const info = identify(bytes);
  if (!info) throw new ImageRejected('The file is not a JPEG, PNG or WebP image.');
  const { width, height } = info;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new ImageRejected('The image has no pixels.');
  if (width > MAX_PHOTO_SIDE_PX || height > MAX_PHOTO_SIDE_PX || width * height > MAX_PHOTO_PIXELS) {
    throw new ImageRejected(`The image is ${width}×${height} pixels, more than a photo needs.`);
  }
  return info;
}

/** The bytes of an image data string ("data:image/png;base64,…"); ImageRejected when it is not one. */
export function decodeImageDataString(value: string): Uint8Array {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]*)$/i.exec(value);
  if (!match) throw new ImageRejected('The photo is not an image data string.');
  // Checked before decoding, so an oversized string costs nothing.
  if ((match[1].length * 3) / 4 > MAX_PHOTO_BYTES + 4) throw new ImageRejected(`The photo is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`);
  let binary: string;
  try {
    binary = atob(match[1].replace(/\s/g, ''));
  } catch {
    throw new ImageRejected('The photo data is not valid base64.');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
