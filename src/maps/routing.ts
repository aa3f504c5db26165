/**
 * Routes as the server computes them (spec 2-business-area.md §7 POST /api/routes/calculate): the driving
 * route from the maps service when MAPS_SERVER_KEY is configured, otherwise (or when the
 * service fails or is slow) an estimate from coordinates (domain/routePlan.ts), marked
 * as such. Points given only as an address are placed by the geocoding chain
 * (geocoding.ts); one that no step can place is refused with a message that says what
 * to add.
 */
import { priceRoute, estimateRoute, type RoutePlan } from '../domain/routePlan';
import { METERS_PER_MILE, type LatLng } from '../domain/geo';
import { placedPrecision, type LocationPrecision, type PlacedPrecision } from '../domain/location';
import { badRequest } from '../http/errors';
import { placeAddress, type Geocoder } from './geocoding';
import { callMaps, type MapsServer } from './service';

export const ROUTES_URL = 'https://routes.googleapis.com/directions/v2:computeRoutes';

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
export async function pickupPoint(
  geocoder: Geocoder,
  business: { address: string; latitude: number | null; longitude: number | null; locationPrecision?: LocationPrecision | null },
): Promise<PlacedPoint> {
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

/** The route from the business through the points in order, with every point placed. */
export async function routeFrom(
  geocoder: Geocoder,
  business: { address: string; latitude: number | null; longitude: number | null; locationPrecision?: LocationPrecision | null },
  points: readonly RoutePoint[],
): Promise<LocatedRoute> {
  const [origin, stops] = await Promise.all([pickupPoint(geocoder, business), locatePoints(geocoder, points, (index) => `Stop ${index + 1}`)]);
  return { origin, stops, plan: await planRoute(geocoder, [origin, ...stops]) };
}
