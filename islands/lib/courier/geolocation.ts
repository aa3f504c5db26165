/**
 * The device position for the arrival checks (spec 3-courier-area.md §2.13): watched with high accuracy,
 * a maximum age of 10 s and a timeout of 15 s, only while a screen needs it. A failure
 * says "Location needed" once; with proximity checks on an arrival waits for a position
 * (decision F9, replacing C5's "you can continue"). Reporting the position to the server
 * is the live-tracking feature's, not this.
 */
import { useEffect, useState } from 'react';
import { haversineMeters, type LatLng } from '../../../src/domain/geo';
import { APPROXIMATE_LOCATION, isApproximate, proximityApplies, type LocationPrecision } from '../../../src/domain/location';
import { toast } from '../events';

export interface DevicePosition {
  position: LatLng | null;
  /** The device cannot give a position (denied, unavailable, timed out). */
  failed: boolean;
}

const WATCH: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 15_000 };

export function usePosition(active: boolean): DevicePosition {
  const [state, setState] = useState<DevicePosition>({ position: null, failed: false });
  useEffect(() => {
    if (!active) return;
    let warned = false;
    const fail = () => {
      setState((current) => ({ ...current, failed: true }));
      if (!warned) toast({ title: 'Location needed', description: 'Allow location for this app to confirm arrivals' });
      warned = true;
    };
    if (!('geolocation' in navigator)) {
      fail();
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => setState({ position: { lat: coords.latitude, lng: coords.longitude }, failed: false }),
      fail,
      WATCH,
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [active]);
  return state;
}

/** Metres from the device to a place, when both are known. */
export function distanceTo(device: DevicePosition, lat: number | null, lng: number | null): number | null {
  return device.position && lat != null && lng != null ? haversineMeters(device.position, { lat, lng }) : null;
}

/**
 * What an arrival button can do (decision F9): `ready` within the radius, or when the
 * distance cannot be held against the place (checks off for testing, a place without
 * coordinates or with only approximate ones); with checks on it needs a position first:
 * `locating` until the device gives one, `no_location` when it cannot (denied, unavailable).
 * The server holds arrivals to the same rule.
 */
export type ArrivalState = 'ready' | 'far' | 'locating' | 'no_location';

export function arrivalState(
  device: DevicePosition,
  distance: number | null,
  radiusM: number,
  checked: boolean,
  place: LocationPrecision | undefined,
): ArrivalState {
  if (!checked) return 'ready';
  if (!device.position) return device.failed ? 'no_location' : 'locating';
  if (!proximityApplies(place)) return 'ready';
  return distance != null && distance <= radiusM ? 'ready' : 'far';
}

/** "120 ft away", "0.8 mi away"; "about 0.8 mi away (approximate location)" from a ZIP centre. */
export function distanceLabel(meters: number, place?: LocationPrecision): string {
  const feet = meters / 0.3048;
  const away = feet < 1000 ? `${Math.round(feet)} ft away` : `${(meters / 1609.344).toFixed(1)} mi away`;
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
