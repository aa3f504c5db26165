/** /api/couriers: the courier list, one courier, and admin edits (spec 1 §7.5, spec 2 §7). Issue 3. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const couriers = new Hono<AppEnv>();

export default couriers;
