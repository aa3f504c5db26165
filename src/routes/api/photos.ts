/** /api/photos/*: stored photos, served only to the parties of their order (issue 5). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const photos = new Hono<AppEnv>();

export default photos;
