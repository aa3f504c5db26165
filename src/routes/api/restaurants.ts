/** /api/restaurants: the business list, one business, create and edit (spec 1 §7.6). Issue 3. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const restaurants = new Hono<AppEnv>();

export default restaurants;
