/** Courier pages under /courier (spec 3-courier-area.md §2.1); a courier host name maps onto these (http/context.ts). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import app from './app';
import dashboard from './dashboard';
import earnings from './earnings';
import login from './login';
import profile from './profile';
import tasks from './tasks';

const courier = new Hono<AppEnv>();

courier.route('/dashboard', dashboard);
courier.route('/tasks', tasks);
courier.route('/profile', profile);
courier.route('/earnings', earnings);
courier.route('/', app);
courier.route('/', login);

export default courier;
