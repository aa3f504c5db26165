/**
 * The maps service as the server uses it (spec 2 §7 POST /api/routes/calculate):
 * driving routes, the matrix of travel between points (for ordering stops) and
 * geocoding, only when MAPS_SERVER_KEY is configured. Without a key, or when the service
 * fails or is slow, a route or matrix is estimated from coordinates (domain/routePlan.ts)
 * and marked as such; an address without coordinates cannot be placed and is refused
 * with a message that says what to do.
 */
import { estimatedMatrix, estimateRoute, priceRoute, type RoutePlan } from '../domain/routePlan';
import type { TravelMatrix } from '../domain/routeOptimizer';
import { isValidLatitude, isValidLongitude, METERS_PER_MILE, roundCoordinate, type LatLng } from '../domain/geo';
import { ApiError, badRequest } from '../http/errors';

export interface MapsServer {
  /** MAPS_SERVER_KEY; without it nothing is sent to the maps service. */
  key?: string;
  /** Where the Routes API answers (MAPS_ROUTES_ORIGIN; tests point it at a fake server). */
  routesOrigin?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const ROUTES_ORIGIN = 'https://routes.googleapis.com';
const COMPUTE_ROUTES = '/directions/v2:computeRoutes';
const COMPUTE_ROUTE_MATRIX = '/distanceMatrix/v2:computeRouteMatrix';
export const ROUTES_URL = ROUTES_ORIGIN + COMPUTE_ROUTES;
export const ROUTE_MATRIX_URL = ROUTES_ORIGIN + COMPUTE_ROUTE_MATRIX;
/** The Routes API computes at most this many origin–destination pairs in one matrix call. */
export const MAX_MATRIX_ELEMENTS = 625;
const routesEndpoint = (maps: MapsServer, path: string) => (maps.routesOrigin ?? ROUTES_ORIGIN) + path;
export const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
const DEFAULT_TIMEOUT_MS = 4000;

async function callMaps(maps: MapsServer, url: string, init: RequestInit): Promise<unknown> {
  const response = await (maps.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(maps.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`maps service answered ${response.status}`);
  return response.json();
}

const waypoint = (point: LatLng) => ({ location: { latLng: { latitude: point.lat, longitude: point.lng } } });

interface ComputeRoutesResponse {
  routes?: Array<{ distanceMeters?: number; duration?: string; polyline?: { encodedPolyline?: string }; legs?: Array<{ duration?: string }> }>;
}

/** Minutes of a protobuf duration ("1260s", "12.5s"), or null. */
function minutesOf(duration: string | undefined): number | null {
  const seconds = /^(\d+(?:\.\d+)?)s$/.exec(duration ?? '');
  return seconds ? Number(seconds[1]) / 60 : null;
}

/**
 * Each leg's minutes from the service; when it gives none usable, its total shared out
 * like the estimate's legs (so arrivals at the stops still add up to the route's time).
 */
function legMinutesOf(route: NonNullable<ComputeRoutesResponse['routes']>[number], path: readonly LatLng[]): number[] {
  const legs = (route.legs ?? []).map((leg) => minutesOf(leg.duration));
  if (legs.length === path.length - 1 && legs.every((leg) => leg != null)) return legs as number[];
  const estimate = estimateRoute(path).legMinutes;
  const estimated = estimate.reduce((sum, leg) => sum + leg, 0);
  const total = minutesOf(route.duration) ?? estimated;
  return estimate.map((leg) => (estimated > 0 ? (leg / estimated) * total : total / estimate.length));
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
  const answer = (await callMaps(maps, routesEndpoint(maps, COMPUTE_ROUTES), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Goog-Api-Key': maps.key,
      'X-Goog-FieldMask': 'routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline,routes.legs.duration',
    },
    body: JSON.stringify(body),
  })) as ComputeRoutesResponse;
  const route = answer.routes?.[0];
  if (!route || typeof route.distanceMeters !== 'number' || !route.polyline?.encodedPolyline) return null;
  return priceRoute(route.distanceMeters / METERS_PER_MILE, route.polyline.encodedPolyline, legMinutesOf(route, path), false);
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

interface RouteMatrixElement {
  // Proto3 JSON leaves out zeros: a missing index or distance is 0.
  originIndex?: number;
  destinationIndex?: number;
  distanceMeters?: number;
  duration?: string;
  condition?: string;
}

/** One call to the matrix: every origin to every destination. */
async function matrixCall(maps: MapsServer & { key: string }, origins: readonly LatLng[], destinations: readonly LatLng[]): Promise<RouteMatrixElement[]> {
  const answer = await callMaps(maps, routesEndpoint(maps, COMPUTE_ROUTE_MATRIX), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Goog-Api-Key': maps.key,
      'X-Goog-FieldMask': 'originIndex,destinationIndex,distanceMeters,duration,condition',
    },
    body: JSON.stringify({
      origins: origins.map((point) => ({ waypoint: waypoint(point) })),
      destinations: destinations.map((point) => ({ waypoint: waypoint(point) })),
      travelMode: 'DRIVE',
      routingPreference: 'TRAFFIC_UNAWARE',
    }),
  });
  if (!Array.isArray(answer)) throw new Error('the route matrix is not a list');
  return answer as RouteMatrixElement[];
}

