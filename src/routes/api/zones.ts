/** /api/zones: zones (spec 1 §2.7, §7.4). Issue 3. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const zones = new Hono<AppEnv>();

export default zones;
