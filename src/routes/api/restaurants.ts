/** /api/restaurants: the business list, one business, create and edit (spec 1-foundations-and-admin.md §7.6). Issue 3. */
import { Hono } from 'hono';
import { hashPassword } from '../../auth/password';
import { createRestaurantAccount, findRestaurant, listRestaurants, serializeRestaurant, updateRestaurant } from '../../db/restaurants';
import { usernameTaken, zoneExists } from '../../db/users';
import { idParam } from '../../domain/schemas/common';
import { restaurantCreateSchema, restaurantUpdateSchema } from '../../domain/schemas/restaurants';
import type { AppEnv } from '../../env';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';

const restaurants = new Hono<AppEnv>();

restaurants.get('/', requireApi('admin'), async (c) => c.json((await listRestaurants(c.var.db)).map(serializeRestaurant)));

/** One business; the assign flow reads its zoneId (spec 1-foundations-and-admin.md §7.3). */
restaurants.get('/:id', requireApi('admin'), validate('param', idParam), async (c) => {
  const restaurant = await findRestaurant(c.var.db, c.req.valid('param').id);
  if (!restaurant) throw notFound('Restaurant not found');
  return c.json(serializeRestaurant(restaurant));
});

/** Creates the login (role restaurant) and the business in one transaction (spec 1-foundations-and-admin.md §2.10 Add New Restaurant). */
restaurants.post('/', requireApi('admin'), validate('json', restaurantCreateSchema), async (c) => {
  const input = c.req.valid('json');
  const db = c.var.db;
  if (await usernameTaken(db, input.username)) throw conflict('Username already exists', `The username "${input.username}" is taken; choose another.`);
  if (!(await zoneExists(db, input.zoneId))) throw badRequest('Zone not found', 'Choose an existing zone.');
  const restaurant = await createRestaurantAccount(db, input, await hashPassword(input.password));
  return c.json(serializeRestaurant((await findRestaurant(db, restaurant.id))!), 201);
});

restaurants.patch('/:id', requireApi('admin'), validate('param', idParam), validate('json', restaurantUpdateSchema), async (c) => {
  const db = c.var.db;
  const current = await findRestaurant(db, c.req.valid('param').id);
  if (!current) throw notFound('Restaurant not found');
  await updateRestaurant(db, current.restaurant, c.req.valid('json'));
  return c.json(serializeRestaurant((await findRestaurant(db, current.restaurant.id))!));
});

export default restaurants;
