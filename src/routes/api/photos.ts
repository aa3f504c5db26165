/**
 * GET /api/photos/:key: a stored photo, served only to the parties of its order: the
 * admin, the order's business and the courier holding it (db/photos.ts mayViewPhoto),
 * or to whoever holds a signed link to it while the link lasts (issue 17).
 * Anyone else gets 404, so keys of other orders are not even confirmed to exist. The
 * bytes were checked to be an image when stored; they are served as that type, never
 * sniffed, and kept in the viewer's private cache (a key's content never changes). Issue 5.
 */
import { Hono } from 'hono';
import { findPhotoForServing, mayViewPhoto } from '../../db/photos';
import { signingSecret } from '../../db/signingKeys';
import { isPhotoKey, isValidPhotoLink } from '../../domain/photos';
import type { AppEnv } from '../../env';
import { forbidden, notFound, unauthorized } from '../../http/errors';

const photos = new Hono<AppEnv>();

/**
 * A signed link (?expires&signature, made for integrators: /api/v1 answers and webhooks)
 * serves the photo to anyone holding it until it expires; without one, the session decides.
 */
photos.get('/:key', async (c) => {
  const key = c.req.param('key');
  const { expires, signature } = c.req.query();
  const linked = expires !== undefined || signature !== undefined;
  let cacheControl = 'private, max-age=31536000, immutable';
  if (linked) {
    const valid = isPhotoKey(key) && (await isValidPhotoLink(key, expires ?? '', signature ?? '', await signingSecret(c.var.db, 'photo_links')));
    if (!valid) throw forbidden('This photo link has expired or is not valid');
    cacheControl = `private, max-age=${Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))}, immutable`;
  } else {
    const user = c.var.user;
    if (!user) throw unauthorized();
  }
  const photo = isPhotoKey(key) ? await findPhotoForServing(c.var.db, key) : undefined;
  if (!photo || (!linked && !mayViewPhoto(c.var.user!, photo))) throw notFound('Photo not found');
  const headers = new Headers({
    'Content-Type': photo.contentType,
    'Content-Disposition': `inline; filename="order-${photo.orderNumber}-${key}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': cacheControl,
    // An image needs no script, style or frame, whatever is inside it.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    ETag: `"${key}"`,
    Vary: 'Cookie',
  });
  if (c.req.header('If-None-Match') === `"${key}"`) return new Response(null, { status: 304, headers });
  // R2 is read only for a session that holds (the reads above went with its check).
  if (!(await c.var.sessionVerified)) throw unauthorized();
  const object = await c.env.PHOTOS.get(key);
  if (!object) throw notFound('Photo not found');
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { headers });
});

export default photos;
