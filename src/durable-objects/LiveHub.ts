/**
 * The hub admins' live map sockets connect to. It uses the WebSocket hibernation API,
 * so watchers who are idle cost nothing while no courier moves.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';

export class LiveHub extends DurableObject<Env> {
  /** Sends one message to every connected watcher. */
  broadcast(message: string): number {
    const sockets = this.ctx.getWebSockets();
    for (const socket of sockets) {
      try {
        socket.send(message);
      } catch {
        // A socket closing as we send is not this broadcast's problem.
      }
    }
    return sockets.length;
  }
}
