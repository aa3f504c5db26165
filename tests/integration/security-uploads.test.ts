/**
 * Uploads (issue 7), on top of courier-photos.test.ts (the photo workflow, one SVG, one
 * PNG bomb, one oversized body, the delivery photo's three viewers): every way in
 * (binary upload, image data string, stop photo) refuses what is not a JPEG, PNG or WebP
 * whatever it is labelled, oversized bodies with or without a length, and headers that
 * claim more pixels than a photo has, each with a 4xx JSON error and nothing stored. Keys
 * are made by the server from 128 random bits; photos are served to the three parties of
 * their order only, as the type their bytes are, never sniffed or run. How much may be
 * stored is limited per order and per courier per hour, and uploads no step used are
 * removed a day later.
 */
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPhotoWithinLimits } from '../../src/db/photos';
import { couriers, orders, orderStops, photos } from '../../src/db/schema';
import { MAX_PHOTO_BYTES, MAX_UPLOADS_PER_HOUR, MAX_UPLOADS_PER_ORDER } from '../../src/domain/photos';
import { Client, testDb } from '../support/api';
import { dataString, insertHeldOrder, insertPharmacyOrder, png, upload } from '../support/courier';
import { insertCourier, insertSession } from '../support/factories';
import { callers, fingerprint, isErrorShape, sessionCookie, type Caller, type Role } from '../support/security';

type Db = ReturnType<typeof testDb>;

let db: Db;
let who: Record<Role, Caller>;

beforeAll(async () => {
  db = testDb();
  who = await callers(db);
});

async function signedInCourier(): Promise<{ client: Client; courierId: number }> {
  const { user, courier } = await insertCourier(db);
  const client = new Client();
  client.cookie = sessionCookie(await insertSession(db, user.id));
  return { client, courierId: courier.id };
}

// ---------------------------------------------------------------------------
// Files that are not what they say
// ---------------------------------------------------------------------------

const bytes = (text: string) => new TextEncoder().encode(text);

/** A JPEG up to its start-of-frame, which is all the server reads of it. */
function jpegHeader(width: number, height: number): Buffer {
  const frame = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...bytes('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0, ...frame, 0xff, 0xd9]);
}

/** A WebP whose extended header (VP8X) states the canvas size. */
function webpHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(30);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(22, 4);
  header.write('WEBPVP8X', 8, 'ascii');
  header.writeUInt32LE(10, 16);
  header.writeUIntLE(width - 1, 24, 3);
  header.writeUIntLE(height - 1, 27, 3);
  return header;
}

function pngClaiming(width: number, height: number): Buffer {
  const image = png(1, 1);
  image.writeUInt32BE(width, 16);
  image.writeUInt32BE(height, 20);
  return image;
}

const NOT_IMAGES: Array<[string, Uint8Array, string]> = [
  ['an HTML page labelled PNG', bytes('<!doctype html><script>alert(1)</script>'), 'image/png'],
  ['an SVG with a script', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml'],
  ['a PDF labelled JPEG', bytes('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF'), 'image/jpeg'],
  ['a GIF', bytes('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif'],
  ['a ZIP labelled WebP', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(0)]), 'image/webp'],
  ['an executable', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, ...new Array(40).fill(0)]), 'application/octet-stream'],
  ['a PNG signature with nothing after it', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
  ['a PNG cut inside its IHDR header (width only)', Buffer.from(png(8, 8).subarray(0, 20)), 'image/png'],
  ['a PNG cut just after the IHDR chunk type', Buffer.from(png(8, 8).subarray(0, 16)), 'image/png'],
  ['a JPEG without a frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]), 'image/jpeg'],
  ['a RIFF that is not WebP', Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(20)]), 'image/webp'],
  ['an empty body', new Uint8Array(0), 'image/png'],
];

const BOMBS: Array<[string, Uint8Array]> = [
  ['PNG 20000×20000', pngClaiming(20_000, 20_000)],
  ['PNG 12001×1 (one side too long)', pngClaiming(12_001, 1)],
  ['PNG 4294967295×1', pngClaiming(0xffff_ffff, 1)],
  ['PNG 0×0', pngClaiming(0, 0)],
  ['JPEG 65535×65535', jpegHeader(65_535, 65_535)],
  ['JPEG 9000×9000 (81 megapixels)', jpegHeader(9_000, 9_000)],
  ['WebP 16383×16383', webpHeader(16_383, 16_383)],
];

