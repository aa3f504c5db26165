/**
 * Reports the device's position while a courier is on an active order or has chosen
 * to be online (issue 6; spec 3-courier-area.md §2.13): the position is watched with high accuracy,
 * a maximum age of 10 s and a timeout of 15 s, and sent at most every 5 s to
 * POST /api/couriers/location. GPS problems produce the spec's "GPS Warning" toast once
 * while the page is open, and never block the delivery: positions are a live view, so
 * one that cannot be sent is simply superseded by the next.
 */
import { useEffect } from 'react';
import { toast } from './events';

export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 15_000 };
export const REPORT_INTERVAL_MS = 5_000;
/** A fix older than this no longer says where a photo was taken. */
const RECENT_FIX_MS = 2 * 60_000;

let lastFix: { lat: number; lng: number; at: number } | null = null;

/** Notes the latest fix from any watch on the page, for stamping what the courier does next. */
export function rememberFix(coords: Pick<GeolocationCoordinates, 'latitude' | 'longitude'>, at = Date.now()): void {
  lastFix = { lat: coords.latitude, lng: coords.longitude, at };
}

/** Where the phone was a moment ago, if it knew (null without a fix in the last two minutes). */
export function recentFix(now = Date.now()): { lat: number; lng: number } | null {
  return lastFix && now - lastFix.at <= RECENT_FIX_MS ? { lat: lastFix.lat, lng: lastFix.lng } : null;
}

export function gpsWarning(): void {
  toast({ title: 'GPS Warning', description: 'GPS issues detected - you can continue with the delivery', variant: 'destructive' });
}

function send(position: GeolocationPosition): void {
  const { latitude, longitude, accuracy, heading, speed } = position.coords;
  void fetch('/api/couriers/location', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      latitude,
      longitude,
      accuracy,
      heading: Number.isFinite(heading) ? heading : null,
      speed: Number.isFinite(speed) ? speed : null,
      recordedAt: position.timestamp,
    }),
  }).catch(() => {
    // Offline: the next fix replaces this one.
  });
}

/** Starts watching and reporting; returns the function that stops it. */
export function startLocationReporting(onWarning: () => void = gpsWarning): () => void {
  if (!('geolocation' in navigator)) {
    onWarning();
    return () => {};
  }
  let lastSent = 0;
  let warned = false;
  let latest: GeolocationPosition | null = null;
  let trailing: number | undefined;
  const flush = () => {
    trailing = undefined;
    if (!latest) return;
    lastSent = Date.now();
    send(latest);
    latest = null;
  };
  const watch = navigator.geolocation.watchPosition(
    (position) => {
      rememberFix(position.coords);
      latest = position;
      const wait = REPORT_INTERVAL_MS - (Date.now() - lastSent);
      if (wait <= 0) flush();
      else trailing ??= window.setTimeout(flush, wait);
    },
    () => {
      if (warned) return;
      warned = true;
      onWarning();
    },
    WATCH_OPTIONS,
  );
  return () => {
    navigator.geolocation.clearWatch(watch);
    window.clearTimeout(trailing);
  };
}

/** Reports the position while `active` is true. */
export function useLocationReporting(active: boolean): void {
  useEffect(() => (active ? startLocationReporting() : undefined), [active]);
}
