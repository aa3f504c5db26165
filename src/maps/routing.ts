/**
 * The maps service as the server uses it (spec 2-business-area.md §7 POST /api/routes/calculate):
 * driving routes and geocoding, only when MAPS_SERVER_KEY is configured. Without a key,
 * or when the service fails or is slow, a route is estimated from coordinates
 * (domain/routePlan.ts) and marked as such; an address without coordinates cannot be
 * placed and is refused with a message that says what to do.
 */
import { priceRoute, estimateRoute, type RoutePlan } from '../domain/routePlan';
import { isValidLatitude, isValidLongitude, METERS_PER_MILE, roundCoordinate, type LatLng } from '../domain/geo';
import { ApiError, badRequest } from '../http/errors';

export interface MapsServer {
  /** MAPS_SERVER_KEY; without it nothing is sent to the maps service. */
  key?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const ROUTES_URL = 'https://routes.googleapis.com/directions/v2:computeRoutes';
export const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
const DEFAULT_TIMEOUT_MS = 4000;

async function callMaps(maps: MapsServer, url: string, init: RequestInit): Promise<unknown> {
  const response = await (maps.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(maps.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`maps service answered ${response.status}`);
  return response.json();
}

const waypoint = (point: LatLng) => ({ location: { latLng: { latitude: point.lat, longitude: point.lng } } });

interface ComputeRoutesResponse {
  routes?: Array<{ distanceMeters?: number; duration?: string; polyline?: { encodedPolyline?: string } }>;
}

/** The driving route through path (pickup first) from the routing service, or null when it gives none. */
async function drivingRoute(maps: MapsServer & { key: string }, path: readonly LatLng[]): Promise<RoutePlan | null> {
  const body = {
    origin: waypoint(path[0]),
    destination: waypoint(path[path.length - 1]),
    intermediates: path.slice(1, -1).map(waypoint),
    travelMode: 'DRIVE',
    routingPreference: 'TRAFFIC_UNAWARE',
    units: 'IMPERIAL',
  };
  const answer = (await callMaps(maps, ROUTES_URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Goog-Api-Key': maps.key,
      'X-Goog-FieldMask': 'routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline',
    },
    body: JSON.stringify(body),
  })) as ComputeRoutesResponse;
  const route = answer.routes?.[0];
  if (!route || typeof route.distanceMeters !== 'number' || !route.polyline?.encodedPolyline) return null;
  const seconds = Number.parseFloat(route.duration ?? '');
  return priceRoute(route.distanceMeters / METERS_PER_MILE, route.polyline.encodedPolyline, Number.isFinite(seconds) ? seconds / 60 : 0, false);
}

/**
 * The route through path (the pickup, then the stops in order): the driving route when
 * a key is configured and the service answers, otherwise the estimate.
 */
export async function planRoute(maps: MapsServer, path: readonly LatLng[]): Promise<RoutePlan> {
  if (maps.key && path.length >= 2) {
    try {
      const driven = await drivingRoute({ ...maps, key: maps.key }, path);
      if (driven) return driven;
    } catch (error) {
      console.warn('routing failed; using the estimate', (error as Error).message);
    }
  }
  return estimateRoute(path);
}

interface GeocodeResponse {
  status?: string;
  results?: Array<{ geometry?: { location?: { lat?: number; lng?: number } } }>;
}

/**
 * Coordinates of a US address from the geocoding service. Without a key this refuses
 * with `what` in the message; a service that fails is a 502, an address it cannot find a 400.
 */
export async function geocodeAddress(maps: MapsServer, address: string, what: string): Promise<LatLng> {
  if (!maps.key) {
    throw badRequest(
      `${what} has no map location`,
      `Choose ${what.toLowerCase()}'s address from the suggestions: without the maps service an address typed by hand cannot be placed on the map.`,
    );
  }
  let answer: GeocodeResponse;
  try {
    const query = new URLSearchParams({ address, components: 'country:US', key: maps.key });
    answer = (await callMaps(maps, `${GEOCODE_URL}?${query}`, { method: 'GET' })) as GeocodeResponse;
  } catch (error) {
    console.warn('geocoding failed', (error as Error).message);
    throw new ApiError(502, 'The maps service could not be reached', `${what}'s address could not be placed on the map right now. Choose it from the suggestions, or try again.`);
  }
  const location = answer.results?.[0]?.geometry?.location;
  if (answer.status !== 'OK' || !isValidLatitude(location?.lat) || !isValidLongitude(location?.lng)) {
    throw badRequest(`${what}'s address was not found`, `The maps service could not find "${address}". Check the address and choose it from the suggestions.`);
  }
  return { lat: roundCoordinate(location.lat), lng: roundCoordinate(location.lng) };
}

/** A point given by coordinates, or by an address to geocode. */
export interface RoutePoint {
  lat: number | null;
  lng: number | null;
  address?: string | null;
}

/** Coordinates for every point, geocoding the ones given only as an address (in parallel). */
export function locatePoints(maps: MapsServer, points: readonly RoutePoint[], name: (index: number) => string): Promise<LatLng[]> {
  return Promise.all(
    points.map((point, index) =>
      point.lat != null && point.lng != null ? { lat: point.lat, lng: point.lng } : geocodeAddress(maps, point.address ?? '', name(index)),
    ),
  );
}

/** Where a business's routes start: its stored location, else its address geocoded. */
export async function pickupPoint(maps: MapsServer, business: { address: string; latitude: number | null; longitude: number | null }): Promise<LatLng> {
  if (business.latitude != null && business.longitude != null) return { lat: business.latitude, lng: business.longitude };
  if (!maps.key || !business.address.trim()) {
    throw badRequest('Pharmacy address not found', 'Your business has no map location yet. Ask the administrator to choose its address from the suggestions.');
  }
  return geocodeAddress(maps, business.address, 'Your business');
}

export interface LocatedRoute {
  origin: LatLng;
  stops: LatLng[];
  plan: RoutePlan;
}

/** The route from the business through the points in order, with every point placed. */
export async function routeFrom(
  maps: MapsServer,
  business: { address: string; latitude: number | null; longitude: number | null },
  points: readonly RoutePoint[],
): Promise<LocatedRoute> {
  const [origin, stops] = await Promise.all([pickupPoint(maps, business), locatePoints(maps, points, (index) => `Stop ${index + 1}`)]);
  return { origin, stops, plan: await planRoute(maps, [origin, ...stops]) };
}
