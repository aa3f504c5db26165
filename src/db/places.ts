/**
 * Address suggestions that need no maps service: the places this business has already
 * delivered to (from its orders and their stops), most recent first, with their parts,
 * apartment included, and their coordinates when known. They let a business work without
 * the maps service and save typing for repeat customers; the maps service's suggestions,
 * when configured, come after them.
 */
import { eq, sql } from 'drizzle-orm';
import { splitAddress } from '../domain/address';
import type { LatLng } from '../domain/geo';
import { precisionOf, type LocationPrecision } from '../domain/location';
import type { ChosenPlace } from '../domain/places';
import type { Db } from './client';
import { containing } from './like';
import { zipCentroids } from './schema';

export interface PlaceSuggestion extends ChosenPlace {
  source: 'history';
}

interface PlaceRow {
  address: string;
  latitude: number | null;
  longitude: number | null;
  precision: LocationPrecision;
  street: string | null;
  house: string | null;
  apartment: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export async function pastDeliveryPlaces(db: Db, restaurantId: number, query: string, limit = 8): Promise<PlaceSuggestion[]> {
  const pattern = containing(query.trim());
  // One row per address (case-insensitive), taking the parts and coordinates of its latest use.
  const rows = await db.all<PlaceRow>(sql`
    select address, latitude, longitude, precision, street, house, apartment, city, state, zip, max(used_at) as used_at
    from (
      select customer_address as address, customer_latitude as latitude, customer_longitude as longitude,
             customer_location_precision as precision, customer_street as street, customer_house as house,
             customer_apartment as apartment, customer_city as city, customer_state as state, customer_zip as zip, created_at as used_at
      from orders
      where restaurant_id = ${restaurantId} and customer_address like ${pattern} escape '\\'
      union all
      select s.address, s.latitude, s.longitude, s.location_precision, null, null, null, null, null, null, s.created_at
      from order_stops s join orders o on o.id = s.order_id
      where o.restaurant_id = ${restaurantId} and s.address like ${pattern} escape '\\'
    )
    group by lower(address)
    order by used_at desc
    limit ${limit}`);
  return rows.map((row) => {
    const parts = splitAddress(row.address);
    return {
      description: row.address,
      // A stored part wins; stops (and multi-stop orders) keep only the one-line address, so its parts are read from it.
      street: row.street && !row.street.includes(',') ? row.street : parts.street,
      house: row.house,
      apartment: row.apartment || parts.apartment,
      city: row.city || parts.city,
      state: row.state || parts.state,
      zip: row.zip || parts.zip,
      latitude: row.latitude,
      longitude: row.longitude,
      precision: precisionOf(row.latitude, row.longitude, row.precision),
      source: 'history' as const,
    };
  });
}

/** The centre of a 5-digit ZIP code (zip_centroids, loaded by db:migrate), or null when unknown. */
export async function zipCentroid(db: Db, zip: string): Promise<LatLng | null> {
  const [row] = await db.select({ lat: zipCentroids.latitude, lng: zipCentroids.longitude }).from(zipCentroids).where(eq(zipCentroids.zip, zip)).limit(1);
  return row ?? null;
}
