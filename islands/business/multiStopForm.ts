/**
 * The multi-stop form's state and rules (spec 2-business-area.md §2.12–2.13, §4.5): the
 * stop cards, which can be added, removed, edited and reordered; the route last calculated
 * through them, which any change to the stops outside the route modal discards; and what
 * is checked and sent, for the route and for the order (one request, stops included).
 */
import { arrayMove } from '@dnd-kit/sortable';
import type { LatLng } from '../../src/domain/geo';
import { MAX_ROUTE_STOPS } from '../../src/domain/schemas/businessOrders';
import { ApiRequestError } from '../lib/api';
import { addressLine, emptyAddress, pastedAddress, toTyped, type AddressValue } from './address';
import type { PastedStop } from './pastedStops';
import { routeAnnouncement, type Route } from './multiStopRoute';
import { emailProblem, localToUtc, newOrderTerms, type OrderTerms, type OrderTimeDefaults } from './orderForm';

export interface Stop {
  key: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  address: AddressValue;
  deliveryInstructions: string;
  /** Deliver-by time as typed ('YYYY-MM-DDTHH:mm', local), or ''. */
  deliverBy: string;
  /** The earliest the stop may be reached, as typed, or '' (issue 32). */
  deliverAfter: string;
  /** Minutes at the stop as typed, or '' for the usual. */
  serviceMinutes: string;
}

/** Which button's calculation is under way: the form's two, or the route modal's (a drag or its Optimize). */
export type Calculation = 'form' | 'optimize' | 'modal';

export interface MultiStopState {
  order: OrderTerms;
  stops: Stop[];
  /** The number in the next new stop's key: keys stay unique as stops come and go. */
  nextKey: number;
  /** The route through the stops as they are, or null. */
  route: Route | null;
  routeOpen: boolean;
  calculating: Calculation | null;
  /** Invalid emails are pointed out once the business tried to create the order, not while they type. */
  emailsChecked: boolean;
  /** What screen readers hear after the stops were reordered for them. */
  announcement: string;
  /** The order is being created (and stays so once it is, until the dashboard opens). */
  pending: boolean;
}

export type MultiStopAction =
  | { type: 'editOrder'; change: Partial<OrderTerms> }
  | { type: 'editStop'; key: string; change: Partial<Omit<Stop, 'key'>> }
  | { type: 'addStop'; typed: boolean }
  /** A pasted list: its stops take the place of the empty cards, after the others. */
  | { type: 'pasteStops'; stops: PastedStop[]; typed: boolean }
  | { type: 'removeStop'; key: string }
  | { type: 'moveStop'; from: number; to: number }
  | { type: 'addressesTyped' }
  /** The modal's calculations send the stops in their new order, which the cards take at once. */
  | { type: 'routeRequested'; calculation: Calculation; stops: Stop[] }
  | { type: 'routeCalculated'; stops: Stop[]; route: Route }
  | { type: 'routeFailed' }
  | { type: 'routeShown'; open: boolean }
  | { type: 'emailsChecked' }
  | { type: 'submitted' }
  | { type: 'submitFailed' }
  | { type: 'created'; defaults: OrderTimeDefaults; typed: boolean };

const stopKey = (number: number) => `stop-${number}`;

export const emptyStop = (key: string, typed: boolean): Stop => ({
  key,
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  address: emptyAddress(typed),
  deliveryInstructions: '',
  deliverBy: '',
  deliverAfter: '',
  serviceMinutes: '',
});

/** One empty stop, and the order's own fields at their defaults. */
export function initialMultiStopState(defaults: OrderTimeDefaults, typed: boolean): MultiStopState {
  return {
    order: newOrderTerms(defaults),
    stops: [emptyStop(stopKey(1), typed)],
    nextKey: 2,
    route: null,
    routeOpen: false,
    calculating: null,
    emailsChecked: false,
    announcement: '',
    pending: false,
  };
}

/** Every change to the stops outside the route modal discards the route (spec 2-business-area.md §4.5). */
const withStops = (state: MultiStopState, stops: Stop[]): MultiStopState => ({ ...state, stops, route: null, announcement: '' });

export const canAddStop = (state: MultiStopState) => state.stops.length < MAX_ROUTE_STOPS;

/** A card nothing was put in: a pasted list takes its place. */
const isBlank = (stop: Stop) =>
  [
    stop.customerName,
    stop.customerPhone,
    stop.customerEmail,
    stop.address.text,
    stop.address.parts.street,
    stop.deliveryInstructions,
    stop.deliverBy,
    stop.deliverAfter,
    stop.serviceMinutes,
  ].every((field) => !field.trim());

