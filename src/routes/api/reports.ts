/** /api/reports: the earnings report and its CSV (spec 1 §2.11, §7.7). Issue 3. */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const reports = new Hono<AppEnv>();

export default reports;
