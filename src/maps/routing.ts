/**
 * Routes as the server computes them (spec 2-business-area.md §7 POST /api/routes/calculate): the driving
 * route from the maps service when MAPS_SERVER_KEY is configured, otherwise (or when the
 * service fails or is slow) an estimate from coordinates (domain/routePlan.ts), marked
 * as such; and the matrix of travel between points, for ordering stops (issue 18),
 * estimated the same way without the service. Points given only as an address are
 * placed by the geocoding chain (geocoding.ts); one that no step can place is refused
 * with a message that says what to add.
 */
import { estimatedMatrix, estimateRoute, priceRoute, type RoutePlan } from '../domain/routePlan';
import type { TravelMatrix } from '../domain/routeOptimizer';
import { METERS_PER_MILE, type LatLng } from '../domain/geo';
import { decodePolyline, encodePolyline } from '../domain/polyline';
import { placedPrecision, type LocationPrecision, type PlacedPrecision } from '../domain/location';
import { badRequest } from '../http/errors';
import { placeAddress, type Geocoder } from './geocoding';
import { callMaps, type MapsServer } from './service';

const ROUTES_ORIGIN = 'https://routes.googleapis.com';
const COMPUTE_ROUTES = '/directions/v2:computeRoutes';
const COMPUTE_ROUTE_MATRIX = '/distanceMatrix/v2:computeRouteMatrix';
export const ROUTES_URL = ROUTES_ORIGIN + COMPUTE_ROUTES;
export const ROUTE_MATRIX_URL = ROUTES_ORIGIN + COMPUTE_ROUTE_MATRIX;
/** The Routes API computes at most this many origin–destination pairs in one matrix call. */
export const MAX_MATRIX_ELEMENTS = 625;
const routesEndpoint = (maps: MapsServer, path: string) => (maps.routesOrigin ?? ROUTES_ORIGIN) + path;

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

/** The Routes API takes at most this many intermediate points in one route. */
export const MAX_INTERMEDIATES = 25;

/** One stretch of a driven route: its meters, its encoded line and each leg's minutes. */
interface DrivenStretch {
  meters: number;
  polyline: string;
  legMinutes: number[];
}

/** The driving route through path (at most MAX_INTERMEDIATES between its ends) from the routing service, or null when it gives none. */
async function drivenStretch(maps: MapsServer & { key: string }, path: readonly LatLng[]): Promise<DrivenStretch | null> {
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
  return { meters: route.distanceMeters, polyline: route.polyline.encodedPolyline, legMinutes: legMinutesOf(route, path) };
}

/** One encoded line of stretches that follow one another: each starts where the one before ends, a point drawn once. */
function joinedLine(polylines: readonly string[]): string {
  if (polylines.length === 1) return polylines[0];
  return encodePolyline(
    polylines.flatMap((polyline, index) => decodePolyline(polyline, 5).slice(index === 0 ? 0 : 1)),
    5,
  );
}

/**
 * The driving route through path (pickup first), or null when the service gives none: a
 * route of more stops than one call takes is asked for in stretches, each starting where
 * the one before ends, at the same time, and joined; a stretch missing loses the whole.
 */
async function drivingRoute(maps: MapsServer & { key: string }, path: readonly LatLng[]): Promise<RoutePlan | null> {
  const legsPerCall = MAX_INTERMEDIATES + 1;
  const stretches = [];
  for (let first = 0; first < path.length - 1; first += legsPerCall) stretches.push(path.slice(first, first + legsPerCall + 1));
  const driven = await Promise.all(stretches.map((stretch) => drivenStretch(maps, stretch)));
  if (driven.some((stretch) => stretch == null)) return null;
  const parts = driven as DrivenStretch[];
  const meters = parts.reduce((sum, part) => sum + part.meters, 0);
  return priceRoute(
    meters / METERS_PER_MILE,
    joinedLine(parts.map((part) => part.polyline)),
    parts.flatMap((part) => part.legMinutes),
    false,
  );
}

