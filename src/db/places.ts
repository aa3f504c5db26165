/**
 * Address suggestions that need no maps service: the places this business has already
 * delivered to, with their coordinates (from its orders and their stops), most recent
 * first. They let a pharmacy build routes in local runs and save typing for repeat
 * customers; the maps service's suggestions, when configured, come after them.
 */
import { sql } from 'drizzle-orm';
import { splitAddress } from '../domain/address';
import type { ChosenPlace } from '../domain/places';
import type { Db } from './client';

export interface PlaceSuggestion extends ChosenPlace {
  source: 'history';
}

interface PlaceRow {
  address: string;
  latitude: number;
  longitude: number;
  street: string | null;
  house: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** LIKE pattern for text anywhere in the address, with the wildcards in it taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function pastDeliveryPlaces(db: Db, restaurantId: number, query: string, limit = 8): Promise<PlaceSuggestion[]> {
  const pattern = containing(query.trim());
  // One row per address (case-insensitive), taking the parts and coordinates of its latest use.
  const rows = await db.all<PlaceRow>(sql`
    select address, latitude, longitude, street, house, city, state, zip, max(used_at) as used_at
    from (
      select customer_address as address, customer_latitude as latitude, customer_longitude as longitude,
             customer_street as street, customer_house as house, customer_city as city, customer_state as state,
             customer_zip as zip, created_at as used_at
      from orders
      where restaurant_id = ${restaurantId} and customer_latitude is not null and customer_longitude is not null
        and customer_address like ${pattern} escape '\\'
      union all
      select s.address, s.latitude, s.longitude, null, null, null, null, null, s.created_at
      from order_stops s join orders o on o.id = s.order_id
      where o.restaurant_id = ${restaurantId} and s.latitude is not null and s.longitude is not null
        and s.address like ${pattern} escape '\\'
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
      city: row.city || parts.city,
      state: row.state || parts.state,
      zip: row.zip || parts.zip,
      latitude: row.latitude,
      longitude: row.longitude,
      source: 'history' as const,
    };
  });
}
