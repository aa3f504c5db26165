/** The JSON API under /api, one file per resource. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import session from './session';

const api = new Hono<AppEnv>();

api.route('/', session);

export default api;