/** How many more stops a pasted list may bring: the cards left to fill, the empty ones included. */
export const pasteRoom = (state: MultiStopState) => MAX_ROUTE_STOPS - state.stops.filter((stop) => !isBlank(stop)).length;
export const canRemoveStop = (state: MultiStopState) => state.stops.length > 1;
/** Optimizing needs two stops, and no other calculation under way. */
export const canOptimize = (state: MultiStopState) => state.calculating == null && state.stops.length >= 2;

export function multiStopReducer(state: MultiStopState, action: MultiStopAction): MultiStopState {
  switch (action.type) {
    case 'editOrder':
      return { ...state, order: { ...state.order, ...action.change } };
    case 'editStop':
      return withStops(
        state,
        state.stops.map((stop) => (stop.key === action.key ? { ...stop, ...action.change } : stop)),
      );
    case 'addStop':
      if (!canAddStop(state)) return state;
      return { ...withStops(state, [...state.stops, emptyStop(stopKey(state.nextKey), action.typed)]), nextKey: state.nextKey + 1 };
    case 'pasteStops': {
      if (action.stops.length === 0 || action.stops.length > pasteRoom(state)) return state;
      const pasted = action.stops.map((stop, index) => ({
        ...emptyStop(stopKey(state.nextKey + index), action.typed),
        customerName: stop.customerName,
        customerPhone: stop.customerPhone,
        address: pastedAddress(stop.address, action.typed),
      }));
      return { ...withStops(state, [...state.stops.filter((stop) => !isBlank(stop)), ...pasted]), nextKey: state.nextKey + pasted.length };
    }
    case 'removeStop':
      if (!canRemoveStop(state)) return state;
      return withStops(
        state,
        state.stops.filter((stop) => stop.key !== action.key),
      );
    case 'moveStop':
      return withStops(state, arrayMove(state.stops, action.from, action.to));
    case 'addressesTyped':
      // Only how the addresses are entered changed, not where the stops are: the route stays.
      return { ...state, stops: state.stops.map((stop) => ({ ...stop, address: toTyped(stop.address) })) };
    case 'routeRequested':
      return { ...state, stops: action.stops, calculating: action.calculation };
    case 'routeCalculated':
      return {
        ...state,
        stops: action.stops,
        route: action.route,
        // The form's buttons open the modal; in it, a recalculation leaves it as the user left it.
        routeOpen: state.calculating === 'modal' ? state.routeOpen : true,
        calculating: null,
        announcement: routeAnnouncement(action.route, action.stops.map(stopLabel)),
      };
    case 'routeFailed':
      // The modal shows the stops in an order the failed route was for: it is gone, and the modal with it.
      return state.calculating === 'modal' ? { ...state, route: null, routeOpen: false, calculating: null } : { ...state, calculating: null };
    case 'routeShown':
      return { ...state, routeOpen: action.open };
    case 'emailsChecked':
      return { ...state, emailsChecked: true };
    case 'submitted':
      return { ...state, pending: true };
    case 'submitFailed':
      return { ...state, pending: false };
    case 'created':
      return { ...withStops(state, [emptyStop(stopKey(1), action.typed)]), order: newOrderTerms(action.defaults), nextKey: 2 };
  }
}

/** "Stop 2, Ann Lee": how a stop is named to screen readers. */
export const stopLabel = (stop: Stop, index: number) => `Stop ${index + 1}${stop.customerName.trim() ? `, ${stop.customerName.trim()}` : ''}`;

/** A stop in the modal's list: its customer, else its address, else its number. */
export const stopTitle = (stop: Stop, index: number, typed: boolean) => stop.customerName || stopLine(stop, typed) || `Stop ${index + 1}`;

/** The stop's one-line address: the line chosen from the suggestions, or composed from the typed parts. */
export const stopLine = (stop: Stop, typed: boolean) => addressLine(stop.address, 'description', typed);

/** A stop the order can be created with: a customer with a phone, and an address the route placed. */
const isComplete = (stop: Stop, typed: boolean) =>
  !!stop.customerName.trim() && !!stop.customerPhone.trim() && !!stopLine(stop, typed) && stop.address.point != null;

/** Why the form's buttons cannot calculate a route yet, or null. */
export function calculationProblem(stops: readonly Stop[], pickup: { address: string; location: LatLng | null }, typed: boolean): string | null {
  if (!pickup.address.trim() && !pickup.location) return 'Pharmacy address not found';
  if (stops.some((stop) => !stopLine(stop, typed) && !stop.address.point)) return 'Please enter addresses for all delivery stops';
  return null;
}

