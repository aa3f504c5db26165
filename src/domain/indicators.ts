/**
 * Small derived states the admin screens show: the courier-online indicator of the
 * orders table (spec 1-foundations-and-admin.md §4.6) and GPS freshness (spec 1-foundations-and-admin.md §4.7).
 */
import type { OrderStatus } from './orderStatus';
import { agoText } from './time';

export type CourierOnlineState = 'online' | 'urgent' | 'soon';

export const COURIER_ONLINE_LABELS: Record<CourierOnlineState, string> = {
  online: 'Courier Online',
  urgent: 'Courier Not Online (Urgent!)',
  soon: 'Courier Should Go Online Soon',
};

const MINUTE = 60_000;

export function courierOnlineState(
  order: { status: OrderStatus; courierId: number | null; goOnlineTime: number | null; pickupTime: number },
  now: number,
): CourierOnlineState | null {
  if (order.courierId == null) return null;
  if (order.status !== 'assigned' && order.status !== 'courier_confirmed') return null;
  if (order.goOnlineTime != null) return 'online';
  const untilPickup = order.pickupTime - now;
  if (untilPickup <= 45 * MINUTE) return 'urgent';
  if (untilPickup <= 90 * MINUTE) return 'soon';
  return null;
}

export type GpsFreshness = 'online' | 'recent' | 'offline';

/** A phone heard from within this long is online; within GPS_RECENT_MS, seen recently. */
export const GPS_ONLINE_MS = 5 * MINUTE;
export const GPS_RECENT_MS = 30 * MINUTE;

export function gpsFreshness(lastUpdate: number | null | undefined, now: number): GpsFreshness {
  if (lastUpdate == null) return 'offline';
  const age = now - lastUpdate;
  if (age < GPS_ONLINE_MS) return 'online';
  if (age < GPS_RECENT_MS) return 'recent';
  return 'offline';
}

/**
 * What the platform knows of a courier's phone, shown beside the spec's go-online indicator,
 * which reads only the order's go-online time (issue 29): 'Live GPS', 'GPS 12 minutes ago',
 * 'No GPS since 3 hours ago', 'No GPS yet'.
 */
export function gpsPresence(lastUpdate: number | null | undefined, now: number): { freshness: GpsFreshness; words: string } {
  const freshness = gpsFreshness(lastUpdate, now);
  if (lastUpdate == null) return { freshness, words: 'No GPS yet' };
  if (freshness === 'online') return { freshness, words: 'Live GPS' };
  return { freshness, words: `${freshness === 'recent' ? 'GPS' : 'No GPS since'} ${agoText(lastUpdate, now)}` };
}
