/** /api/places: address suggestions that work without the maps service (issue 4). */
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

const places = new Hono<AppEnv>();

export default places;
