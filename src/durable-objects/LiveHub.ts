/**
 * The hub admins' live-map sockets attach to. It uses the WebSocket hibernation API:
 * the runtime holds the sockets, and the object sleeps between messages, so watchers
 * cost nothing while no courier moves. Keep-alive pings are answered by the runtime
 * itself (auto-response) without waking the object.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';
import { liveTopic, type LiveTopic } from '../domain/live';
import type { SessionSelector } from './names';
import { closeEndedSessions, closeQuietly, sendWhileSessionsLast, socketOwnerOf } from './socketOwners';

export const PING = 'ping';
export const PONG = 'pong';

const sessionTag = (sessionId: string) => `session:${sessionId}`;
const userTag = (userId: number) => `user:${userId}`;
const topicTag = (topic: LiveTopic) => `topic:${topic}`;

export class LiveHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /**
   * Accepts a watcher's socket. The Worker has already checked that the caller is an
   * admin, and names the session it comes from (OWNER_HEADERS): the socket is tagged
   * with it, so it can be closed when the session ends.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const owner = socketOwnerOf(request);
    if (!owner) return new Response('Missing session', { status: 400 });
    const { 0: client, 1: server } = new WebSocketPair();
    // ?topic=alerts: the dispatcher's alerts (issue 14); otherwise positions, for the GPS page.
    const topic = liveTopic(new URL(request.url).searchParams.get('topic'));
    this.ctx.acceptWebSocket(server, [sessionTag(owner.sessionId), userTag(owner.userId), topicTag(topic)]);
    server.serializeAttachment(owner);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one message to every watcher of the topic whose session has not expired; answers how many there were. */
  broadcast(message: string, topic: LiveTopic = 'positions'): number {
    return sendWhileSessionsLast(this.ctx.getWebSockets(topicTag(topic)), message);
  }

  /** Closes the sockets of sessions that ended; answers how many. */
  endSessions(selector: SessionSelector): number {
    const tagged = 'sessionId' in selector ? sessionTag(selector.sessionId) : userTag(selector.userId);
    return closeEndedSessions(this.ctx.getWebSockets(tagged), selector);
  }

  override async webSocketMessage(): Promise<void> {
    // Watchers only listen; anything but the auto-answered ping is ignored.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(socket, code, reason);
  }
}
