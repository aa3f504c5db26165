/**
 * Placing a typed US address on the map without depending on any one service (issue 13).
 * A chain, each step asked only when the one before cannot answer:
 * 1. the maps service's geocoder, when MAPS_SERVER_KEY is configured ('address');
 * 2. the US Census Bureau geocoder, which needs no key ('address');
 * 3. the centre of the address's ZIP code, from the dataset loaded into the database
 *    by `npm run db:migrate` ('zip': approximate);
 * 4. otherwise no coordinates ('none').
 * A service that fails, refuses or takes longer than its timeout counts as "cannot
 * answer", so a slow geocoder delays an order by seconds at most and never fails it.
 */
import { zipOf } from '../domain/address';
import { isValidLatitude, isValidLongitude, roundCoordinate, type LatLng } from '../domain/geo';
import type { PlacedAddress, PlacedPrecision } from '../domain/location';
import { callMaps, type MapsServer } from './service';

export const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** The Census geocoder's base; CENSUS_GEOCODER_URL overrides it ('off' skips the step). */
export const CENSUS_GEOCODER_URL = 'https://geocoding.geo.census.gov/geocoder';
/** The Census geocoder's current address ranges. */
export const CENSUS_BENCHMARK = 'Public_AR_Current';

export interface Geocoder extends MapsServer {
  /** The Census geocoder's base URL, or null to skip it. */
  census: string | null;
  /** The centre of a 5-digit ZIP code, when the dataset has it. */
  zipCentroid: (zip: string) => Promise<LatLng | null>;
}

/** An address placed by the chain: where, and how precisely. */
export type Placement = { point: LatLng; precision: PlacedPrecision } | { point: null; precision: 'none' };

const located = (lat: unknown, lng: unknown): LatLng | null =>
  isValidLatitude(lat) && isValidLongitude(lng) ? { lat: roundCoordinate(lat), lng: roundCoordinate(lng) } : null;

interface GoogleGeocodeResponse {
  status?: string;
  results?: Array<{ geometry?: { location?: { lat?: number; lng?: number } } }>;
}

/** The maps service's answer (US only), or null when it has none. Throws when it cannot be reached. */
export async function googleGeocode(maps: MapsServer & { key: string }, address: string): Promise<LatLng | null> {
  const query = new URLSearchParams({ address, components: 'country:US', key: maps.key });
  const answer = (await callMaps(maps, `${GEOCODE_URL}?${query}`, { method: 'GET' })) as GoogleGeocodeResponse;
  if (answer.status !== 'OK') return null;
  const location = answer.results?.[0]?.geometry?.location;
  return located(location?.lat, location?.lng);
}

interface CensusResponse {
  result?: { addressMatches?: Array<{ coordinates?: { x?: number; y?: number } }> };
}

/** The Census geocoder's first match (x is the longitude), or null when it matched nothing. Throws when it cannot be reached. */
export async function censusGeocode(maps: Pick<MapsServer, 'fetch' | 'timeoutMs'>, base: string, address: string): Promise<LatLng | null> {
  const query = new URLSearchParams({ address, benchmark: CENSUS_BENCHMARK, format: 'json' });
  const answer = (await callMaps(maps, `${base.replace(/\/+$/, '')}/locations/onelineaddress?${query}`, { method: 'GET' })) as CensusResponse;
  const match = answer.result?.addressMatches?.[0]?.coordinates;
  return located(match?.y, match?.x);
}

/** Runs one step; a failure is logged and counts as no answer, so the chain goes on. */
async function attempt(name: string, step: () => Promise<LatLng | null>): Promise<LatLng | null> {
  try {
    return await step();
  } catch (error) {
    console.warn(`${name} could not be reached; trying the next geocoder`, (error as Error).message);
    return null;
  }
}

/**
 * Places a one-line US address. `zip` is the address's ZIP when the caller has it as a
 * separate field; otherwise it is read from the address text.
 */
export async function placeAddress(geocoder: Geocoder, address: string, zip?: string | null): Promise<Placement> {
  const text = address.trim();
  if (text) {
    const { key } = geocoder;
    const byMaps = key ? await attempt('The maps service', () => googleGeocode({ ...geocoder, key }, text)) : null;
    if (byMaps) return { point: byMaps, precision: 'address' };
    const { census } = geocoder;
    const byCensus = census ? await attempt('The Census geocoder', () => censusGeocode(geocoder, census, text)) : null;
    if (byCensus) return { point: byCensus, precision: 'address' };
  }
  const code = zipOf(zip) ?? zipOf(text);
  const centre = code ? await geocoder.zipCentroid(code) : null;
  return centre ? { point: centre, precision: 'zip' } : { point: null, precision: 'none' };
}

/** The coordinates that came with an address, else the address placed by the chain (possibly nowhere). */
export async function placeUnlessGiven(geocoder: Geocoder, given: PlacedAddress | null, address: string, zip?: string | null): Promise<PlacedAddress> {
  if (given) return given;
  const placed = await placeAddress(geocoder, address, zip);
  return { latitude: placed.point?.lat ?? null, longitude: placed.point?.lng ?? null, precision: placed.precision };
}

/** The Census step's URL from configuration: the public service unless set, none when 'off'. */
export function censusUrl(configured: string | undefined): string | null {
  const value = configured?.trim();
  if (value === 'off') return null;
  return value || CENSUS_GEOCODER_URL;
}
