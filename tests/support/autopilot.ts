/** Couriers and jobs for the autopilot's unit tests (src/domain/autopilot), around Tampa. */
import type { LatLng } from '../../src/domain/geo';
import type { AutopilotCourier, DispatchJob } from '../../src/domain/autopilot/ranking';

export const NOW = Date.parse('2026-11-27T16:00:00Z');
export const TODAY = '2026-11-27';
export const MINUTE = 60_000;

/** A point `north` and `east` miles from the pickup used by the tests. */
export const PICKUP: LatLng = { lat: 27.9506, lng: -82.4572 };
export const milesFrom = (north: number, east = 0, from: LatLng = PICKUP): LatLng => ({
  lat: from.lat + north / 69.05,
  lng: from.lng + east / (69.05 * Math.cos((from.lat * Math.PI) / 180)),
});

export function idleCourier(id: number, position: LatLng | null, overrides: Partial<AutopilotCourier> = {}): AutopilotCourier {
  return {
    id,
    name: `Courier ${id}`,
    isActive: true,
    vehicleType: 'sedan',
    driversLicenseExpiry: '2099-01-01',
    insuranceExpiry: '2099-01-01',
    online: true,
    position,
    route: [],
    heldOrders: 0,
    deliveredToday: 0,
    ...overrides,
  };
}

/** A job of one order: ready at the pickup in `readyIn` minutes, due at its drop `dueIn` minutes from now. */
export function orderJob(orderId: number, drop: LatLng, readyIn = 20, dueIn = 60, pickup: LatLng = PICKUP): DispatchJob {
  return {
    orderIds: [orderId],
    stops: [
      { orderIds: [orderId], kind: 'pickup', point: pickup, at: NOW + readyIn * MINUTE },
      { orderIds: [orderId], kind: 'drop', point: drop, at: NOW + dueIn * MINUTE },
    ],
    requiredVehicleTypes: [],
    missedBy: null,
    declinedBy: [],
  };
}
