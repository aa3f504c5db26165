/**
 * The signed-in business, the maps service and the geocoding chain, for the API routes
 * and pages. The business always comes from the session, never from an id in the request.
 */
import type { Context } from 'hono';
import type { Db } from '../db/client';
import { zipCentroid } from '../db/places';
import type { Restaurant } from '../db/schema';
import type { AppEnv, Env } from '../env';
import { censusUrl, type Geocoder } from '../maps/geocoding';
import type { MapsServer } from '../maps/service';
import { ownRecord, ownRecordId } from './ownRecord';

export const ownBusinessId = (c: Context<AppEnv>): number => ownRecordId(c, 'business');
export const signedInBusiness = (c: Context<AppEnv>): Promise<Restaurant> => ownRecord(c, 'business');

/** The maps service for this request: its calls leave once the session holds (c.var.outbound). */
export const mapsServer = (c: { env: Env; var: { outbound: typeof fetch } }): MapsServer => ({
  key: c.env.MAPS_SERVER_KEY || undefined,
  routesOrigin: c.env.MAPS_ROUTES_ORIGIN || undefined,
  fetch: c.var.outbound,
});

/** The geocoding chain for this request: maps service (with a key), Census geocoder, ZIP centroids. */
export const geocoder = (c: { env: Env; var: { db: Db; outbound: typeof fetch } }): Geocoder => ({
  ...mapsServer(c),
  census: censusUrl(c.env.CENSUS_GEOCODER_URL),
  zipCentroid: (zip) => zipCentroid(c.var.db, zip),
});
