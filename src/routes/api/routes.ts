/** /api/routes/calculate: route distance and fee for multi-stop orders (spec 2 §7). Issue 4. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const routes = new Hono<AppEnv>();

export default routes;