describe('uploads that are not photos', () => {
  it('are refused with 400 and a JSON error saying why, by every way a photo comes in, and nothing is stored', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const { order: route, stops } = await insertPharmacyOrder(db, { courierId: courier.courierId, status: 'in_pharmacy_delivery', stops: 2 });
    const before = await fingerprint(db);
    const wrong: string[] = [];
    const check = (what: string, answer: { status: number; headers: Headers; body: unknown }, detail: RegExp) => {
      const details = (answer.body as { details?: string } | null)?.details ?? '';
      if (answer.status !== 400 || !isErrorShape(answer) || !detail.test(details)) wrong.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };

    const cases = [
      ...NOT_IMAGES.map(([what, data, type]) => ({ what, data, type, detail: /not a JPEG, PNG or WebP|empty|Send the photo as the body/ })),
      ...BOMBS.map(([what, data]) => ({ what, data, type: 'image/png', detail: /pixels, more than a photo needs|no pixels/ })),
    ];
    for (const { what, data, type, detail } of cases) {
      check(`upload ${what}`, await upload(courier.client, `/api/orders/${order.id}/photos?kind=delivery`, data, type), detail);
      check(`binary delivery photo ${what}`, await upload(courier.client, `/api/orders/${order.id}/delivery-photos`, data, type), detail);
      if (data.length > 0) {
        const labelled = `data:image/jpeg;base64,${Buffer.from(data).toString('base64')}`;
        check(`data string ${what}`, await courier.client.post(`/api/orders/${order.id}/delivery-photos`, { photos: [labelled] }), detail);
        check(`stop photo ${what}`, await courier.client.patch(`/api/order-stops/${stops[0].id}`, { status: 'delivered', deliveryPhoto: labelled }), detail);
        check(`pharmacy pickup ${what}`, await upload(courier.client, `/api/orders/${route.id}/photos?kind=pharmacy_pickup`, data, type), detail);
      }
    }
    // A text body to a binary upload is not taken for a photo either.
    check('a text/plain upload', await upload(courier.client, `/api/orders/${order.id}/photos`, png(4, 4), 'text/plain'), /Send the photo as the body/);
    expect(wrong).toEqual([]);
    expect(await fingerprint(db), 'a refused upload stored something').toBe(before);
  });

  it('are refused with 413 when larger than 8 MB, with or without a Content-Length, as uploads or as data strings', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const before = await fingerprint(db);
    // A real PNG header followed by padding: the size alone is wrong with it.
    const huge = Buffer.concat([png(8, 8), Buffer.alloc(MAX_PHOTO_BYTES + 2048)]);

    const declared = await upload(courier.client, `/api/orders/${order.id}/photos`, huge);
    expect(declared.status).toBe(413);
    expect(isErrorShape(declared)).toBe(true);

    // Streamed without a length (chunked): counted as it arrives, refused once over the limit.
    const streamed = await fetch(new URL(`/api/orders/${order.id}/photos`, courier.client.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Cookie: courier.client.cookie! },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < huge.length; at += 1024 * 1024) controller.enqueue(huge.subarray(at, at + 1024 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ error: 'Payload too large' });

    // Just under the byte limit is still refused as a photo: 8 MB of zeros is no image.
    const asData = await courier.client.post(`/api/orders/${order.id}/delivery-photos`, { photos: [dataString(huge)] });
    expect([400, 413]).toContain(asData.status);
    expect(isErrorShape(asData)).toBe(true);
    expect(await fingerprint(db)).toBe(before);
  });

  it('are kept as the type their bytes are, whatever they are labelled, and served as that type', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const labelledJpeg = await upload(courier.client, `/api/orders/${order.id}/photos`, png(6, 6), 'image/jpeg');
    expect(labelledJpeg.status).toBe(201);
    expect(labelledJpeg.body).toMatchObject({ contentType: 'image/png', width: 6, height: 6 });
    expect(labelledJpeg.body.key).toMatch(/\.png$/);

    const jpegAsPngData = await courier.client.post(`/api/orders/${order.id}/delivery-photos`, {
      photos: [`data:image/png;base64,${jpegHeader(640, 480).toString('base64')}`],
    });
    expect(jpegAsPngData.status).toBe(201);
    expect(jpegAsPngData.body.deliveryPhotos[0]).toMatch(/\.jpg$/);

    // A PNG with HTML after its header is a PNG: served as one, nosniff, in a sandbox with no scripts.
    const polyglot = Buffer.concat([png(4, 4), bytes('<html><script>alert(document.cookie)</script></html>')]);
    const stored = await upload(courier.client, `/api/orders/${order.id}/photos`, polyglot, 'text/html');
    expect(stored.status).toBe(400);
    const accepted = await upload(courier.client, `/api/orders/${order.id}/photos`, polyglot, 'image/png');
    expect(accepted.status).toBe(201);
    const served = await (await who.admin.client()).get(accepted.body.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="order-[^"]+\.png"$/);
  });
});

// ---------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------

