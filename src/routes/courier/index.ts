/** Courier pages under /courier (spec 3 §2.1); a courier host name maps onto these (http/context.ts). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import dashboard from './dashboard';
import login from './login';

const courier = new Hono<AppEnv>();

courier.route('/dashboard', dashboard);
courier.route('/', login);

export default courier;
