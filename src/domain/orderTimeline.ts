/**
 * The milestones an order's detail views list (spec 2 §2.5 'Actual Timeline', §2.7
 * 'Delivery Timeline'), told as the order's own story (issue 13): a restaurant order in
 * the spec's words, a pharmacy route as pharmacy, pickup and each stop delivered. The
 * server stamps the restaurant milestones on pharmacy orders too (the statuses share
 * them), so reading them with restaurant words would say "Setup Completed" for a route.
 */
import { isPharmacyOrder } from './courierFlow';
import type { OrderStatus } from './orderStatus';

export interface TimelineOrder {
  status: OrderStatus;
  totalDistanceMiles: number | null;
  setupRequired: boolean;
  onWayToPickupTime: number | null;
  arrivedAtPickupTime: number | null;
  pickedUpTime: number | null;
  pharmacyPickupTime: number | null;
  onWayToCustomerTime: number | null;
  arrivedAtCustomerTime: number | null;
  setupCompleteTime: number | null;
  completedAt: number | null;
}

export interface TimelineStop {
  sequence: number;
  customerName: string;
  deliveredTime: number | null;
  /** Not delivered: its package went back to the pickup (decision C28). */
  returnedAt?: number | null;
}

export interface Milestone {
  label: string;
  time: number;
}

/** A multi-stop (pharmacy) order: it has stops, a route distance or a pharmacy status. */
export const tellsPharmacyStory = (order: TimelineOrder, stops: readonly TimelineStop[]) => stops.length > 0 || isPharmacyOrder(order);

const reached = (steps: Array<[string, number | null]>): Milestone[] => steps.flatMap(([label, time]) => (time == null ? [] : [{ label, time }]));

/** The milestones reached, in order; none before the courier sets off. */
export function deliveryTimeline(order: TimelineOrder, stops: readonly TimelineStop[]): Milestone[] {
  if (!tellsPharmacyStory(order, stops)) {
    return reached([
      ['Courier En Route to Restaurant', order.onWayToPickupTime],
      ['Arrived at Restaurant', order.arrivedAtPickupTime],
      ['Picked Up from Restaurant', order.pickedUpTime],
      ['En Route to Customer', order.onWayToCustomerTime],
      ['Delivered to Customer', order.arrivedAtCustomerTime],
      // Stamped when any order is delivered; only an order that needed setup had any.
      ['Setup Completed', order.setupRequired ? order.setupCompleteTime : null],
    ]);
  }
  return reached([
    ['Courier En Route to Pharmacy', order.onWayToPickupTime],
    ['Arrived at Pharmacy', order.arrivedAtPickupTime],
    ['Picked Up from Pharmacy', order.pharmacyPickupTime ?? order.pickedUpTime],
    ['En Route to the Stops', order.onWayToCustomerTime],
    ...[...stops]
      .sort((a, b) => a.sequence - b.sequence)
      .map((stop): [string, number | null] =>
        stop.returnedAt != null
          ? [`Stop ${stop.sequence} Not Delivered (returned): ${stop.customerName}`, stop.returnedAt]
          : [`Stop ${stop.sequence} Delivered: ${stop.customerName}`, stop.deliveredTime],
      ),
    [stops.some((stop) => stop.returnedAt != null) ? 'Route Completed' : 'All Stops Delivered', order.completedAt],
  ]);
}

/** 'Actual Timeline' of a completed order: when it was picked up and when it was delivered. */
export function actualTimeline(order: TimelineOrder, stops: readonly TimelineStop[]): { pickedUp: number | null; delivered: number | null } {
  if (!tellsPharmacyStory(order, stops)) return { pickedUp: order.pickedUpTime, delivered: order.arrivedAtCustomerTime ?? order.completedAt };
  const lastStop = Math.max(...stops.map((stop) => stop.deliveredTime ?? 0), 0);
  return { pickedUp: order.pharmacyPickupTime ?? order.pickedUpTime, delivered: order.completedAt ?? (lastStop || null) };
}
