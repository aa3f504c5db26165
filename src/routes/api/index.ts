/** The JSON API under /api, one file per resource. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import orderStops from './order-stops';
import orders from './orders';
import session from './session';

const api = new Hono<AppEnv>();

api.route('/', session);
api.route('/orders', orders);
api.route('/order-stops', orderStops);

export default api;
