/** Photos in R2: uploads checked to be images, attached to orders, served only to the order's parties (issue 5). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, photos } from '../../src/db/schema';
import { Client, signedIn, testDb } from '../support/api';
import { dataString, insertHeldOrder, png, upload } from '../support/courier';
import { insertSignableCourier } from '../support/factories';

async function courierAtCustomer() {
  const db = testDb();
  const { courier, username } = await insertSignableCourier(db);
  const client = await signedIn(username);
  const order = await insertHeldOrder(db, courier.id, 'arrived_at_customer');
  return { db, courier, client, order };
}

describe('delivery photos', () => {
  it('accept image data strings and binary uploads, store them in R2 and keep only keys on the order', async () => {
    const { db, client, order } = await courierAtCustomer();
    const saved = await client.post(`/api/orders/${order.id}/delivery-photos`, {
      photos: [dataString(png(40, 30, 1)), dataString(png(40, 30, 2))],
      notes: 'Left at reception',
    });
    expect(saved.status).toBe(201);
    expect(saved.body.deliveryPhotos).toHaveLength(2);
    expect(saved.body.deliveryNotes).toBe('Left at reception');
    for (const url of saved.body.deliveryPhotos) expect(url).toMatch(/^\/api\/photos\/[0-9a-f]{32}\.png$/);

    const binary = await upload(client, `/api/orders/${order.id}/delivery-photos`, png(64, 48, 3));
    expect(binary.status).toBe(201);
    expect(binary.body.deliveryPhotos).toHaveLength(3);

    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored.deliveryPhotos).toHaveLength(3);
    for (const key of stored.deliveryPhotos) expect(key).toMatch(/^[0-9a-f]{32}\.png$/);
    const rows = await db.select().from(photos).where(eq(photos.orderId, order.id));
    expect(rows.map((row) => [row.kind, row.width, row.height, row.contentType])).toContainEqual(['delivery', 64, 48, 'image/png']);
  });

  it('uploads a photo as it is taken, then attaches it by URL when the delivery completes with 4 photos', async () => {
    const { client, order } = await courierAtCustomer();
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) {
      const uploaded = await upload(client, `/api/orders/${order.id}/photos?kind=delivery`, png(20, 20, i));
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toMatchObject({ contentType: 'image/png', width: 20, height: 20 });
      urls.push(uploaded.body.url);
    }
    // Uploaded photos are not on the order until a step attaches them.
    expect((await client.get(`/api/orders/${order.id}`)).body.deliveryPhotos).toEqual([]);
    const delivered = await client.patch(`/api/orders/${order.id}`, { status: 'delivered', deliveryPhotos: [...urls, '', '  '], deliveryNotes: 'All good' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ status: 'delivered', deliveryPhotos: urls, deliveryNotes: 'All good' });
    expect(delivered.body.setupCompleteTime).toBeTruthy();
  });

  it('refuse what is not an image, an oversized image, and photos of another order', async () => {
    const { db, client, order } = await courierAtCustomer();
    const svg = await upload(client, `/api/orders/${order.id}/photos`, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect(svg.body).toEqual({ error: 'Invalid photo', details: 'The file is not a JPEG, PNG or WebP image.' });
    const labelled = await client.post(`/api/orders/${order.id}/delivery-photos`, {
      photos: [`data:image/jpeg;base64,${Buffer.from('not an image').toString('base64')}`],
    });
    expect(labelled.status).toBe(400);
    // A PNG header claiming 20000×20000 pixels: refused before anything decodes it.
    const bomb = png(1, 1);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    expect((await upload(client, `/api/orders/${order.id}/photos`, bomb)).body.details).toMatch(/more than a photo needs/);
    const tooBig = await upload(client, `/api/orders/${order.id}/photos`, new Uint8Array(9 * 1024 * 1024));
    expect(tooBig.status).toBe(413);
    const other = await courierAtCustomer();
    const theirs = await upload(other.client, `/api/orders/${other.order.id}/photos`, png());
    const borrowed = await client.post(`/api/orders/${order.id}/delivery-photos`, { photos: [theirs.body.url] });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.details).toBe('A photo URL does not belong to this order.');
    // Nothing refused was kept.
    expect(await db.select().from(photos).where(eq(photos.orderId, order.id))).toHaveLength(0);
  });

  it('are refused before the delivery and on orders the courier does not hold', async () => {
    const db = testDb();
    const { courier, username } = await insertSignableCourier(db);
    const client = await signedIn(username);
    const early = await insertHeldOrder(db, courier.id, 'courier_on_way_to_pickup');
    expect((await client.post(`/api/orders/${early.id}/delivery-photos`, { photos: [dataString(png())] })).status).toBe(409);
    const notMine = await insertHeldOrder(db, (await insertSignableCourier(db)).courier.id, 'arrived_at_customer');
    expect((await upload(client, `/api/orders/${notMine.id}/photos`, png())).status).toBe(404);
  });
});

describe('GET /api/photos/:key', () => {
  it('serves the image to the admin, the order business and its courier, with safe headers; 404 to anyone else', async () => {
    const { client, order } = await courierAtCustomer();
    const image = png(50, 40, 7);
    const saved = await client.post(`/api/orders/${order.id}/delivery-photos`, { photos: [dataString(image)] });
    const url: string = saved.body.deliveryPhotos[0];

    for (const viewer of [client, await signedIn('admin'), await signedIn('bistro')]) {
      const response = await fetch(new URL(url, viewer.baseUrl), { headers: { Cookie: viewer.cookie! } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="order-/);
      expect(response.headers.get('cache-control')).toMatch(/^private/);
      expect(Buffer.from(await response.arrayBuffer()).equals(image)).toBe(true);
    }
    for (const stranger of [await signedIn('pharmacy'), await signedIn('courier2')]) {
      expect((await stranger.get(url)).status).toBe(404);
    }
    expect((await new Client().get(url)).status).toBe(401);
    expect((await client.get('/api/photos/not-a-key.png')).status).toBe(404);
    const etag = (await client.get(url)).headers.get('etag')!;
    expect((await client.get(url, { 'If-None-Match': etag })).status).toBe(304);
  });
});
