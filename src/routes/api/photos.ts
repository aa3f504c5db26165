/**
 * GET /api/photos/:key: a stored photo, served only to the parties of its order: the
 * admin, the order's business and the courier holding it (db/photos.ts mayViewPhoto).
 * Anyone else gets 404, so keys of other orders are not even confirmed to exist. The
 * bytes were checked to be an image when stored; they are served as that type, never
 * sniffed, and kept in the viewer's private cache (a key's content never changes). Issue 5.
 */
import { Hono } from 'hono';
import { findPhotoForServing, mayViewPhoto } from '../../db/photos';
import { isPhotoKey } from '../../domain/photos';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';

const photos = new Hono<AppEnv>();

photos.get('/:key', requireApi(), async (c) => {
  const key = c.req.param('key');
  const photo = isPhotoKey(key) ? await findPhotoForServing(c.var.db, key) : undefined;
  if (!photo || !mayViewPhoto(c.var.user!, photo)) throw notFound('Photo not found');
  const headers = new Headers({
    'Content-Type': photo.contentType,
    'Content-Disposition': `inline; filename="order-${photo.orderNumber}-${key}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=31536000, immutable',
    // An image needs no script, style or frame, whatever is inside it.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    ETag: `"${key}"`,
    Vary: 'Cookie',
  });
  if (c.req.header('If-None-Match') === `"${key}"`) return new Response(null, { status: 304, headers });
  const object = await c.env.PHOTOS.get(key);
  if (!object) throw notFound('Photo not found');
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
});

export default photos;
