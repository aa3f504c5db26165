/// <reference types="google.maps" />
/**
 * The map widget with the maps service (spec 2-business-area.md §2.14, §9.6; decision B14):
 * P and D where they are stored, else geocoded (an address not found gets a fixed point
 * near the service centre), then the driving route between them with its distance and
 * duration; when directions fail, the straight line and its distance.
 */
import { METERS_PER_MILE, type LatLng } from '../../src/domain/geo';
import { geocodeQuery, pseudoRandomNear, widgetDistance } from '../../src/domain/mapWidget';
import { loadMapsLibrary, MapsUnavailableError } from '../lib/maps';
import type { WidgetPlace } from './pickupAndDelivery';

const MAP_FAILED = 'Could not load the map. Please check addresses.';

export interface DrivingRoute {
  from: LatLng;
  to: LatLng;
  path: LatLng[];
  /** '4.2 mi', or the multi-stop order's '12.3 mi (multi-stop)'. */
  distance: string;
  /** The service's words ('14 mins'); null for a straight line. */
  duration: string | null;
}

/** The parts of the service's directions the widget reads. */
interface Directions {
  routes: Array<{ overview_path: Array<{ lat: () => number; lng: () => number }>; legs: Array<{ distance?: { value: number }; duration?: { text: string } }> }>;
}

/** The straight line replaced by the first route of directions, when it has a distance. */
export function alongRoute(straight: DrivingRoute, directions: Directions, multiStop: boolean): DrivingRoute {
  const route = directions.routes[0];
  const leg = route?.legs[0];
  if (!route || !leg?.distance) return straight;
  return {
    ...straight,
    path: route.overview_path.map((point) => ({ lat: point.lat(), lng: point.lng() })),
    // A multi-stop order shows its whole route's distance, not this leg's.
    distance: multiStop ? straight.distance : `${(leg.distance.value / METERS_PER_MILE).toFixed(1)} mi`,
    duration: leg.duration?.text ?? null,
  };
}

/** What the widget says when it cannot draw: why the service is unavailable, else to check the addresses. */
export const failureMessage = (error: unknown) => (error instanceof MapsUnavailableError ? error.message : MAP_FAILED);

/** The address's coordinates from the geocoder, else a fixed point near the service centre (spec 2-business-area.md §9.6). */
async function locate(key: string, address: string): Promise<LatLng> {
  try {
    const { Geocoder } = await loadMapsLibrary(key, 'geocoding');
    const { results } = await new Geocoder().geocode({ address: geocodeQuery(address) });
    const location = results[0]?.geometry.location;
    if (location) return { lat: location.lat(), lng: location.lng() };
  } catch (error) {
    if (error instanceof MapsUnavailableError) throw error;
  }
  return pseudoRandomNear(address);
}

/** Where P and D are and the way between them. Throws MapsUnavailableError when the service cannot be used. */
export async function drivingRoute(key: string, pickup: WidgetPlace, delivery: WidgetPlace, multiStopMiles: number | null): Promise<DrivingRoute> {
  const [from, to] = await Promise.all([pickup.point ?? locate(key, pickup.address), delivery.point ?? locate(key, delivery.address)]);
  const distance = widgetDistance({ pickupAddress: pickup.address, deliveryAddress: delivery.address, pickup: from, delivery: to, multiStopMiles }).label;
  const straight: DrivingRoute = { from, to, path: [from, to], distance, duration: null };
  try {
    const { DirectionsService } = await loadMapsLibrary(key, 'routes');
    const directions = await new DirectionsService().route({ origin: from, destination: to, travelMode: 'DRIVING' as google.maps.TravelMode });
    return alongRoute(straight, directions, multiStopMiles != null);
  } catch (error) {
    // Directions failed: the straight line stays, with its distance.
    if (error instanceof MapsUnavailableError) throw error;
    return straight;
  }
}
