/** /api/users: PATCH /:id activates, deactivates or updates a courier or business account (spec 1-foundations-and-admin.md §7.5). Issue 3. */
import { Hono } from 'hono';
import { endLiveSockets } from '../../auth/session';
import { courierIdOfUser, findUser, patchUser } from '../../db/accounts';
import { serializeUser, zoneExists } from '../../db/users';
import { userPatchSchema } from '../../domain/schemas/accounts';
import { idParam } from '../../domain/schemas/common';
import type { AppEnv } from '../../env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const users = new Hono<AppEnv>();

users.patch('/:id', requireApi('admin'), validate('param', idParam), validate('json', userPatchSchema), async (c) => {
  const db = c.var.db;
  const patch = c.req.valid('json');
  const id = c.req.valid('param').id;
  // The courier id (if any) names the phone sockets a deactivation closes; read in the same round trip.
  const [user, zoneFound, courierId] = await Promise.all([
    findUser(db, id),
    patch.zoneId === undefined || zoneExists(db, patch.zoneId),
    patch.isActive === false ? courierIdOfUser(db, id) : null,
  ]);
  if (!user) throw notFound('User not found');
  if (user.role === 'admin') throw badRequest('Only courier and business accounts can be changed here');
  if (!zoneFound) throw badRequest('Zone not found', 'Choose an existing zone.');
  const { saved, unfinished } = await patchUser(db, user, patch);
  if (!saved) {
    throw conflict(
      'Restaurant has unfinished orders',
      `${user.name} has ${unfinished} order${unfinished === 1 ? '' : 's'} that ${unfinished === 1 ? 'is' : 'are'} neither delivered nor cancelled. An active business with unfinished orders cannot be deactivated.`,
    );
  }
  // A deactivated account is signed out everywhere at once: its sessions went with the change, its live sockets go now.
  if (patch.isActive === false) await endLiveSockets(c.env, { userId: user.id }, courierId);
  return c.json(serializeUser(saved));
});

export default users;