/**
 * The driving matrix between the points (the start, then the stops): every point to
 * every stop, since a route never returns to its start. One call while the pairs fit in
 * one (24 stops); at 25 the start's row is a second call, made at the same time. Any pair
 * missing or without a route makes the whole matrix unusable: mixing driven and estimated
 * legs would compare unlike distances.
 */
async function drivenMatrix(maps: MapsServer & { key: string }, points: readonly LatLng[]): Promise<TravelMatrix> {
  const stops = points.slice(1);
  const calls = points.length * stops.length <= MAX_MATRIX_ELEMENTS ? [{ first: 0, origins: points }] : [{ first: 0, origins: points.slice(0, 1) }, { first: 1, origins: stops }];
  const answers = await Promise.all(calls.map((call) => matrixCall(maps, call.origins, stops)));
  const size = points.length;
  const matrix: TravelMatrix = { size, miles: new Float64Array(size * size), minutes: new Float64Array(size * size) };
  const filled = new Uint8Array(size * size);
  answers.forEach((elements, call) => {
    for (const element of elements) {
      const from = calls[call].first + (element.originIndex ?? 0);
      const to = 1 + (element.destinationIndex ?? 0);
      const minutes = minutesOf(element.duration ?? '0s');
      if (element.condition !== 'ROUTE_EXISTS' || minutes == null || from >= size || to >= size) continue;
      matrix.miles[from * size + to] = (element.distanceMeters ?? 0) / METERS_PER_MILE;
      matrix.minutes[from * size + to] = minutes;
      filled[from * size + to] = 1;
    }
  });
  for (let from = 0; from < size; from++) {
    for (let to = 1; to < size; to++) {
      if (from !== to && !filled[from * size + to]) throw new Error(`the route matrix has no route from point ${from} to point ${to}`);
    }
  }
  return matrix;
}

/**
 * Miles and minutes between the points (the start first, then the stops), for ordering
 * the stops: the maps service's matrix when a key is configured and it answers in full,
 * otherwise the estimate (marked as such).
 */
export async function travelMatrixBetween(maps: MapsServer, points: readonly LatLng[]): Promise<{ matrix: TravelMatrix; estimated: boolean }> {
  // With one stop there is nothing to order.
  if (maps.key && points.length > 2) {
    try {
      return { matrix: await drivenMatrix({ ...maps, key: maps.key }, points), estimated: false };
    } catch (error) {
      console.warn('route matrix failed; using the estimate', (error as Error).message);
    }
  }
  return { matrix: estimatedMatrix(points), estimated: true };
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

type BusinessPlace = { address: string; latitude: number | null; longitude: number | null };

/** Where the business's route starts, and every point placed. */
export async function locateRoute(maps: MapsServer, business: BusinessPlace, points: readonly RoutePoint[]): Promise<Omit<LocatedRoute, 'plan'>> {
  const [origin, stops] = await Promise.all([pickupPoint(maps, business), locatePoints(maps, points, (index) => `Stop ${index + 1}`)]);
  return { origin, stops };
}

/** The route from the business through the points in order, with every point placed. */
export async function routeFrom(maps: MapsServer, business: BusinessPlace, points: readonly RoutePoint[]): Promise<LocatedRoute> {
  const { origin, stops } = await locateRoute(maps, business, points);
  return { origin, stops, plan: await planRoute(maps, [origin, ...stops]) };
}
