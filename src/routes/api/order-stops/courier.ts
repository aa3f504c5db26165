/** /api/order-stops by a courier: PATCH /:stopId moves a stop of an order one holds (spec 3 §7.4). Issue 5. */
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';

const courierStops = new Hono<AppEnv>();

export default courierStops;
