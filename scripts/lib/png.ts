/**
 * Small PNG images made in code (RGB, 8 bits, no dependencies): the demo's delivery
 * photos and the tests' uploads. Each is a simple drawn scene, so photos of different
 * orders look different on screen.
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TRAY_COLOURS: Rgb[] = [
  [214, 96, 77],
  [244, 180, 62],
  [94, 160, 98],
  [84, 132, 196],
  [170, 110, 180],
];

/** A catering set-up: a wall, a table and trays, varied by `seed`. */
export function demoPhoto(seed: number, width = 640, height = 480): Buffer {
  const wall: Rgb = [228 - (seed % 3) * 12, 222, 210 + (seed % 4) * 8];
  const tableTop = Math.round(height * 0.55);
  const count = 3 + (seed % 3);
  const trays = Array.from({ length: count }, (_, i) => {
    const slot = width / (count + 1);
    return {
      cx: slot * (i + 1),
      cy: tableTop + (height - tableTop) * 0.35,
      r: Math.min(slot * 0.38, 70),
      colour: TRAY_COLOURS[(seed + i) % TRAY_COLOURS.length],
    };
  });
  return encodePng(width, height, (x, y) => {
    for (const tray of trays) {
      const dx = (x - tray.cx) / tray.r;
      const dy = (y - tray.cy) / (tray.r * 0.55);
      const d = dx * dx + dy * dy;
      if (d <= 0.8) return tray.colour;
      if (d <= 1) return [235, 235, 235];
    }
    if (y >= tableTop) {
      const shade = 1 - (y - tableTop) / (height - tableTop) / 3;
      return [Math.round(139 * shade), Math.round(94 * shade), Math.round(60 * shade)];
    }
    const light = 1 - y / tableTop / 5;
    return [Math.round(wall[0] * light), Math.round(wall[1] * light), Math.round(wall[2] * light)];
  });
}
