/**
 * The GPS page's data from the API, for polling while the live socket is down: active
 * couriers with their last position, and the active orders' pickup and drop-off points.
 */
import type { TrackedCourier } from '../../../src/domain/live';
import type { MapOrder } from '../../../src/shared/mapOrder';
import { apiRequest } from '../api';

interface CourierListItem {
  id: number;
  vehicleType: string;
  vehicleMake: string;
  vehicleModel: string;
  courierLatitude: number | string | null;
  courierLongitude: number | string | null;
  lastLocationUpdateTime: string | null;
  user: { name: string; isActive: boolean } | null;
}

const toNumber = (value: number | string | null) => (value == null || value === '' ? null : Number(value));

/** GET /api/couriers as the tracking list needs it: active couriers with their last position. */
export async function fetchCouriers(): Promise<TrackedCourier[]> {
  const list = await apiRequest<CourierListItem[]>('GET', '/api/couriers');
  return list
    .filter((courier) => courier.user?.isActive)
    .map((courier) => ({
      id: courier.id,
      name: courier.user!.name,
      vehicleType: courier.vehicleType,
      vehicleMake: courier.vehicleMake,
      vehicleModel: courier.vehicleModel,
      latitude: toNumber(courier.courierLatitude),
      longitude: toNumber(courier.courierLongitude),
      lastLocationUpdateTime: courier.lastLocationUpdateTime ? Date.parse(courier.lastLocationUpdateTime) : null,
    }));
}

export async function fetchActiveOrders(): Promise<MapOrder[]> {
  return apiRequest<MapOrder[]>('GET', '/api/orders/admin/active');
}

const positionOf = ({ latitude, longitude, lastLocationUpdateTime }: TrackedCourier) => ({ latitude, longitude, lastLocationUpdateTime });

/** Polled couriers merged with those known: a live position newer than the polled one wins. */
export function mergePolled(current: ReadonlyMap<number, TrackedCourier>, fetched: readonly TrackedCourier[]): Map<number, TrackedCourier> {
  const next = new Map<number, TrackedCourier>();
  for (const courier of fetched) {
    const known = current.get(courier.id);
    next.set(courier.id, known && (known.lastLocationUpdateTime ?? 0) > (courier.lastLocationUpdateTime ?? 0) ? { ...courier, ...positionOf(known) } : courier);
  }
  return next;
}
