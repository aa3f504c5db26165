/**
 * An order as the couriers' maps draw it: its pickup (P) and its customer (D). The GPS page
 * reads them from the server; a row of the dispatcher's queue carries its own in
 * data-map-order, so pointing at it shows them on the map beside the queue (issue 29).
 */
import type { TrackedCourier } from '../domain/live';
import type { LocationPrecision } from '../domain/location';

export interface MapOrder {
  id: number;
  orderNumber: string;
  courierId: number | null;
  restaurantName: string;
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
  customerName: string;
  customerLatitude: number | null;
  customerLongitude: number | null;
  customerLocationPrecision?: LocationPrecision;
}

/** A courier as the maps draw them: named, where their phone last was, and when. */
export type MapCourier = Pick<TrackedCourier, 'id' | 'name' | 'latitude' | 'longitude' | 'lastLocationUpdateTime'>;
