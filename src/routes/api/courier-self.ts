/** /api/couriers/profile and /api/couriers/earnings: the signed-in courier's own record and earnings (spec 3 §7.5). Issue 5. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const courierSelf = new Hono<AppEnv>();

export default courierSelf;
