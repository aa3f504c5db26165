/** /api/couriers: the courier list, one courier, and admin edits (spec 1-foundations-and-admin.md §7.5, spec 2-business-area.md §7). Issue 3. */
import { Hono } from 'hono';
import {
  findCourier,
  findCourierOfBusiness,
  listCouriers,
  listCouriersOfBusiness,
  serializeCourier,
  serializeCourierCard,
  updateCourier,
  decideDocument,
} from '../../db/couriers';
import { DOCUMENTS } from '../../domain/documents';
import { documentDecisionSchema } from '../../domain/schemas/courier';
import { zoneExists } from '../../db/users';
import { idParam } from '../../domain/schemas/common';
import { courierUpdateSchema } from '../../domain/schemas/users';
import type { AppEnv } from '../../env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const couriers = new Hono<AppEnv>();

/**
 * The admin gets every courier with a linked user (spec 1-foundations-and-admin.md §7.5). A business gets only
 * the couriers who hold or held its orders, as cards (name, phone, vehicle): what its
 * order details show, and no more of anyone's personal data.
 */
couriers.get('/', requireApi('admin', 'restaurant'), async (c) => {
  const user = c.var.user!;
  if (user.role === 'admin') return c.json((await listCouriers(c.var.db)).map(serializeCourier));
  return c.json(user.restaurantId ? (await listCouriersOfBusiness(c.var.db, user.restaurantId)).map(serializeCourierCard) : []);
});

/** One courier as an order's details show it: {name, phone, vehicleInfo} (spec 1-foundations-and-admin.md §7.5). */
couriers.get('/:id', requireApi('admin', 'restaurant'), validate('param', idParam), async (c) => {
  const user = c.var.user!;
  const { id } = c.req.valid('param');
  const courier =
    user.role === 'admin' ? await findCourier(c.var.db, id) : user.restaurantId ? await findCourierOfBusiness(c.var.db, id, user.restaurantId) : undefined;
  if (!courier) throw notFound('Courier not found');
  return c.json(serializeCourierCard(courier));
});

/** The Edit Courier dialog (spec 1-foundations-and-admin.md §2.9); phone and zone also go to the courier's user, in the same transaction. */
couriers.patch('/:id', requireApi('admin'), validate('param', idParam), validate('json', courierUpdateSchema), async (c) => {
  const input = c.req.valid('json');
  const [courier, zoneFound] = await Promise.all([
    findCourier(c.var.db, c.req.valid('param').id),
    input.zoneId === undefined || zoneExists(c.var.db, input.zoneId),
  ]);
  if (!courier) throw notFound('Courier not found');
  if (!zoneFound) throw badRequest('Zone not found', 'Choose an existing zone.');
  return c.json(serializeCourier(await updateCourier(c.var.db, courier, input)));
});

/**
 * The admin's answer to a new expiry a courier typed (decision C22): verified, it counts at
 * once; refused, the old date stays. A request that changed meanwhile is a 409.
 */
couriers.post('/:id/documents', requireApi('admin'), validate('param', idParam), validate('json', documentDecisionSchema), async (c) => {
  const { document, requested, decision } = c.req.valid('json');
  const id = c.req.valid('param').id;
  const [courier, decided] = await Promise.all([findCourier(c.var.db, id), decideDocument(c.var.db, id, document, requested, decision === 'verify')]);
  if (!courier) throw notFound('Courier not found');
  if (!decided) throw conflict('This date is no longer waiting', 'The courier changed or withdrew it, or another admin decided it. Refresh the list.');
  return c.json({ document, decision, expiry: decision === 'verify' ? requested : courier.courier[DOCUMENTS[document].expiry] });
});

export default couriers;
