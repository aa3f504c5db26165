/**
 * The two places of the map widget (spec 2-business-area.md §2.14), P and D, as the open
 * map draws them (decision G8): the pickup a square marked P, the delivery a red circle
 * marked D, each saying when it is only a ZIP code's centre (decision G2).
 */
import type { LatLng } from '../../src/domain/geo';
import { isApproximate, type LocationPrecision } from '../../src/domain/location';
import { approximateTitle, type MapLine, type MapMarker } from '../lib/openMap/markers';

export interface WidgetPlace {
  address: string;
  point: LatLng | null;
  precision?: LocationPrecision;
}

const marker = (key: string, place: WidgetPlace, point: LatLng, kind: MapMarker['kind'], label: string, role: string): MapMarker => ({
  key,
  point,
  kind,
  label,
  title: approximateTitle(`${role}: ${place.address}`, isApproximate(place.precision)),
  approximate: isApproximate(place.precision),
});

/** P and D, or null unless both are placed (the open map then has nothing to show). */
export function pickupDeliveryMarkers(pickup: WidgetPlace, delivery: WidgetPlace): MapMarker[] | null {
  if (!pickup.point || !delivery.point) return null;
  return [marker('pickup', pickup, pickup.point, 'pickup', 'P', 'Pickup'), marker('delivery', delivery, delivery.point, 'stop', 'D', 'Delivery')];
}

/** The dashed P to D line: a straight line, not a route. */
export const pickupDeliveryLine = (markers: readonly MapMarker[]): MapLine[] => [
  { key: 'p-to-d', points: markers.map((each) => each.point), color: '#1d63db', dashed: true },
];

/** Either place is a ZIP code's centre, so the distance is approximate. */
export const isEitherApproximate = (pickup: WidgetPlace, delivery: WidgetPlace) => isApproximate(pickup.precision) || isApproximate(delivery.precision);
