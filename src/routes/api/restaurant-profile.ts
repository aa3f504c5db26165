/** /api/restaurants/profile: the signed-in business's own profile (spec 2-business-area.md §7). Issue 4. */
import { Hono } from 'hono';
import { serializeBusinessProfile } from '../../db/business';
import type { AppEnv } from '../../env';
import { signedInBusiness } from '../../http/business';
import { requireApi } from '../../http/guards';

const restaurantProfile = new Hono<AppEnv>();

restaurantProfile.get('/profile', requireApi('restaurant'), async (c) => c.json(serializeBusinessProfile(await signedInBusiness(c))));

export default restaurantProfile;
