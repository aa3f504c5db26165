/**
 * The route the server calculates for the multi-stop form (spec 2-business-area.md §2.13,
 * issue 18) and how the form words it: its figures, what 'Optimize order' saved, and the
 * stops it reaches after their deliver-by time.
 */
import { roundMiles } from '../../src/domain/fees';
import type { LatLng } from '../../src/domain/geo';
import type { PlacedPrecision } from '../../src/domain/location';
import { formatUsd, parseMoney, type Cents } from '../../src/domain/money';
import { milesText } from '../../src/domain/routePlan';
import type { AddressValue } from './address';

/** A point of the route as the server placed it, and how precisely. */
export type PlacedPoint = LatLng & { precision: PlacedPrecision };

/**
 * What 'Optimize order' changed against the order the stops were in: fewer miles are
 * positive (meeting deliver-by times may cost more).
 */
interface RouteSaving {
  miles: number;
  feeCents: Cents;
  /** Whether any stop changed place. */
  moved: boolean;
}

export interface Route {
  miles: number;
  /** Dollars with cents, as the server wrote them ('12.40'). */
  fee: string;
  polyline: string;
  estimated: boolean;
  /** Some point is only its ZIP code's centre. */
  approximate: boolean;
  pickup: PlacedPoint;
  /** Where each stop is, in the route's order (the same order as the stops). */
  points: PlacedPoint[];
  /** When each stop is reached (ISO), by stop key. */
  arrivals: Record<string, string>;
  /** Stops reached after their deliver-by time. */
  lateKeys: string[];
  /** Null for a plain calculation. */
  saving: RouteSaving | null;
}

/** The answer of POST /api/routes/calculate; its lists follow the stops as they were sent. */
export interface RouteAnswer {
  totalDistanceMiles: number;
  calculatedDeliveryFee: string;
  optimizedOrder?: number[];
  routeDetails: {
    polyline: string;
    estimated: boolean;
    approximate?: boolean;
    pickup: PlacedPoint;
    stops: PlacedPoint[];
    arrivals: string[];
    lateStops: number[];
    givenOrder?: { totalDistanceMiles: number; calculatedDeliveryFee: string };
  };
}

/** What the route needs of a stop. */
interface RoutedStop {
  key: string;
  address: AddressValue;
}

/** What the words about a late stop need of it. */
interface DueStop {
  key: string;
  customerName: string;
  /** 'YYYY-MM-DDTHH:mm', local. */
  deliverBy: string;
}

const cents = (fee: string) => parseMoney(fee) ?? 0;

/**
 * The route an answer describes, with the stops in its order: the order sent, or the
 * optimized one. Stops the server placed (from their typed address) take its coordinates,
 * so the order can be created with them.
 */
export function routeOf<S extends RoutedStop>(answer: RouteAnswer, sent: readonly S[]): { stops: S[]; route: Route } {
  const details = answer.routeDetails;
  const order = answer.optimizedOrder ?? sent.map((_, index) => index);
  const given = details.givenOrder;
  const placed = (stop: S, index: number): S => {
    if (stop.address.point) return stop;
    const { lat, lng, precision } = details.stops[index];
    return { ...stop, address: { ...stop.address, point: { latitude: lat, longitude: lng, precision } } };
  };
  return {
    stops: order.map((index) => placed(sent[index], index)),
    route: {
      miles: answer.totalDistanceMiles,
      fee: answer.calculatedDeliveryFee,
      polyline: details.polyline,
      estimated: details.estimated,
      approximate: details.approximate ?? false,
      pickup: details.pickup,
      points: order.map((index) => details.stops[index]),
      arrivals: Object.fromEntries(sent.map((stop, index) => [stop.key, details.arrivals[index]])),
      lateKeys: details.lateStops.map((index) => sent[index].key),
      saving: given
        ? {
            miles: roundMiles(given.totalDistanceMiles - answer.totalDistanceMiles),
            feeCents: cents(given.calculatedDeliveryFee) - cents(answer.calculatedDeliveryFee),
            moved: order.some((index, position) => index !== position),
          }
        : null,
    },
  };
}

/** What an optimization did, in words: "Optimized order: −2.4 mi, −$4.80." */
export function savingWords(saving: RouteSaving): string {
  if (!saving.moved) return 'Already the best order.';
  if (saving.miles === 0) return 'Optimized order: the same distance.';
  const sign = saving.miles > 0 ? '\u2212' : '+';
  const figures = `${sign}${milesText(saving.miles)}, ${sign}${formatUsd(Math.abs(saving.feeCents))}`;
  return saving.miles > 0 ? `Optimized order: ${figures}.` : `Optimized order: ${figures}, to meet deliver-by times.`;
}

/** What screen readers hear after a calculation: what an optimization did and, when the stops moved, their new order. */
export function routeAnnouncement(route: Route, stopLabels: readonly string[]): string {
  if (!route.saving) return '';
  return `${savingWords(route.saving)}${route.saving.moved ? ` New order: ${stopLabels.join('; ')}.` : ''}`;
}

/** The toast after a calculation. */
export const routeToast = (route: Route) => ({ title: 'Route Calculated', description: `Distance: ${route.miles.toFixed(2)} miles | Fee: $${route.fee}` });

/** A figure of the route: its label, its value and its test id. */
export type Figure = [label: string, value: string, testId: string];

/** The figures beside the form's buttons: the distance says when it is estimated. */
export const formFigures = (route: Route): Figure[] => [
  ['Total Distance', `${route.miles.toFixed(2)} miles${route.estimated ? ' (estimated)' : ''}`, 'route-distance'],
  ['Delivery Fee', `$${route.fee}`, 'route-fee'],
];

/** The figures in the route modal, which says it of an estimate in a note of its own. */
export const modalFigures = (route: Route, stopCount: number): Figure[] => [
  ['Total Stops', String(stopCount), 'modal-stops'],
  ['Total Distance', `${route.miles.toFixed(2)} mi`, 'modal-distance'],
  ['Delivery Fee', `$${route.fee}`, 'modal-fee'],
];

/** "2:45 PM" in the viewer's zone. */
const clock = (time: string) => new Date(time).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
/** "arrives about 2:45 PM, after its deliver-by time of 2:30 PM" */
const lateWords = (route: Route, stop: DueStop) => `arrives about ${clock(route.arrivals[stop.key])}, after its deliver-by time of ${clock(stop.deliverBy)}`;

/** Under a stop's deliver-by time: why the route makes it late, or null. */
export function lateHint(route: Route | null, stop: DueStop): string | null {
  return route?.lateKeys.includes(stop.key) ? `It ${lateWords(route, stop)}.` : null;
}

/** Beside the route: each stop it makes late, by its number and its customer's name. */
export function lateNotes(route: Route, stops: readonly DueStop[]): Array<{ key: string; text: string }> {
  return stops.flatMap((stop, index) => {
    if (!route.lateKeys.includes(stop.key)) return [];
    const name = stop.customerName.trim();
    return [{ key: stop.key, text: `Stop ${index + 1}${name ? ` (${name})` : ''} ${lateWords(route, stop)}.` }];
  });
}
