/**
 * Distances on the Earth (spec 3-courier-area.md §2.13): haversine with R = 6371 km, the arrival radii,
 * and the road-distance estimate used when no routing service answers.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export const EARTH_RADIUS_M = 6_371_000;
export const METERS_PER_MILE = 1609.344;
export const METERS_PER_FOOT = 0.3048;
/** "Arrived at Restaurant" is enabled within 50 m of the restaurant. */
export const RESTAURANT_ARRIVAL_RADIUS_M = 50;
/** "I'm at the Pharmacy" needs the courier within 500 feet. */
export const PHARMACY_ARRIVAL_RADIUS_M = 500 * METERS_PER_FOOT;
/**
 * Roads are longer than the straight line between two points; 1.3 is the usual
 * urban detour factor. Distances estimated this way are marked as estimates.
 */
export const ROAD_DETOUR_FACTOR = 1.3;
/** Service city centre (Tampa), the GPS map's centre. */
export const SERVICE_CENTER: LatLng = { lat: 27.9506, lng: -82.4572 };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as a courier or dispatcher reads it: feet under 1,000 ft, else miles to a tenth. */
export function distanceWords(meters: number): string {
  const feet = meters / METERS_PER_FOOT;
  return feet < 1000 ? `${Math.round(feet)} ft` : `${(meters / METERS_PER_MILE).toFixed(1)} mi`;
}

export function isWithin(a: LatLng, b: LatLng, radiusMeters: number): boolean {
  return haversineMeters(a, b) <= radiusMeters;
}

/** Estimated road miles along a path of points, in order. */
export function estimatedRoadMiles(path: readonly LatLng[]): number {
  let meters = 0;
  for (let i = 1; i < path.length; i++) meters += haversineMeters(path[i - 1], path[i]);
  return (meters * ROAD_DETOUR_FACTOR) / METERS_PER_MILE;
}

export function isValidLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

/** Coordinates are stored at decimal scale 7 (spec 1-foundations-and-admin.md §9). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
