/**
 * How precisely a place's coordinates are known (issue 13). Addresses are placed by the
 * first geocoder in a chain that can answer (src/maps/geocoding.ts): the maps service or
 * the US Census geocoder give the address itself; a ZIP code's centroid is only the
 * neighbourhood; otherwise the place has no coordinates at all.
 */

export const LOCATION_PRECISIONS = ['address', 'zip', 'none'] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];
/** The precision of coordinates that exist. */
export type PlacedPrecision = Exclude<LocationPrecision, 'none'>;

/** What the screens say next to a place whose coordinates are only approximate. */
export const APPROXIMATE_LOCATION = 'approximate location';

/**
 * The precision of stored coordinates: none without them, whatever was recorded. Rows
 * written before precision was recorded (or with coordinates from a maps place) say
 * 'address'.
 */
export function precisionOf(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  recorded: LocationPrecision | null | undefined,
): LocationPrecision {
  return latitude == null || longitude == null ? 'none' : placedPrecision(recorded);
}

/** Coordinates that exist are a ZIP centre when recorded so, else the address itself. */
export const placedPrecision = (recorded: LocationPrecision | null | undefined): PlacedPrecision => (recorded === 'zip' ? 'zip' : 'address');

/** Coordinates that stand for a whole ZIP code: shown, but marked "approximate location". */
export const isApproximate = (precision: LocationPrecision | null | undefined): boolean => precision === 'zip';

/**
 * What the admin is told after saving a business whose address the geocoding chain placed
 * only at its ZIP code's centre or not at all (decision W10); null when it is at its address.
 */
export function placementProblem(precision: LocationPrecision): string | null {
  if (precision === 'none') return "The address could not be placed on the map: couriers' distances to it are unknown.";
  return isApproximate(precision) ? "The address was placed only approximately, at its ZIP code's centre: couriers' distances to it are rough." : null;
}

/**
 * Whether a courier's distance to a place may be enforced (the 50 m and 500 ft arrival
 * radii): only against the address itself. A ZIP centroid can be kilometres from the
 * door, so a courier standing at the right place would be refused.
 */
export const proximityApplies = (precision: LocationPrecision | null | undefined): boolean => precision === 'address';

/** Where an address was placed (src/maps/geocoding.ts), as stored with an order, a stop or a business. */
export interface PlacedAddress {
  latitude: number | null;
  longitude: number | null;
  precision: LocationPrecision;
}

/** Coordinates a client sent with an address: a maps place unless it says it is a ZIP centre. */
export function givenPlace(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  precision: LocationPrecision | null | undefined,
): PlacedAddress | null {
  return latitude != null && longitude != null ? { latitude, longitude, precision: placedPrecision(precision) } : null;
}
