/** /api/order-stops by a business: POST / creates a stop of one's own order (spec 2 §7). Issue 4. */
import { Hono } from 'hono';
import type { AppEnv } from '../../../env';

const businessStops = new Hono<AppEnv>();

export default businessStops;
