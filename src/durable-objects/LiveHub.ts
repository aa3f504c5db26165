/**
 * The hub admins' live-map sockets attach to. It uses the WebSocket hibernation API:
 * the runtime holds the sockets, and the object sleeps between messages, so watchers
 * cost nothing while no courier moves. Keep-alive pings are answered by the runtime
 * itself (auto-response) without waking the object.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';

export const PING = 'ping';
export const PONG = 'pong';

export class LiveHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** Accepts a watcher's socket. The Worker has already checked that the caller is an admin. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one message to every watcher; answers how many there were. */
  broadcast(message: string): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      try {
        socket.send(message);
      } catch {
        // A socket closing while we send is not this broadcast's failure.
      }
    }
    return sockets.length;
  }

  override async webSocketMessage(): Promise<void> {
    // Watchers only listen; anything but the auto-answered ping is ignored.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }
}
