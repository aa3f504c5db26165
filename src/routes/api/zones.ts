/** /api/zones: zones (spec 1-foundations-and-admin.md §2.7, §7.4). Issue 3. */
import { Hono } from 'hono';
import { createZone, findZone, listZones, serializeZone, updateZone, zoneNamed } from '../../db/zones';
import { idParam } from '../../domain/schemas/common';
import { zoneSchema } from '../../domain/schemas/zones';
import type { AppEnv } from '../../env';
import { conflict, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const zones = new Hono<AppEnv>();

/** Names are unique regardless of case (D8); the unique index is the last word, this check gives the clear message. */
function refuseDuplicateName(existing: { name: string } | undefined): void {
  if (existing) throw conflict('Zone name already exists', `A zone named "${existing.name}" already exists. Choose another name.`);
}

zones.get('/', requireApi('admin'), async (c) => c.json((await listZones(c.var.db)).map(serializeZone)));

zones.post('/', requireApi('admin'), validate('json', zoneSchema), async (c) => {
  const input = c.req.valid('json');
  refuseDuplicateName(await zoneNamed(c.var.db, input.name));
  return c.json(serializeZone(await createZone(c.var.db, input)), 201);
});

zones.patch('/:id', requireApi('admin'), validate('param', idParam), validate('json', zoneSchema), async (c) => {
  const { id } = c.req.valid('param');
  const input = c.req.valid('json');
  const [zone, sameName] = await Promise.all([findZone(c.var.db, id), zoneNamed(c.var.db, input.name, id)]);
  if (!zone) throw notFound('Zone not found');
  refuseDuplicateName(sameName);
  return c.json(serializeZone((await updateZone(c.var.db, id, input))!));
});

export default zones;
