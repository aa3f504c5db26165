import { describe, expect, it } from 'vitest';
import { encodePng } from '../../scripts/lib/png';
import { MAX_PHOTO_BYTES } from '../domain/photos';
import { decodeImageDataString, ImageRejected, inspectImage } from './image';

/** A JPEG header: SOI, an APP0 segment, then a baseline frame of the given size. */
function jpegHeader(width: number, height: number, frameMarker = 0xc0): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    frameMarker,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
}

function webpLossy(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(30);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
    8,
  );
  bytes.set([0x9d, 0x01, 0x2a], 23);
  bytes.set([width & 0xff, width >> 8, height & 0xff, height >> 8], 26);
  return bytes;
}

describe('inspectImage', () => {
  it('reads type and size of JPEG, PNG and WebP from their headers', () => {
    expect(inspectImage(jpegHeader(1200, 900))).toEqual({ type: 'image/jpeg', extension: 'jpg', width: 1200, height: 900 });
    expect(inspectImage(jpegHeader(640, 480, 0xc2))).toMatchObject({ width: 640, height: 480 }); // progressive
    expect(inspectImage(encodePng(7, 5, () => [0, 0, 0]))).toEqual({ type: 'image/png', extension: 'png', width: 7, height: 5 });
    expect(inspectImage(webpLossy(800, 600))).toEqual({ type: 'image/webp', extension: 'webp', width: 800, height: 600 });
  });

  it('refuses what is not an image, whatever it claims to be', () => {
    expect(() => inspectImage(new TextEncoder().encode('<svg onload="alert(1)"></svg>'))).toThrow(ImageRejected);
    expect(() => inspectImage(new TextEncoder().encode('GIF89a......'))).toThrow('not a JPEG, PNG or WebP');
    expect(() => inspectImage(new Uint8Array())).toThrow('empty');
    expect(() => inspectImage(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toThrow(ImageRejected); // a JPEG with no frame
  });

  it('refuses a PNG cut anywhere inside its IHDR header', () => {
    const png = encodePng(2, 2, () => [255, 0, 0]);
    for (let length = 16; length < 24; length++) {
      expect(() => inspectImage(new Uint8Array(png.subarray(0, length))), `cut at ${length}`).toThrow('not a JPEG, PNG or WebP');
    }
    expect(inspectImage(new Uint8Array(png.subarray(0, 24)))).toMatchObject({ width: 2, height: 2 });
  });

  it('refuses images too large in bytes or in pixels (decompression bombs)', () => {
    const huge = new Uint8Array(MAX_PHOTO_BYTES + 1);
    huge.set(jpegHeader(100, 100));
    expect(() => inspectImage(huge)).toThrow('larger than');
    expect(() => inspectImage(jpegHeader(65_000, 65_000))).toThrow('more than a photo needs');
    expect(() => inspectImage(jpegHeader(12_000, 6_000))).toThrow('more than a photo needs');
    expect(() => inspectImage(jpegHeader(0, 10))).toThrow('no pixels');
  });
});

describe('decodeImageDataString', () => {
  it('decodes the spec image strings and refuses anything else', () => {
    const png = encodePng(2, 2, () => [255, 0, 0]);
    const decoded = decodeImageDataString(`data:image/png;base64,${png.toString('base64')}`);
    expect(Buffer.from(decoded).equals(png)).toBe(true);
    expect(() => decodeImageDataString('https://example.com/photo.jpg')).toThrow(ImageRejected);
    expect(() => decodeImageDataString('data:text/html;base64,PGgxPg==')).toThrow(ImageRejected);
    expect(() => decodeImageDataString(`data:image/jpeg;base64,${'A'.repeat(MAX_PHOTO_BYTES * 2)}`)).toThrow('larger than');
  });
});
