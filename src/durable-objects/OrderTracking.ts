/**
 * One Durable Object per order (named by the order id) holding the customers' tracking
 * pages' sockets (issue 16), through the hibernation API: an open page costs nothing
 * while nothing happens, and keep-alive pings are answered by the runtime.
 *
 * - The courier's object forwards each accepted report here while the courier is on
 *   the way to one of this order's customers; each live socket gets the position with
 *   the ETA to its own customer (an order's link and each stop's link differ).
 * - The event consumer says when the order changed: every page is told and its socket
 *   closed, so the page reads its link again and reconnects with what now holds.
 * - ETAs sent are sampled into the database (one a minute per link) to measure them later.
 */
import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { recordEta } from '../db/tracking';
import type { Position } from '../domain/live';
import { estimateArrival, etaWords, type TrackingSocketMessage } from '../domain/tracking';
import type { Env } from '../env';
import { courierLocation, TRACKING_HEADER, type TrackingSocket } from './names';

const PING = 'ping';
const PONG = 'pong';
/** The order changed: the page reconnects (after reading its link again). */
export const ORDER_CHANGED_CLOSE = 4000;
const ETA_SAMPLE_MS = 60_000;

export class OrderTracking extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS eta_samples (link TEXT PRIMARY KEY, at INTEGER NOT NULL)');
  }

  /** Accepts a page's socket; the Worker has checked the token and says what the socket may receive (TRACKING_HEADER). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    let socketInfo: TrackingSocket;
    try {
      socketInfo = JSON.parse(request.headers.get(TRACKING_HEADER) ?? '') as TrackingSocket;
    } catch {
      return new Response('Missing tracking details', { status: 400 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(socketInfo);
    if (socketInfo.courierId != null && socketInfo.destination) {
      // The courier's object forwards reports here from now on, and gives its latest at once.
      const latest = await courierLocation(this.env, socketInfo.courierId).watchOrder(socketInfo.orderId);
      if (latest) this.sendPosition(server, socketInfo, latest);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A report of the order's courier; answers how many pages are watching it (0: stop forwarding). */
  async position(position: Position): Promise<number> {
    const now = Date.now();
    let watching = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const info = socket.deserializeAttachment() as TrackingSocket | null;
      if (!info?.destination || info.courierId == null) continue;
      watching++;
      const sample = this.sendPosition(socket, info, position);
      if (sample) this.ctx.waitUntil(this.sampleEta(info, sample.meters, now + sample.seconds * 1000, now));
    }
    return watching;
  }

  /** The order changed: every page reads its link again. */
  changed(): number {
    const sockets = this.ctx.getWebSockets();
    const message: TrackingSocketMessage = { type: 'changed' };
    for (const socket of sockets) {
      try {
        socket.send(JSON.stringify(message));
        socket.close(ORDER_CHANGED_CLOSE, 'Order changed');
      } catch {
        // Already closed.
      }
    }
    return sockets.length;
  }

  override async webSocketMessage(): Promise<void> {
    // Pages only listen; the runtime answers their pings.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private sendPosition(socket: WebSocket, info: TrackingSocket, position: Position) {
    const estimate = info.destination ? estimateArrival({ lat: position.latitude, lng: position.longitude }, info.destination, position.speed) : null;
    const message: TrackingSocketMessage = {
      type: 'position',
      latitude: position.latitude,
      longitude: position.longitude,
      recordedAt: position.recordedAt,
      eta: estimate ? etaWords(estimate) : null,
      etaSeconds: estimate?.seconds ?? null,
    };
    try {
      socket.send(JSON.stringify(message));
    } catch {
      return null;
    }
    return estimate;
  }

  private async sampleEta(info: TrackingSocket, meters: number, etaAt: number, now: number): Promise<void> {
    const link = info.stopId == null ? 'order' : `stop:${info.stopId}`;
    const last = this.ctx.storage.sql.exec<{ at: number }>('SELECT at FROM eta_samples WHERE link = ?', link).toArray()[0];
    if (last && now - last.at < ETA_SAMPLE_MS) return;
    this.ctx.storage.sql.exec('INSERT INTO eta_samples (link, at) VALUES (?, ?) ON CONFLICT (link) DO UPDATE SET at = excluded.at', link, now);
    try {
      await recordEta(createDb(this.env.DATABASE_URL, this.env.DATABASE_AUTH_TOKEN), {
        orderId: info.orderId,
        stopId: info.stopId,
        recordedAt: now,
        etaAt,
        meters,
      });
    } catch (error) {
      // A sample lost to an outage only thins the measurement; the page is not held up.
      console.error('ETA sample not recorded', (error as Error).message);
    }
  }
}
