/** /api/restaurants/profile: the signed-in business's own profile (spec 2 §7). Issue 4. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const restaurantProfile = new Hono<AppEnv>();

export default restaurantProfile;
