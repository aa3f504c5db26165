/** /api/restaurants: the business list, one business, create and edit (spec 1-foundations-and-admin.md §7.6). Issue 3. */
import { Hono, type Context } from 'hono';
import { hashPassword } from '../../auth/password';
import { createRestaurantAccount, findRestaurant, listRestaurants, serializeRestaurant, updateRestaurant } from '../../db/restaurants';
import { usernameTaken, zoneExists } from '../../db/users';
import { idParam } from '../../domain/schemas/common';
import { restaurantCreateSchema, restaurantUpdateSchema } from '../../domain/schemas/restaurants';
import { givenPlace, type LocationPrecision, type PlacedAddress } from '../../domain/location';
import type { AppEnv } from '../../env';
import { geocoder } from '../../http/business';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireApi } from '../../http/guards';
import { validate } from '../../http/validate';
import { placeUnlessGiven } from '../../maps/geocoding';

const restaurants = new Hono<AppEnv>();

restaurants.get('/', requireApi('admin'), async (c) => c.json((await listRestaurants(c.var.db)).map(serializeRestaurant)));

/** One business; the assign flow reads its zoneId (spec 1-foundations-and-admin.md §7.3). */
restaurants.get('/:id', requireApi('admin'), validate('param', idParam), async (c) => {
  const restaurant = await findRestaurant(c.var.db, c.req.valid('param').id);
  if (!restaurant) throw notFound('Restaurant not found');
  return c.json(serializeRestaurant(restaurant));
});

/**
 * Where a business is: the coordinates chosen from the maps service's suggestions, else
 * its address placed by the geocoding chain (an address typed without the maps service).
 */
const businessPlace = (
  c: Context<AppEnv>,
  address: string,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  precision: LocationPrecision = 'address',
) => placeUnlessGiven(geocoder(c), givenPlace(latitude, longitude, precision), address);

const located = (place: PlacedAddress) => ({ latitude: place.latitude, longitude: place.longitude, locationPrecision: place.precision });

/** Creates the login (role restaurant) and the business in one transaction (spec 1-foundations-and-admin.md §2.10 Add New Restaurant). */
restaurants.post('/', requireApi('admin'), validate('json', restaurantCreateSchema), async (c) => {
  const input = c.req.valid('json');
  const db = c.var.db;
  const [taken, zoneFound, place] = await Promise.all([
    usernameTaken(db, input.username),
    zoneExists(db, input.zoneId),
    businessPlace(c, input.address, input.latitude, input.longitude),
  ]);
  if (taken) throw conflict('Username already exists', `The username "${input.username}" is taken; choose another.`);
  if (!zoneFound) throw badRequest('Zone not found', 'Choose an existing zone.');
  return c.json(serializeRestaurant(await createRestaurantAccount(db, { ...input, ...located(place) }, await hashPassword(input.password))), 201);
});

restaurants.patch('/:id', requireApi('admin'), validate('param', idParam), validate('json', restaurantUpdateSchema), async (c) => {
  const db = c.var.db;
  const current = await findRestaurant(db, c.req.valid('param').id);
  if (!current) throw notFound('Restaurant not found');
  const input = c.req.valid('json');
  const stored = current.restaurant;
  // The dialog sends back the stored coordinates when the address was not touched, and null after typing over it;
  // a business that has no coordinates yet is placed again.
  const sameCoordinates =
    (input.latitude === undefined || input.latitude === stored.latitude) && (input.longitude === undefined || input.longitude === stored.longitude);
  const sameAddress = input.address === undefined || input.address === stored.address;
  const keep = sameCoordinates && sameAddress && stored.latitude != null;
  const place = keep
    ? null
    : await businessPlace(c, input.address ?? stored.address, input.latitude, input.longitude, sameCoordinates ? stored.locationPrecision : 'address');
  return c.json(serializeRestaurant(await updateRestaurant(db, stored, place ? { ...input, ...located(place) } : input)));
});

export default restaurants;