/** The route from the pickup through the stops that have a place, in their order (a route's price as it stands). */
export function routeThrough(
  maps: MapsServer,
  origin: LatLng,
  stops: ReadonlyArray<{ sequence: number; latitude: number | null; longitude: number | null }>,
): Promise<RoutePlan> {
  const placed = stops.filter((row) => row.latitude != null && row.longitude != null).sort((a, b) => a.sequence - b.sequence);
  return planRoute(maps, [origin, ...placed.map((row) => ({ lat: row.latitude!, lng: row.longitude! }))]);
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
 * one (24 stops); beyond, the start's row is a call, and the stops' rows as many as fit
 * in each (25 stops: one call of 25 rows; 100 stops: 17 calls of up to 6), all at once. Any pair
 * missing or without a route makes the whole matrix unusable: mixing driven and estimated
 * legs would compare unlike distances.
 */
async function drivenMatrix(maps: MapsServer & { key: string }, points: readonly LatLng[]): Promise<TravelMatrix> {
  const stops = points.slice(1);
  const calls = [{ first: 0, origins: points }];
  if (points.length * stops.length > MAX_MATRIX_ELEMENTS) {
    const rows = Math.max(1, Math.floor(MAX_MATRIX_ELEMENTS / stops.length));
    calls[0] = { first: 0, origins: points.slice(0, 1) };
    for (let first = 1; first < points.length; first += rows) calls.push({ first, origins: points.slice(first, first + rows) });
  }
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

/** A point given by coordinates (with how precise they are), or by an address to place. */
export interface RoutePoint {
  lat: number | null;
  lng: number | null;
  precision?: LocationPrecision | null;
  address?: string | null;
}

/** A point of a route, placed. */
export interface PlacedPoint extends LatLng {
  precision: PlacedPrecision;
}

/** Places one point: its own coordinates, else its address through the chain; refused when neither places it. */
async function placePoint(geocoder: Geocoder, point: RoutePoint, what: string): Promise<PlacedPoint> {
  if (point.lat != null && point.lng != null) return { lat: point.lat, lng: point.lng, precision: placedPrecision(point.precision) };
  const placed = await placeAddress(geocoder, point.address ?? '');
  if (placed.point) return { ...placed.point, precision: placed.precision };
  throw badRequest(
    `${what}'s address could not be placed on the map`,
    `Add the ZIP code to ${what.toLowerCase()}'s address (for example "…, Tampa, Florida, 33602"), or choose it from the suggestions.`,
  );
}

/** Coordinates for every point, placing the ones given only as an address (in parallel). */
export function locatePoints(geocoder: Geocoder, points: readonly RoutePoint[], name: (index: number) => string): Promise<PlacedPoint[]> {
  return Promise.all(points.map((point, index) => placePoint(geocoder, point, name(index))));
}

/** Where a business's routes start: its stored location, else its address placed by the chain. */
export async function pickupPoint(geocoder: Geocoder, business: BusinessPlace): Promise<PlacedPoint> {
  const stored = { lat: business.latitude, lng: business.longitude, precision: business.locationPrecision, address: business.address };
  return placePoint(geocoder, stored, 'Your business').catch(() => {
    throw badRequest('Pharmacy address not found', "Your business's address could not be placed on the map. Ask the administrator to add its ZIP code.");
  });
}

export interface LocatedRoute {
  origin: PlacedPoint;
  stops: PlacedPoint[];
  plan: RoutePlan;
}

type BusinessPlace = { address: string; latitude: number | null; longitude: number | null; locationPrecision?: LocationPrecision | null };

/** Where the business's route starts, and every point placed. */
export async function locateRoute(geocoder: Geocoder, business: BusinessPlace, points: readonly RoutePoint[]): Promise<Omit<LocatedRoute, 'plan'>> {
  const [origin, stops] = await Promise.all([pickupPoint(geocoder, business), locatePoints(geocoder, points, (index) => `Stop ${index + 1}`)]);
  return { origin, stops };
}

/** The route from the business through the points in order, with every point placed. */
export async function routeFrom(geocoder: Geocoder, business: BusinessPlace, points: readonly RoutePoint[]): Promise<LocatedRoute> {
  const { origin, stops } = await locateRoute(geocoder, business, points);
  return { origin, stops, plan: await planRoute(geocoder, [origin, ...stops]) };
}
