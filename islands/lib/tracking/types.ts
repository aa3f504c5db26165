/** What the GPS page's two map renderers draw. */
import type { TrackedCourier } from '../../../src/domain/live';
import type { MapOrder } from './data';

export interface MapProps {
  apiKey: string | null;
  couriers: TrackedCourier[];
  orders: MapOrder[];
  now: number;
  selectedId: number | null;
  track: Array<{ latitude: number; longitude: number }>;
  onSelect: (id: number) => void;
}

export type Point = { latitude: number; longitude: number };
export const pointsOf = (orders: MapOrder[], kind: 'restaurant' | 'customer'): Point[] =>
  orders
    .map((order) =>
      kind === 'restaurant'
        ? { latitude: order.restaurantLatitude, longitude: order.restaurantLongitude }
        : { latitude: order.customerLatitude, longitude: order.customerLongitude },
    )
    .filter((point): point is Point => point.latitude != null && point.longitude != null);
