/** The shapes live positions travel in (issue 6): from a courier's Durable Object to admins' pages. */

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  /** When the device took the fix (epoch ms). */
  recordedAt: number;
}

/** The message admins' sockets receive for each accepted report. */
export interface PositionMessage extends Position {
  type: 'position';
  courierId: number;
  /** When the courier's object accepted it (epoch ms): lets watchers measure delivery delay. */
  acceptedAt: number;
}

/** A courier on the GPS page: who, in what, and where they were last seen. */
export interface TrackedCourier {
  id: number;
  name: string;
  vehicleType: string;
  vehicleMake: string;
  vehicleModel: string;
  latitude: number | null;
  longitude: number | null;
  /** epoch ms */
  lastLocationUpdateTime: number | null;
}

/** The close code of a live socket whose session ended (logout, deactivation, password change, expiry): sign in again rather than reconnect. */
export const SESSION_ENDED_CLOSE = 4401;

/** What a live socket listens to: couriers' positions (the GPS page) or the dispatcher's alerts (issue 14). */
export const LIVE_TOPICS = ['positions', 'alerts'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
export const liveTopic = (value: string | null | undefined): LiveTopic => (value === 'alerts' ? 'alerts' : 'positions');

/** An order an alert is about, named as the dispatcher knows it. */
export interface AlertOrder {
  orderId: number;
  orderNumber: string;
  restaurantName: string;
  /** The courier who held it (who gave it back, or missed it). */
  courierName?: string | null;
}

/**
 * Pushed to dispatchers who turned alerts on (decision W8, issue 29): a new order came in,
 * a courier gave an order back, couriers missed pickups, an offer to the zone went
 * unanswered, a delivery failed. Each names its orders, and opens the first.
 */
export type DispatchAlert =
  | ({ type: 'alert'; kind: 'new_order'; pickupTime: number } & AlertOrder)
  | ({ type: 'alert'; kind: 'declined' } & AlertOrder)
  | ({ type: 'alert'; kind: 'delivery_failed'; reason: string } & AlertOrder)
  /** The autopilot's cascade ran out (issue 30): nobody took the order. */
  | ({ type: 'alert'; kind: 'autopilot_stuck'; reason: string } & AlertOrder)
  | { type: 'alert'; kind: 'missed_pickup' | 'offer_unanswered'; orders: readonly AlertOrder[] };

export const ALERT_TITLES: Record<DispatchAlert['kind'], string> = {
  new_order: 'New order',
  declined: 'Order given back',
  delivery_failed: 'Delivery failed',
  autopilot_stuck: 'Autopilot could not place',
  missed_pickup: 'Missed pickup',
  offer_unanswered: 'Offer unanswered',
};

const numbers = (orders: readonly AlertOrder[]) => orders.map((order) => `#${order.orderNumber}`).join(', ');
const them = (orders: readonly AlertOrder[]) => (orders.length === 1 ? 'it' : 'them');

/** The alert in words; `clock` writes a time as the dispatcher reads it. */
export function alertText(alert: DispatchAlert, clock: (time: number) => string): string {
  switch (alert.kind) {
    case 'new_order':
      return `New order #${alert.orderNumber} from ${alert.restaurantName}, pickup ${clock(alert.pickupTime)}`;
    case 'declined':
      return `${alert.courierName ?? 'The courier'} gave back order #${alert.orderNumber} (${alert.restaurantName}): reassign it`;
    case 'delivery_failed':
      return `Order #${alert.orderNumber} (${alert.restaurantName}) was not delivered: ${alert.reason}`;
    case 'autopilot_stuck':
      return `The autopilot could not place order #${alert.orderNumber} (${alert.restaurantName}): ${alert.reason}: assign it`;
    case 'missed_pickup': {
      const [first] = alert.orders;
      if (alert.orders.length === 1)
        return `1 missed pickup: order #${first.orderNumber} (${first.restaurantName})${first.courierName ? `, ${first.courierName}` : ''}: reassign it`;
      return `${alert.orders.length} missed pickups: ${numbers(alert.orders)}: reassign ${them(alert.orders)}`;
    }
    case 'offer_unanswered':
      return `No courier took ${alert.orders.length === 1 ? 'order' : 'orders'} ${numbers(alert.orders)} offered to the zone: assign ${them(alert.orders)}`;
  }
}

/** Where the alert's button goes: the Assign dialog of the one order it names, its details, or the queue. */
export function alertAction(alert: DispatchAlert): { label: string; href: string } {
  const orders = 'orders' in alert ? alert.orders : [alert];
  if (alert.kind === 'delivery_failed') return { label: 'Review', href: `/admin/orders/${alert.orderId}` };
  if (orders.length !== 1) return { label: 'Show', href: '/admin/orders#needs-person' };
  const again = alert.kind === 'declined' || alert.kind === 'missed_pickup';
  return { label: again ? 'Reassign' : 'Assign', href: `/admin/orders?assign=${orders[0].orderId}` };
}
