/** The admins' live socket (GET /api/couriers/live, LiveHub): positions for the GPS page, alerts for the dispatcher (?topic=alerts). */
import { useEffect, useRef, useState } from 'react';
import { SESSION_ENDED_CLOSE, type DispatchAlert, type LiveTopic, type PositionMessage } from '../../../src/domain/live';

type TopicMessage = { positions: PositionMessage; alerts: DispatchAlert };

export type SocketState = 'connecting' | 'live' | 'dropped';

/**
 * The live socket: connected → messages of the topic arrive as they happen; dropped →
 * reconnect with backoff (1 s doubling to 30 s) while the caller polls. `enabled` false
 * keeps it closed (alerts the dispatcher has not turned on).
 */
export function useLiveSocket<T extends LiveTopic>(topic: T, onMessage: (message: TopicMessage[T]) => void, enabled = true): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let keepAlive: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/couriers/live${topic === 'alerts' ? '?topic=alerts' : ''}`,
      );
      socket.onopen = () => {
        attempt = 0;
        setState('live');
        keepAlive = window.setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 25_000);
      };
      socket.onmessage = (event) => {
        if (event.data === 'pong') return;
        const message = JSON.parse(String(event.data)) as PositionMessage | DispatchAlert;
        if ((topic === 'positions' && message.type === 'position') || (topic === 'alerts' && message.type === 'alert'))
          handler.current(message as TopicMessage[T]);
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
  }, [topic, enabled]);
  return state;
}
