/** The Worker's bindings and per-request context. */
import type { RequestUser, SessionUser } from './auth/session';
import type { Db, DbMeter, WriteGate } from './db/client';
import type { ApiRateLimiter } from './durable-objects/ApiRateLimiter';
import type { CourierLocation } from './durable-objects/CourierLocation';
import type { LiveHub } from './durable-objects/LiveHub';
import type { OrderTracking } from './durable-objects/OrderTracking';
import type { ZoneAutopilot } from './durable-objects/ZoneAutopilot';

export interface Env {
  /** libSQL: http://127.0.0.1:PORT locally (sqld), libsql://<db>.turso.io in production. */
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  /** Zone used for money reports and pharmacy times (spec 3-courier-area.md §2.11). */
  SERVICE_TIME_ZONE: string;
  /** Browser key for the maps service; without it every map and address field uses its fallback. */
  MAPS_API_KEY?: string;
  /** Server key for routing and geocoding; without it routes are estimated from coordinates. */
  MAPS_SERVER_KEY?: string;
  /** The US Census geocoder's base URL (keyless); 'off' skips it. Default: the public service. */
  CENSUS_GEOCODER_URL?: string;
  /** Raster tiles for the maps drawn without the maps service ({z}/{x}/{y}); default: OpenStreetMap's. */
  MAP_TILES_URL?: string;
  /** Credit shown on those maps; defaults to OpenStreetMap's when the tiles are. */
  MAP_TILES_ATTRIBUTION?: string;
  /** The Routes API's origin, https://routes.googleapis.com by default (tests point it at a fake server). */
  MAPS_ROUTES_ORIGIN?: string;
  /** "off" turns the courier proximity checks off for testing (spec 3-courier-area.md §2.13). */
  PROXIMITY_CHECK?: string;
  /** "on" (tests only): a polled region's answer names the tables it read and those its ETag versions (X-Region-Reads, X-Region-Versions). */
  REPORT_REGION_TABLES?: string;
  /** The app's public address (https://dispatch.example.com): absolute links in webhooks. Local runs pass their own. */
  PUBLIC_URL?: string;
  /** "on" also lets webhooks go to http://127.0.0.1:<port> (npm start, tests); production leaves it off. */
  ALLOW_LOCAL_WEBHOOKS?: string;
  /** DNS-over-HTTPS (JSON) resolver that webhook host names are checked with; Cloudflare's by default. */
  DNS_RESOLVER_URL?: string;
  /** Customer SMS through Twilio (secrets); without them messages are recorded as not sent (issue 16). */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM_NUMBER?: string;
  /** Twilio's API origin, https://api.twilio.com by default (tests point it at a fake server). */
  TWILIO_API_URL?: string;
  /** Customer email through an HTTP email API (secrets): its key and sender. */
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /** The email API's origin, https://api.resend.com by default. */
  EMAIL_API_URL?: string;
  ASSETS: Fetcher;
  PHOTOS: R2Bucket;
  COURIER_LOCATION: DurableObjectNamespace<CourierLocation>;
  LIVE_HUB: DurableObjectNamespace<LiveHub>;
  /** One per API key: its request budget (src/durable-objects/ApiRateLimiter.ts). */
  API_RATE_LIMITER: DurableObjectNamespace<ApiRateLimiter>;
  /** One per order: its customers' tracking pages (src/durable-objects/OrderTracking.ts). */
  ORDER_TRACKING: DurableObjectNamespace<OrderTracking>;
  /** One per zone: its autopilot's passes and timers (src/durable-objects/ZoneAutopilot.ts). */
  ZONE_AUTOPILOT: DurableObjectNamespace<ZoneAutopilot>;
  /** Background work: ids of outbox events and webhook deliveries (src/events/). */
  EVENTS: Queue<EventMessage>;
}

/**
 * What the EVENTS queue carries: an outbox event to hand to its consumers (with its
 * business, so one business's events are handled in order), a webhook delivery to
 * attempt, a customer message to send, or a courier arriving soon (issue 16).
 */
export type EventMessage =
  | { outboxId: number; restaurantId: number }
  | { deliveryId: number }
  | { customerMessageId: number }
  /** From a courier's object: the courier is a few minutes from this customer. */
  | { arrivingSoon: { orderId: number; stopId: number | null } };

export interface AppVariables {
  db: Db;
  /** Holds the request's database writes until its session is confirmed and its idempotency key claimed. */
  writeGate: WriteGate;
  /** What the request's database work cost (Server-Timing), and in tests which tables it read. */
  dbMeter: DbMeter;
  /** The same database for the writes that decide the gate (an idempotency claim and its release): they do not wait for it. */
  bookkeepingDb: Db;
  /** Who the request says it is, at once: enough to build queries with (src/http/context.ts). */
  user: RequestUser | null;
  /**
   * Whether the session check confirmed the user a read started with (src/http/context.ts).
   * Anything sent to the browser waits for it; until then only the user's identity is known.
   */
  sessionVerified: Promise<boolean>;
  /** The confirmed session's user, once the check has answered; read it with verifiedUser(c). */
  session: Promise<SessionUser | null>;
  /** fetch for the request's calls to other services: it waits for the session check (src/http/effects.ts). */
  outbound: typeof fetch;
  /** Per-response CSP nonce for the inline scripts React streams. */
  nonce: string;
  /** The viewer's IANA time zone, from the tz cookie the browser sets. */
  timeZone: string;
  /** '' on a courier host name, '/courier' on the main app (spec 3-courier-area.md §2.1). */
  courierBase: string;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
