/**
 * Fees (spec 1-foundations-and-admin.md §9, spec 2-business-area.md §9.1). The server computes every fee; the forms show the
 * same figure as a hint by calling these functions.
 */
import { formatUsd, type Cents } from './money';

export const MIN_SINGLE_ORDER_FEE: Cents = 30_00;
/** Distance-priced (multi-stop) orders: $2 per mile. */
export const FEE_CENTS_PER_MILE = 2_00;
/** A courier cancelling less than this before pickup pays the late fee. */
export const LATE_CANCELLATION_WINDOW_MS = 2 * 60 * 60 * 1000;
export const LATE_CANCELLATION_FEE: Cents = 30_00;

/**
 * Single-order fee: max(10% of the amount, $30). Both readings of the spec ("$30 below
 * $300, else 10%") give the same figure. 10% is rounded half up to the cent.
 */
export function singleOrderDeliveryFee(amount: Cents): Cents {
  return Math.max(Math.round(amount / 10), MIN_SINGLE_ORDER_FEE);
}

/** Miles are kept to 2 decimals (X.XX in the form) before pricing, so the fee matches what is shown. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 100) / 100;
}

export function distanceDeliveryFee(miles: number): Cents {
  return Math.round(roundMiles(miles) * 100) * (FEE_CENTS_PER_MILE / 100);
}

/**
 * A route is billed at least this per stop, as if every stop were a mile away (decision
 * B17): a stop costs a courier a stop however close it is, and a route whose places sit
 * on one ZIP code's centre (0 mi) is never free.
 */
export const MIN_ROUTE_FEE_PER_STOP: Cents = 2_00;

/** A route's fee: $2 per mile of the route, at least MIN_ROUTE_FEE_PER_STOP per stop (a route has at least one). */
export function routeDeliveryFee(miles: number, stops: number): Cents {
  return Math.max(distanceDeliveryFee(miles), routeFeeFloor(stops));
}

export const routeFeeFloor = (stops: number): Cents => MIN_ROUTE_FEE_PER_STOP * Math.max(1, stops);

/** Whether a route's fee is its floor rather than its miles: the forms and details say so. */
export const isAtRouteFloor = (miles: number, stops: number) => distanceDeliveryFee(miles) < routeFeeFloor(stops);

export const ROUTE_FLOOR_NOTE = `Billed at the minimum of ${formatUsd(MIN_ROUTE_FEE_PER_STOP)} per stop`;

/** How a route's fee was reached, for the details: "$2/mi", or the floor when it applied. */
export const routeFeeBasis = (miles: number, stops: number) =>
  isAtRouteFloor(miles, stops) ? `minimum ${formatUsd(MIN_ROUTE_FEE_PER_STOP)} per stop` : `$${FEE_CENTS_PER_MILE / 100}/mi`;

/** Total courier pay = fee + tip, to the cent (spec 1-foundations-and-admin.md §5.2). */
export function courierPay(fee: Cents, tip: Cents | null | undefined): Cents {
  return fee + (tip ?? 0);
}

/** The fee part of a courier's pay (pay = fee + tip): what the dispatcher set, shown again when Assign is reopened (decision W7). */
export function courierFeeOf(pay: Cents, tip: Cents | null | undefined): Cents {
  return Math.max(0, pay - (tip ?? 0));
}

/** Total service fee the business pays the platform = delivery fee + tip. */
export function totalServiceFee(deliveryFee: Cents, tip: Cents | null | undefined): Cents {
  return deliveryFee + (tip ?? 0);
}

/**
 * What the platform keeps from an order: what the business paid (fee + tip) minus what
 * the courier is paid. Before a courier's pay is set, the whole fee is the platform's.
 */
export function platformFee(deliveryFee: Cents, tip: Cents | null | undefined, pay: Cents | null | undefined): Cents {
  if (pay == null) return deliveryFee;
  return totalServiceFee(deliveryFee, tip) - pay;
}

/** Late cancellation: pickup less than 2 hours away (spec 3-courier-area.md §9). */
export function isLateCancellation(pickupTime: Date | number, now: Date | number = Date.now()): boolean {
  return new Date(pickupTime).getTime() - new Date(now).getTime() < LATE_CANCELLATION_WINDOW_MS;
}
