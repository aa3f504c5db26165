/**
 * A delivery route and its price (spec 2-business-area.md §2.12–2.13, §9.1): the pickup, then the stops
 * in order. Without a routing service the distance is estimated from coordinates
 * (haversine with the road factor) and the route drawn as straight legs; either way the
 * fee is $2 per mile on the miles shown (2 decimals), at least $2 per stop.
 */
import { encodePolyline as encode } from './polyline';
import { roundMiles, routeDeliveryFee } from './fees';
import { estimatedRoadMiles, type LatLng } from './geo';
import type { Cents } from './money';
import { travelMatrix, type Leg, type TravelMatrix } from './routeOptimizer';

/** Typical city driving speed, for a duration when no routing service gives one. */
export const AVERAGE_URBAN_SPEED_MPH = 25;

export interface RoutePlan {
  /** Miles, to 2 decimals. */
  miles: number;
  feeCents: Cents;
  /** Encoded polyline (precision 5) of the route to draw. */
  polyline: string;
  durationMinutes: number;
  /** Minutes of each leg, pickup to the first stop first: when the courier reaches each stop. */
  legMinutes: number[];
  /** True when the distance is an estimate from coordinates, not a driving route. */
  estimated: boolean;
}

/** Prices a driven (or estimated) distance through as many stops as it has legs (the route's floor, B17). */
export function priceRoute(miles: number, polyline: string, legMinutes: number[], estimated: boolean): RoutePlan {
  const rounded = roundMiles(miles);
  const minutes = legMinutes.reduce((sum, leg) => sum + leg, 0);
  return {
    miles: rounded,
    feeCents: routeDeliveryFee(rounded, legMinutes.length),
    polyline,
    durationMinutes: Math.max(1, Math.round(minutes)),
    legMinutes,
    estimated,
  };
}

/** One leg as the crow flies, scaled by the road factor, driven at the average urban speed. */
export function estimatedLeg(from: LatLng, to: LatLng): Leg {
  const miles = estimatedRoadMiles([from, to]);
  return { miles, minutes: (miles / AVERAGE_URBAN_SPEED_MPH) * 60 };
}

/** The estimate between every two points (the route optimizer's matrix without a maps service). */
export const estimatedMatrix = (points: readonly LatLng[]): TravelMatrix => travelMatrix(points.length, (from, to) => estimatedLeg(points[from], points[to]));

/** The route as straight legs from point to point, its length scaled by the road factor. */
export function estimateRoute(path: readonly LatLng[]): RoutePlan {
  const legs = path.slice(1).map((point, index) => estimatedLeg(path[index], point).minutes);
  return priceRoute(estimatedRoadMiles(path), encode(path.map((point) => [point.lat, point.lng])), legs, true);
}

/** A distance for people, as saved by a new order of stops: "2.4 mi", or "0.05 mi" where a tenth would round it away. */
export function milesText(miles: number): string {
  const size = Math.abs(miles);
  return `${size >= 0.095 ? size.toFixed(1) : size.toFixed(2)} mi`;
}
