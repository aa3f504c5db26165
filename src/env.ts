/** The Worker's bindings and per-request context. */
import type { SessionUser } from './auth/session';
import type { Db } from './db/client';
import type { CourierLocation } from './durable-objects/CourierLocation';
import type { LiveHub } from './durable-objects/LiveHub';

export interface Env {
  /** libSQL: http://127.0.0.1:PORT locally (sqld), libsql://<db>.turso.io in production. */
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  /** Zone used for money reports and pharmacy times (spec 3 §2.11). */
  SERVICE_TIME_ZONE: string;
  /** Browser key for the maps service; without it every map and address field uses its fallback. */
  MAPS_API_KEY?: string;
  /** Server key for routing and geocoding; without it routes are estimated from coordinates. */
  MAPS_SERVER_KEY?: string;
  /** The Routes API's origin, https://routes.googleapis.com by default (tests point it at a fake server). */
  MAPS_ROUTES_ORIGIN?: string;
  /** "off" turns the courier proximity checks off for testing (spec 3 §2.13). */
  PROXIMITY_CHECK?: string;
  ASSETS: Fetcher;
  PHOTOS: R2Bucket;
  COURIER_LOCATION: DurableObjectNamespace<CourierLocation>;
  LIVE_HUB: DurableObjectNamespace<LiveHub>;
}

export interface AppVariables {
  db: Db;
  user: SessionUser | null;
  /** Per-response CSP nonce for the inline scripts React streams. */
  nonce: string;
  /** The viewer's IANA time zone, from the tz cookie the browser sets. */
  timeZone: string;
  /** '' on a courier host name, '/courier' on the main app (spec 3 §2.1). */
  courierBase: string;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
