/** Admin pages under /admin (spec 1 §2.1). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import courierTracking from './courier-tracking';
import dashboard from './dashboard';

const admin = new Hono<AppEnv>();

admin.route('/', dashboard);
admin.route('/courier-tracking', courierTracking);

export default admin;
