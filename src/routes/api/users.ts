/** /api/users: PATCH /:id activates, deactivates or updates a courier or business account (spec 1 §7.5). Issue 3. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const users = new Hono<AppEnv>();

export default users;
