/** The live positions socket of the admin GPS page (GET /api/couriers/live, LiveHub). */
import { useEffect, useRef, useState } from 'react';
import { SESSION_ENDED_CLOSE, type PositionMessage } from '../../../src/domain/live';

export type SocketState = 'connecting' | 'live' | 'dropped';

/**
 * The live socket: connected → positions arrive as they are accepted; dropped →
 * reconnect with backoff (1 s doubling to 30 s) while the caller polls.
 */
export function useLiveSocket(onPosition: (message: PositionMessage) => void): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onPosition);
  handler.current = onPosition;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let keepAlive: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/couriers/live`);
      socket.onopen = () => {
        attempt = 0;
        setState('live');
        keepAlive = window.setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 25_000);
      };
      socket.onmessage = (event) => {
        if (event.data === 'pong') return;
        const message = JSON.parse(String(event.data)) as PositionMessage;
        if (message.type === 'position') handler.current(message);
      };
      socket.onclose = (event) => {
        window.clearInterval(keepAlive);
        if (stopped) return;
        if (event.code === SESSION_ENDED_CLOSE) {
          // Signed out (here or elsewhere): the sign-in page brings the dispatcher back.
          window.location.assign(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`);
          return;
        }
        setState('dropped');
        retry = window.setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearInterval(keepAlive);
      socket?.close();
    };
  }, []);
  return state;
}
