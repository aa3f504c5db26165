/** Admin pages under /admin (spec 1 §2.1). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import dashboard from './dashboard';

const admin = new Hono<AppEnv>();

admin.route('/', dashboard);

export default admin;
