/**
 * Whether this device reaches the server, as it last found out (decision F4): a reply from
 * the server (not the phone's offline copy, which the service worker marks) says yes; a
 * request that could not go, or the browser going offline, says no. "Connected to Server"
 * and the offline notices read it, so neither claims a connection the phone does not have.
 */
import { useSyncExternalStore } from 'react';

/** The header the courier service worker puts on an answer it gave from its copy (islands/serviceWorker/courier.ts). */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';

let reachable: boolean | null = null;
const listeners = new Set<() => void>();
const reconnected = new Set<() => void>();
let watching = false;

function set(next: boolean): void {
  if (reachable === next) return;
  const back = reachable === false && next;
  reachable = next;
  for (const listener of listeners) listener();
  if (back) for (const listener of reconnected) listener();
}

/**
 * Called when the server answers again after it could not be reached: the outbox sends
 * what waits at once. A phone leaving a dead zone often never went "offline" to the
 * browser (it kept its Wi-Fi or cell link), so the browser's own `online` event is not enough.
 */
export function onReconnect(listener: () => void): () => void {
  reconnected.add(listener);
  return () => reconnected.delete(listener);
}

/** A reply came from the server itself. */
export function serverReached(): void {
  set(navigator.onLine);
}

/** A request could not reach the server (no network, a timeout, or an answer from the phone's copy). */
export function serverUnreachable(): void {
  set(false);
}

/** Notes what a fetch's response says about the connection. */
export function noteResponse(response: Response): void {
  if (response.headers.has(OFFLINE_COPY_HEADER)) serverUnreachable();
  else serverReached();
}

function subscribe(listener: () => void): () => void {
  if (!watching) {
    watching = true;
    window.addEventListener('offline', serverUnreachable);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the server answers; until something was sent, what the browser says of its network. */
export function isConnected(): boolean {
  return reachable ?? navigator.onLine;
}

/** `null` while rendered on the server (not known there). */
export function useConnected(): boolean | null {
  return useSyncExternalStore(subscribe, isConnected, () => null);
}
