/** The GPS page's markers, the same on every map: couriers by name, pickups (P) and customers (D). */
import { gpsFreshness } from '../../../src/domain/indicators';
import { isApproximate } from '../../../src/domain/location';
import { approximateTitle, type MapMarker } from '../openMap/markers';
import { COLORS, RESTAURANT_COLOR } from './strings';
import type { MapProps } from './types';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** Couriers (named, in their freshness colour), the pickups (P) and customers (D) of orders under way. */
export function mapMarkers({ words, couriers, orders, now, selectedId }: Pick<MapProps, 'words' | 'couriers' | 'orders' | 'now' | 'selectedId'>): MapMarker[] {
  const markers: MapMarker[] = [];
  const pickups = new Set<string>();
  for (const order of orders) {
    if (order.restaurantLatitude != null && order.restaurantLongitude != null) {
      const key = `pickup:${order.restaurantLatitude},${order.restaurantLongitude}`;
      if (!pickups.has(key)) {
        pickups.add(key);
        markers.push({
          key,
          point: { lat: order.restaurantLatitude, lng: order.restaurantLongitude },
          kind: 'pickup',
          label: 'P',
          color: RESTAURANT_COLOR,
          title: `${words.restaurant}: ${order.restaurantName}`,
        });
      }
    }
    if (order.customerLatitude != null && order.customerLongitude != null) {
      const approximate = isApproximate(order.customerLocationPrecision);
      markers.push({
        key: `customer:${order.id}`,
        point: { lat: order.customerLatitude, lng: order.customerLongitude },
        kind: 'customer',
        label: 'D',
        title: approximateTitle(`${words.customer}: ${order.customerName}, ${words.order} #${order.orderNumber}`, approximate, words.approximate),
        approximate,
      });
    }
  }
  for (const courier of couriers) {
    const freshness = gpsFreshness(courier.lastLocationUpdateTime, now);
    markers.push({
      key: `courier:${courier.id}`,
      point: { lat: courier.latitude!, lng: courier.longitude! },
      kind: 'courier',
      label: initials(courier.name),
      name: courier.name,
      color: COLORS[freshness],
      selected: courier.id === selectedId,
      title: `${courier.name}: ${words.badges[freshness]}`,
    });
  }
  return markers;
}
