/** Admin pages under /admin (spec 1-foundations-and-admin.md §2.1). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import courierTracking from './courier-tracking';
import couriers from './couriers';
import dashboard from './dashboard';
import earnings from './earnings';
import messages from './messages';
import orders from './orders';
import plan from './plan';
import restaurants from './restaurants';
import zones from './zones';

const admin = new Hono<AppEnv>();

admin.route('/', dashboard);
admin.route('/zones', zones);
admin.route('/orders', orders);
admin.route('/plan', plan);
admin.route('/couriers', couriers);
admin.route('/courier-tracking', courierTracking);
admin.route('/restaurants', restaurants);
admin.route('/earnings', earnings);
admin.route('/messages', messages);

export default admin;
