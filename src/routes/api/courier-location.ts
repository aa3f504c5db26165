/** /api/couriers/location and /api/couriers/live: live positions through each courier's Durable Object (spec 1 §2.12). Issue 6. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const courierLocation = new Hono<AppEnv>();

export default courierLocation;
