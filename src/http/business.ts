/**
 * The signed-in business and the maps service, for the business's API routes and
 * pages. The business always comes from the session, never from an id in the request.
 */
import type { Context } from 'hono';
import { findBusiness } from '../db/business';
import type { Restaurant } from '../db/schema';
import type { AppEnv, Env } from '../env';
import type { MapsServer } from '../maps/routing';
import { notFound } from './errors';

export async function signedInBusiness(c: Context<AppEnv>): Promise<Restaurant> {
  const restaurantId = c.var.user?.restaurantId;
  const business = restaurantId ? await findBusiness(c.var.db, restaurantId) : undefined;
  if (!business) throw notFound('Business profile not found');
  return business;
}

export const mapsServer = (env: Env): MapsServer => ({ key: env.MAPS_SERVER_KEY || undefined, routesOrigin: env.MAPS_ROUTES_ORIGIN || undefined });
