/**
 * The courier's socket (decision F11): opened once per page by CourierSync, it says when
 * the courier's orders changed, and the screens read them again; while it is open, nothing
 * polls (the page's polled regions pause: the runtime reads `data-pushed` on <html>). When
 * it drops, the screens poll as before and it reconnects on a growing timer (1 s to 30 s),
 * at once when the browser comes back online; on reconnecting, the screens catch up. When
 * the server closes it because the session ended (signed out elsewhere, deactivated, a new
 * password), it stays closed: 'ended' (CourierSync then sends the courier to sign in).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { refreshPartials } from '../events';
import { serverReached } from '../connection';
import { SESSION_ENDED_CLOSE } from '../../../src/domain/live';

export type PushState = 'open' | 'down' | 'ended';

export interface CourierPush {
  type: 'orders';
  offer: boolean;
}

const SOCKET_PATH = '/api/couriers/socket';
/** Below the usual 60 s idle timeout of proxies; answered by the Durable Object's runtime without waking it. */
const PING_MS = 30_000;
const RETRY_MAX_MS = 30_000;

let state: PushState = 'down';
let started = false;
let retryDelay = 1000;
let retryTimer: number | undefined;
let pingTimer: number | undefined;
let socket: WebSocket | null = null;
const stateListeners = new Set<() => void>();
const pushListeners = new Set<(push: CourierPush) => void>();

function setState(next: PushState): void {
  if (state === next) return;
  state = next;
  if (next === 'open') document.documentElement.dataset.pushed = 'on';
  else delete document.documentElement.dataset.pushed;
  for (const listener of stateListeners) listener();
}

function emit(push: CourierPush): void {
  refreshPartials('active-indicator');
  for (const listener of pushListeners) listener(push);
}

function connect(): void {
  window.clearTimeout(retryTimer);
  if (socket && socket.readyState <= WebSocket.OPEN) return;
  const url = new URL(SOCKET_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const current = new WebSocket(url);
  socket = current;
  current.onopen = () => {
    retryDelay = 1000;
    serverReached();
    setState('open');
    // What changed while the socket was down is read once now.
    emit({ type: 'orders', offer: false });
    pingTimer = window.setInterval(() => current.readyState === WebSocket.OPEN && current.send('ping'), PING_MS);
  };
  current.onmessage = (event) => {
    if (event.data === 'pong') return;
    try {
      const push = JSON.parse(String(event.data)) as CourierPush;
      if (push.type === 'orders') emit(push);
    } catch {
      // Not ours.
    }
  };
  current.onclose = (event) => {
    window.clearInterval(pingTimer);
    if (socket === current) socket = null;
    if (event.code === SESSION_ENDED_CLOSE) return setState('ended');
    setState('down');
    retryTimer = window.setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  };
}

/** Opens the socket (once per page). */
export function startCourierPush(): void {
  if (started || typeof WebSocket === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    if (state === 'ended') return;
    retryDelay = 1000;
    connect();
  });
  connect();
}

export function usePushState(): PushState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => state,
    () => 'down',
  );
}

/** Calls `listener` with each push (and once when the socket (re)opens). */
export function useOnPush(listener: (push: CourierPush) => void): void {
  useEffect(() => {
    pushListeners.add(listener);
    return () => void pushListeners.delete(listener);
  }, [listener]);
}
