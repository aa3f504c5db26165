/**
 * The device position for the arrival checks (spec 3-courier-area.md §2.13): watched with high accuracy,
 * a maximum age of 10 s and a timeout of 15 s, only while a screen needs it. With proximity
 * checks on an arrival waits for a position (F9); when the phone cannot give one (location
 * denied, or no fix in a garage) the courier may confirm being there without it, and the
 * arrival is flagged to the dispatcher (decision C23): a way forward, never a dead end.
 * Reporting the position to the server is the live-tracking feature's, not this.
 */
import { useEffect, useState } from 'react';
import { distanceWords, haversineMeters, type LatLng } from '../../../src/domain/geo';
import { rememberFix } from '../locationReporter';
import { APPROXIMATE_LOCATION, isApproximate, proximityApplies, type LocationPrecision } from '../../../src/domain/location';

/** Why the device has no position: location refused, or none found yet (no fix, timed out). */
export type PositionProblem = 'denied' | 'no_fix';

export interface DevicePosition {
  position: LatLng | null;
  /** The device cannot give a position (denied, unavailable, timed out). */
  failed: boolean;
  problem: PositionProblem | null;
  /** When this watch began looking (epoch ms): after a while without a fix, the courier may go on without. */
  since: number;
  /** Looks again (a new watch), after a timeout or once location was allowed. */
  retry: () => void;
}

const WATCH: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 15_000 };
/** How long an arrival waits for a first position before offering to go on without one (decision C23). */
export const CONFIRM_WITHOUT_POSITION_AFTER_MS = 20_000;

export function usePosition(active: boolean): DevicePosition {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<DevicePosition, 'retry'>>({ position: null, failed: false, problem: null, since: Date.now() });
  useEffect(() => {
    if (!active) return;
    setState((current) => ({ ...current, failed: false, problem: null, since: Date.now() }));
    const fail = (problem: PositionProblem) => setState((current) => ({ ...current, failed: true, problem }));
    if (!('geolocation' in navigator)) {
      fail('no_fix');
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        rememberFix(coords);
        setState((current) => ({ ...current, position: { lat: coords.latitude, lng: coords.longitude }, failed: false, problem: null }));
      },
      (error) => fail(error.code === error.PERMISSION_DENIED ? 'denied' : 'no_fix'),
      WATCH,
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [active, attempt]);
  return { ...state, retry: () => setAttempt((count) => count + 1) };
}

/** What an arrival sends: the device's position, or the courier's word that they are there without one (decision C23). */
export function arrivalPosition(
  device: DevicePosition,
  withoutPosition: boolean,
): { courierLatitude?: number; courierLongitude?: number; withoutPosition?: true } {
  if (device.position) return { courierLatitude: device.position.lat, courierLongitude: device.position.lng };
  return withoutPosition ? { withoutPosition: true } : {};
}

/** Metres from the device to a place, when both are known. */
export function distanceTo(device: DevicePosition, lat: number | null, lng: number | null): number | null {
  return device.position && lat != null && lng != null ? haversineMeters(device.position, { lat, lng }) : null;
}

/**
 * What an arrival button can do (decisions F9, C23): `ready` within the radius, or when the
 * distance cannot be held against the place (checks off for testing, a place without
 * coordinates or with only approximate ones); with checks on it needs a position first:
 * `locating` until the device gives one, `denied` when location is refused, `no_fix` when
 * none comes (a garage). Without a position the courier may confirm being there instead.
 * The server holds arrivals to the same rule.
 */
export type ArrivalState = 'ready' | 'far' | 'locating' | 'denied' | 'no_fix';

export function arrivalState(
  device: DevicePosition,
  distance: number | null,
  radiusM: number,
  checked: boolean,
  place: LocationPrecision | undefined,
): ArrivalState {
  if (!checked) return 'ready';
  if (!device.position) return device.problem ?? 'locating';
  if (!proximityApplies(place)) return 'ready';
  return distance != null && distance <= radiusM ? 'ready' : 'far';
}

/** "120 ft away", "0.8 mi away"; "about 0.8 mi away (approximate location)" from a ZIP centre. */
export function distanceLabel(meters: number, place?: LocationPrecision): string {
  const away = `${distanceWords(meters)} away`;
  return isApproximate(place) ? `about ${away} (${APPROXIMATE_LOCATION})` : away;
}

/** The device position once, for a request that is better with it (null when it cannot say within `timeoutMs`). */
export function currentPosition(timeoutMs = 5000): Promise<LatLng | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: timeoutMs },
    ),
  );
}
