/**
 * The admins' live socket (GET /api/couriers/live, LiveHub), without React: positions for
 * the GPS page, alerts for the dispatcher (?topic=alerts). Connected, messages of the topic
 * arrive as they happen; dropped, it reconnects with backoff (1 s doubling to 30 s); a
 * session that ended sends the page to sign in.
 */
import { SESSION_ENDED_CLOSE, type DispatchAlert, type LiveTopic, type PositionMessage } from '../../../src/domain/live';

export type SocketState = 'connecting' | 'live' | 'dropped';
export type TopicMessage = { positions: PositionMessage; alerts: DispatchAlert };

/** Opens the socket; the returned function closes it for good. */
export function connectLive<T extends LiveTopic>(topic: T, onMessage: (message: TopicMessage[T]) => void, onState: (state: SocketState) => void): () => void {
  let socket: WebSocket | null = null;
  let retry: number | undefined;
  let keepAlive: number | undefined;
  let attempt = 0;
  let stopped = false;
  const connect = () => {
    onState('connecting');
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/couriers/live${topic === 'alerts' ? '?topic=alerts' : ''}`);
    socket.onopen = () => {
      attempt = 0;
      onState('live');
      keepAlive = window.setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 25_000);
    };
    socket.onmessage = (event) => {
      if (event.data === 'pong') return;
      const message = JSON.parse(String(event.data)) as PositionMessage | DispatchAlert;
      if ((topic === 'positions' && message.type === 'position') || (topic === 'alerts' && message.type === 'alert')) onMessage(message as TopicMessage[T]);
    };
    socket.onclose = (event) => {
      window.clearInterval(keepAlive);
      if (stopped) return;
      if (event.code === SESSION_ENDED_CLOSE) {
        // Signed out (here or elsewhere): the sign-in page brings the dispatcher back.
        window.location.assign(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`);
        return;
      }
      onState('dropped');
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
}
