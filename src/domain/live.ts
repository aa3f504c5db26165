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

/** Pushed to dispatchers who turned alerts on: a new order came in, or couriers missed pickups (decision W8). */
export type DispatchAlert = { type: 'alert'; kind: 'new_order'; orderNumber: string } | { type: 'alert'; kind: 'missed_pickup'; count: number };

export function alertText(alert: DispatchAlert): string {
  return alert.kind === 'new_order'
    ? `New order #${alert.orderNumber}`
    : `${alert.count} missed pickup${alert.count === 1 ? '' : 's'}: reassign ${alert.count === 1 ? 'it' : 'them'}`;
}