describe('stored keys', () => {
  it('are made by the server from 128 random bits: never the client’s name, never a hash of the bytes, never repeated', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const same = png(5, 5, 1);
    const keys: string[] = [];
    for (let i = 0; i < 24; i++) {
      // The same bytes every time, with a name and a key the client would like.
      const answer = await upload(courier.client, `/api/orders/${order.id}/photos?kind=delivery&key=chosen.png&filename=../../x.png`, same, 'image/png', {
        'X-Filename': 'chosen.png',
        'Content-Disposition': 'attachment; filename="chosen.png"',
      });
      expect(answer.status).toBe(201);
      keys.push(answer.body.key);
      expect(answer.body.url).toBe(`/api/photos/${answer.body.key}`);
    }
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(new Set(keys).size).toBe(keys.length);
    // 24 × 128 bits: about half are ones, as random bits are (a counter or a timestamp is not).
    const bits = keys.flatMap((key) => [...key.slice(0, 32)].flatMap((digit) => [...parseInt(digit, 16).toString(2).padStart(4, '0')]));
    const ones = bits.filter((bit) => bit === '1').length / bits.length;
    expect(ones).toBeGreaterThan(0.45);
    expect(ones).toBeLessThan(0.55);
    // No two keys share a long prefix, as keys made from a time or a sequence would.
    const prefixes = new Set(keys.map((key) => key.slice(0, 8)));
    expect(prefixes.size).toBe(keys.length);
  });

  it('cannot be guessed into: a well-formed key that was never issued is a 404, like a key of another order', async () => {
    const admin = await who.admin.client();
    for (const key of ['0'.repeat(32), 'f'.repeat(32), '0123456789abcdef0123456789abcdef']) {
      for (const extension of ['png', 'jpg', 'webp']) {
        const answer = await admin.get(`/api/photos/${key}.${extension}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ error: 'Photo not found' });
      }
    }
  });
});

// ---------------------------------------------------------------------------
// Who may see a photo
// ---------------------------------------------------------------------------

describe('photos are served to the three parties of their order only', () => {
  it('a pharmacy route’s pickup and stop photos: admin, the pharmacy and the courier holding it; 404 to everyone else, and to the courier once it is taken from them', async () => {
    const first = await signedInCourier();
    const second = await signedInCourier();
    const { order, stops } = await insertPharmacyOrder(db, { courierId: first.courierId, status: 'in_pharmacy_delivery', stops: 2 });
    const pickup = await upload(first.client, `/api/orders/${order.id}/photos?kind=pharmacy_pickup`, png(9, 9, 2));
    const stop = await upload(first.client, `/api/orders/${order.id}/photos?kind=stop&stopId=${stops[0].id}`, png(9, 9, 3));
    expect([pickup.status, stop.status]).toEqual([201, 201]);
    const urls = [pickup.body.url as string, stop.body.url as string];

    const serves = async (client: Client) => Promise.all(urls.map(async (url) => (await client.get(url)).status));
    const parties = [await who.admin.client(), await who.pharmacy.client(), first.client];
    for (const party of parties) {
      for (const url of urls) {
        const answer = await party.get(url);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="order-/);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('cache-control')).toMatch(/^private/);
      }
    }
    expect(await serves(await who.bistro.client())).toEqual([404, 404]);
    expect(await serves(await who.courier2.client())).toEqual([404, 404]);
    expect(await serves(second.client)).toEqual([404, 404]);
    expect(await serves(await who.deactivated.client())).toEqual([401, 401]);
    expect(await serves(new Client())).toEqual([401, 401]);

    // The admin gives the route to another courier: the photos follow the order.
    const admin = await who.admin.client();
    const moved = await admin.patch(`/api/orders/${order.id}`, { status: 'assigned', courierId: second.courierId, deliveryFee: 20, tip: 0 });
    expect(moved.status).toBe(200);
    expect(await serves(first.client)).toEqual([404, 404]);
    expect(await serves(second.client)).toEqual([200, 200]);
  });
});

// ---------------------------------------------------------------------------
// How much may be stored
// ---------------------------------------------------------------------------

/** Rows for photos already stored (the bytes are not needed to count them). */
async function storedPhotos(orderId: number, uploadedByUserId: number, count: number, fields: { sizeBytes?: number; createdAt?: number } = {}) {
  const rows = Array.from({ length: count }, () => ({
    key: `${randomBytes(16).toString('hex')}.png`,
    orderId,
    kind: 'delivery' as const,
    contentType: 'image/png',
    sizeBytes: fields.sizeBytes ?? 1000,
    width: 8,
    height: 8,
    uploadedByUserId,
    createdAt: fields.createdAt ?? Date.now(),
  }));
  if (rows.length) await db.insert(photos).values(rows);
  return rows.map((row) => row.key);
}

describe('uploads are limited per order and per courier per hour', () => {
  it(`keeps at most ${MAX_UPLOADS_PER_ORDER} photos on an order, however many arrive at once`, async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const [user] = await db.select({ userId: couriers.userId }).from(couriers).where(eq(couriers.id, courier.courierId));
    // Five places left; fifteen uploads arrive at once.
    await storedPhotos(order.id, user.userId, MAX_UPLOADS_PER_ORDER - 5);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => upload(courier.client, `/api/orders/${order.id}/photos?kind=delivery`, png(4, 4, i))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused) expect(answer.body).toMatchObject({ error: 'Photo limit reached' });
    expect(await db.$count(photos, eq(photos.orderId, order.id))).toBe(MAX_UPLOADS_PER_ORDER);
    // Every way in is held to it: data strings in a step too.
    const viaStep = await courier.client.post(`/api/orders/${order.id}/delivery-photos`, { photos: [dataString(png(4, 4, 99))] });
    expect(viaStep.status).toBe(409);
    expect(viaStep.body.error).toBe('Photo limit reached');
  });

  it('keeps at most 64 MB of photos on an order', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const [user] = await db.select({ userId: couriers.userId }).from(couriers).where(eq(couriers.id, courier.courierId));
    await storedPhotos(order.id, user.userId, 8, { sizeBytes: 8 * 1024 * 1024 });
    const answer = await upload(courier.client, `/api/orders/${order.id}/photos?kind=delivery`, png(4, 4));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('Photo limit reached');
  });

  it(`lets a courier upload at most ${MAX_UPLOADS_PER_HOUR} photos an hour, then says when to come back (429, Retry-After)`, async () => {
    const courier = await signedInCourier();
    const [user] = await db.select({ userId: couriers.userId }).from(couriers).where(eq(couriers.id, courier.courierId));
    // Earlier uploads this hour, on other orders of theirs; the oldest was 40 minutes ago.
    const earlier = await insertHeldOrder(db, courier.courierId, 'delivered');
    await storedPhotos(earlier.id, user.userId, 1, { createdAt: Date.now() - 40 * 60_000 });
    await storedPhotos(earlier.id, user.userId, MAX_UPLOADS_PER_HOUR - 2);
    // An upload from before the hour does not count.
    await storedPhotos(earlier.id, user.userId, 5, { createdAt: Date.now() - 61 * 60_000 });
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    expect((await upload(courier.client, `/api/orders/${order.id}/photos?kind=delivery`, png(4, 4, 1))).status).toBe(201);
    const over = await upload(courier.client, `/api/orders/${order.id}/photos?kind=delivery`, png(4, 4, 2));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: 'Too many photos' });
    expect(over.body.details).toMatch(/Try again in (19|20) minutes/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(18 * 60);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(20 * 60);
  });

  it('records no photo on an order the uploader no longer holds, checked in the same statement as the insert', async () => {
    const courier = await signedInCourier();
    const order = await insertHeldOrder(db, courier.courierId, 'arrived_at_customer');
    const [user] = await db.select({ userId: couriers.userId }).from(couriers).where(eq(couriers.id, courier.courierId));
    const photo = {
      key: `${randomBytes(16).toString('hex')}.png`,
      orderId: order.id,
      kind: 'delivery' as const,
      contentType: 'image/png',
      sizeBytes: 100,
      width: 1,
      height: 1,
      uploadedByUserId: user.userId,
    };
    const other = await insertCourier(db);
    expect(await insertPhotoWithinLimits(db, photo, other.courier.id)).toEqual({ reason: 'not-held' });
    expect(await insertPhotoWithinLimits(db, photo, courier.courierId)).toMatchObject({ key: photo.key });
  });

  it('removes, a day later, uploads no step used, and keeps every photo an order or stop names', async () => {
    const courier = await signedInCourier();
    const [user] = await db.select({ userId: couriers.userId }).from(couriers).where(eq(couriers.id, courier.courierId));
    const { order, stops } = await insertPharmacyOrder(db, { courierId: courier.courierId, status: 'in_pharmacy_delivery', stops: 2 });
    const dayAgo = Date.now() - 25 * 3_600_000;
    const [delivery, pickup, stopPhoto, retake, abandoned] = await storedPhotos(order.id, user.userId, 5, { createdAt: dayAgo });
    const [fresh] = await storedPhotos(order.id, user.userId, 1);
    await db
      .update(orders)
      .set({ deliveryPhotos: [delivery], pharmacyPickupPhoto: pickup })
      .where(eq(orders.id, order.id));
    await db.update(orderStops).set({ deliveryPhoto: stopPhoto }).where(eq(orderStops.id, stops[0].id));
    const cron = await new Client().get('/__scheduled?cron=*+*+*+*+*');
    expect(cron.status).toBe(200);
    const left = new Set((await db.select({ key: photos.key }).from(photos).where(eq(photos.orderId, order.id))).map((row) => row.key));
    expect(left).toEqual(new Set([delivery, pickup, stopPhoto, fresh]));
    expect(left.has(retake) || left.has(abandoned)).toBe(false);
  });
});