/** The minutes at a stop as sent: a number, what was typed when it is none (the server says why), or null for the usual. */
const minutesOf = (stop: Stop) =>
  stop.serviceMinutes.trim() ? (Number.isFinite(Number(stop.serviceMinutes)) ? Number(stop.serviceMinutes) : stop.serviceMinutes) : null;

/** The body of POST /api/routes/calculate: each stop by its coordinates, else by its address for the server to place. */
export function routeRequest(stops: readonly Stop[], pharmacyAddress: string, pickup: string, optimize: boolean, typed: boolean) {
  return {
    pharmacyAddress,
    optimize,
    departureTime: localToUtc(pickup),
    stops: stops.map((stop) => {
      const { point } = stop.address;
      return {
        ...(point ? { lat: point.latitude, lng: point.longitude, precision: point.precision } : { address: stopLine(stop, typed) }),
        deliverBy: localToUtc(stop.deliverBy),
        deliverAfter: localToUtc(stop.deliverAfter),
        serviceMinutes: minutesOf(stop),
      };
    }),
  };
}

/** What stops creating the order before its emails are looked at, in the spec's order; or null. */
export function orderProblem(state: MultiStopState, typed: boolean): string | null {
  if (!state.order.internalOrderNumber.trim() || !state.order.amount.trim()) return 'Please fill in all required order fields';
  if (!state.stops.some((stop) => isComplete(stop, typed))) return 'Please add at least one valid delivery stop';
  if (!state.route) return 'Please calculate the route before creating the order';
  return null;
}

/** 'Stop N: …' for the first stop sent whose email is not one, or null. */
export function stopEmailProblem(stops: readonly Stop[], typed: boolean): string | null {
  const index = stops.findIndex((stop) => isComplete(stop, typed) && emailProblem(stop.customerEmail));
  return index < 0 ? null : `Stop ${index + 1}: ${emailProblem(stops[index].customerEmail)}`;
}

/**
 * The body of POST /api/orders for a route: its complete stops in their order (incomplete
 * ones are left out), the first one's customer as the order's (decision B17), and the
 * route's fee. Call it once orderProblem and stopEmailProblem found nothing.
 */
export function multiStopOrderBody(state: MultiStopState, typed: boolean) {
  const { order } = state;
  const route = state.route!;
  const stops = state.stops
    .filter((stop) => isComplete(stop, typed))
    .map((stop, index) => ({
      sequence: index + 1,
      customerName: stop.customerName.trim(),
      customerPhone: stop.customerPhone.trim(),
      customerEmail: stop.customerEmail.trim(),
      address: stopLine(stop, typed),
      latitude: stop.address.point!.latitude,
      longitude: stop.address.point!.longitude,
      locationPrecision: stop.address.point!.precision,
      deliveryInstructions: stop.deliveryInstructions.trim(),
      deliverBy: localToUtc(stop.deliverBy),
      deliverAfter: localToUtc(stop.deliverAfter),
      serviceMinutes: minutesOf(stop),
      status: 'pending',
    }));
  const [first] = stops;
  const number = Number(order.amount);
  const amount = Number.isFinite(number) ? number : order.amount;
  return {
    customerName: first.customerName,
    customerPhone: first.customerPhone,
    customerEmail: first.customerEmail,
    customerAddress: first.address,
    customerLatitude: first.latitude,
    customerLongitude: first.longitude,
    deliveryInstructions: first.deliveryInstructions,
    internalOrderNumber: order.internalOrderNumber.trim(),
    amount,
    deliveryFee: Number(route.fee),
    totalDistanceMiles: route.miles,
    calculatedDeliveryFee: Number(route.fee),
    tip: order.tip.trim() ? order.tip.trim() : 0,
    pickupTime: localToUtc(order.pickup),
    deliveryTime: localToUtc(order.delivery),
    items: [{ name: 'Pharmacy Order', quantity: 1, price: amount }],
    status: 'new',
    requiredVehicleTypes: ['sedan'],
    setupRequired: false,
    customerStreet: first.address,
    customerCity: '',
    customerState: '',
    customerZip: '',
    stops,
  };
}

/** 'Failed to create delivery stop N: …' when the server named a stop (spec 2-business-area.md §8.2), else null. */
export function stopFailure(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const fields = (error.body as { fields?: Record<string, string[]> } | null)?.fields ?? {};
  for (const [field, messages] of Object.entries(fields)) {
    const match = /^stops\.(\d+)\./.exec(field);
    if (match) return `Failed to create delivery stop ${Number(match[1]) + 1}: ${messages.join('; ')}`;
  }
  return null;
}
