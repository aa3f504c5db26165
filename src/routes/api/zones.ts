/** /api/zones: zones (spec 1-foundations-and-admin.md §2.7, §7.4). Issue 3. */
import { Hono } from 'hono';
import { createZone, findZone, listZones, serializeZone, serializeZoneDispatch, updateZone, updateZoneDispatch, zoneNamed } from '../../db/zones';
import { zoneAutopilot } from '../../durable-objects/names';
import { idParam } from '../../domain/schemas/common';
import { dispatchSettingsSchema, planConfirmSchema, zoneSchema } from '../../domain/schemas/zones';
import { idempotent } from '../../http/idempotency';
import { confirmPlan } from '../../services/dispatch/plan';
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

/** The zone's autopilot (issue 30, decision W12): its mode, paused or not, and its numbers; the autopilot acts on them at once. */
zones.patch('/:id/dispatch', requireApi('admin'), validate('param', idParam), validate('json', dispatchSettingsSchema), async (c) => {
  const { id } = c.req.valid('param');
  const { settings, paused } = c.req.valid('json');
  const zone = await updateZoneDispatch(c.var.db, id, settings, paused);
  if (!zone) throw notFound('Zone not found');
  c.executionCtx.waitUntil(
    zoneAutopilot(c.env, id)
      .wake(id)
      .catch((error: Error) => console.error('autopilot not woken; the cron will', error.message)),
  );
  return c.json(serializeZoneDispatch(zone));
});

/** Plan all, confirmed (issue 30): the reviewed plan's orders assigned in one transaction; those taken meanwhile are counted, not forced. */
zones.post('/:id/plan', requireApi('admin'), validate('param', idParam), validate('json', planConfirmSchema), idempotent, async (c) => {
  const { id } = c.req.valid('param');
  const result = await confirmPlan(c.var.db, id, c.req.valid('json').assignments, { userId: c.var.user!.id, role: 'admin' });
  return c.json(result);
});

export default zones;
