/**
 * One Durable Object per courier (named by the courier id) holding that courier's live
 * position. Reports for one courier are processed one at a time by their own object, so
 * "is this newer than what I have?" needs no locking and couriers never contend.
 *
 * - Keeps the latest position and a bounded recent track in its own SQLite storage.
 * - Drops reports that are stale (recorded too long ago) or out of order (not newer
 *   than the latest), so a delayed packet can never move a courier backwards.
 * - Writes the latest position through to the courier's row in libSQL at most once per
 *   WRITE_THROUGH_INTERVAL_MS (the first report at once, later ones by an alarm), so
 *   300 couriers reporting every 5 s cost the database 20 writes a second, not 60.
 * - Pushes every accepted report to the LiveHub, which fans it out to admins watching,
 *   and to the tracking object of each order whose customer is watching (issue 16).
 * - Holds the courier's own socket, told when their orders change (courierSockets.ts, issue 15).
 */
import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { recordCourierPosition, recordPhoneListening } from '../db/live';
import type { Position, PositionMessage } from '../domain/live';
import { ARRIVING_SOON_SECONDS, estimateArrival } from '../domain/tracking';
import type { Env } from '../env';
import { acceptCourierSocket, COURIER_SOCKET_PATH, endCourierSessions, pushToCourier, type CourierPush } from './courierSockets';
import { closeQuietly } from './socketOwners';
import { PING, PONG } from './LiveHub';
import { liveHub, orderTracking, type SessionSelector } from './names';

export interface LocationReport extends Position {
  courierId: number;
}

/** A customer waiting for "arriving soon": the order, the stop (null for a single order) and where they are. */
export interface ExpectedArrival {
  orderId: number;
  stopId: number | null;
  destination: { lat: number; lng: number };
}

export type ReportOutcome = { accepted: true } | { accepted: false; reason: 'stale' | 'out_of_order' };

/** Reports recorded longer ago than this are dropped: they no longer say where the courier is. */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/** Points kept in the recent track. At one report per 5 s, about 40 minutes. */
export const TRACK_LIMIT = 500;
export const WRITE_THROUGH_INTERVAL_MS = 10_000;
/** The meta key holding whether the database last heard this courier's phone is listening (1) or not (0). */
const LISTENING = 'phone_listening';

interface PositionRow extends Record<string, SqlStorageValue> {
  recorded_at: number;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
}

const toPosition = (row: PositionRow): Position => ({
  latitude: row.latitude,
  longitude: row.longitude,
  accuracy: row.accuracy,
  heading: row.heading,
  speed: row.speed,
  recordedAt: row.recorded_at,
});

export class CourierLocation extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS positions (
      recorded_at INTEGER PRIMARY KEY,
      latitude REAL NOT NULL, longitude REAL NOT NULL,
      accuracy REAL, heading REAL, speed REAL)`);
    this.sql.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    this.sql.exec('CREATE TABLE IF NOT EXISTS watched_orders (order_id INTEGER PRIMARY KEY)');
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS expected_arrivals (order_id INTEGER NOT NULL, stop_id INTEGER NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL, PRIMARY KEY (order_id, stop_id))',
    );
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** The courier's phone opens its socket here (GET /api/couriers/socket). */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== COURIER_SOCKET_PATH) return new Response('Not found', { status: 404 });
    const courierId = Number(url.searchParams.get('courier'));
    const accepted = acceptCourierSocket(this.ctx, request, courierId);
    // Listening before the phone reads its lists: no offer to the zone made meanwhile goes untold.
    if (accepted.status === 101) await this.recordListening(courierId, true);
    return accepted;
  }

  /**
   * Tells the courier's phone that their orders changed. A push no phone heard marks the
   * courier as not listening (their app closed): the zone's next offers skip them until a
   * phone connects again. Cleared here rather than as a socket closes, so a lost close costs
   * one push, never an offer.
   */
  async notify(courierId: number, push: CourierPush): Promise<number> {
    const heard = pushToCourier(this.ctx, courierId, push);
    if (heard === 0 && this.getMeta(LISTENING) !== 0) await this.recordListening(courierId, false);
    return heard;
  }

  /** Writes whether a phone listens, when that changed; a failed write is tried again at the next change. */
  private async recordListening(courierId: number, listening: boolean): Promise<void> {
    try {
      await recordPhoneListening(createDb(this.env.DATABASE_URL, this.env.DATABASE_AUTH_TOKEN), courierId, listening);
      this.setMeta(LISTENING, listening ? 1 : 0);
    } catch (error) {
      console.error('phone listening not recorded', courierId, (error as Error).message);
    }
  }

  /** Closes the phone's sockets of sessions that ended. */
  endSessions(courierId: number, selector: SessionSelector): number {
    return endCourierSessions(this.ctx, courierId, selector);
  }

  override async webSocketMessage(): Promise<void> {
    // Phones only listen; their keep-alive ping is answered by the runtime.
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(socket, code, reason);
  }

  async report(report: LocationReport, now = Date.now()): Promise<ReportOutcome> {
    if (report.recordedAt < now - STALE_AFTER_MS) return { accepted: false, reason: 'stale' };
    const latest = this.latest();
    if (latest && report.recordedAt <= latest.recordedAt) return { accepted: false, reason: 'out_of_order' };

    this.sql.exec(
      'INSERT INTO positions (recorded_at, latitude, longitude, accuracy, heading, speed) VALUES (?, ?, ?, ?, ?, ?)',
      report.recordedAt,
      report.latitude,
      report.longitude,
      report.accuracy,
      report.heading,
      report.speed,
    );
    this.sql.exec('DELETE FROM positions WHERE recorded_at < (SELECT recorded_at FROM positions ORDER BY recorded_at DESC LIMIT 1 OFFSET ?)', TRACK_LIMIT - 1);
    this.setMeta('courier_id', report.courierId);

    const message: PositionMessage = { type: 'position', ...positionOf(report), courierId: report.courierId, acceptedAt: now };
    await Promise.all([
      this.scheduleWriteThrough(now),
      this.hub().broadcast(JSON.stringify(message)),
      this.forwardToTrackingPages(positionOf(report)),
      this.announceArrivals(report),
    ]);
    return { accepted: true };
  }

  /** A customer's page watches this courier on the way to them (OrderTracking): forward reports there; answers the latest. */
  watchOrder(orderId: number): Position | null {
    this.sql.exec('INSERT OR IGNORE INTO watched_orders (order_id) VALUES (?)', orderId);
    return this.latest();
  }

  /** A customer is to be told when this courier is a few minutes away (issue 16, "arriving soon"). */
  expectArrival(arrival: ExpectedArrival): void {
    this.sql.exec(
      'INSERT OR REPLACE INTO expected_arrivals (order_id, stop_id, latitude, longitude) VALUES (?, ?, ?, ?)',
      arrival.orderId,
      arrival.stopId ?? 0,
      arrival.destination.lat,
      arrival.destination.lng,
    );
  }

  /** Arrivals now within ARRIVING_SOON_SECONDS are handed to the queue once (the consumer words and sends the message). */
  private async announceArrivals(position: Position): Promise<void> {
    const rows = this.sql.exec<{ order_id: number; stop_id: number; latitude: number; longitude: number }>('SELECT * FROM expected_arrivals').toArray();
    const due = rows.filter(
      (row) =>
        estimateArrival({ lat: position.latitude, lng: position.longitude }, { lat: row.latitude, lng: row.longitude }, position.speed).seconds <=
        ARRIVING_SOON_SECONDS,
    );
    if (!due.length) return;
    await this.env.EVENTS.sendBatch(due.map((row) => ({ body: { arrivingSoon: { orderId: row.order_id, stopId: row.stop_id || null } } })));
    for (const row of due) this.sql.exec('DELETE FROM expected_arrivals WHERE order_id = ? AND stop_id = ?', row.order_id, row.stop_id);
  }

  /** Each watched order's pages get the report; an order nobody watches live any more is dropped. */
  private async forwardToTrackingPages(position: Position): Promise<void> {
    const watched = this.sql.exec<{ order_id: number }>('SELECT order_id FROM watched_orders').toArray();
    await Promise.all(
      watched.map(async ({ order_id: orderId }) => {
        const watching = await orderTracking(this.env, orderId)
          .position(position)
          .catch(() => 1);
        if (watching === 0) this.sql.exec('DELETE FROM watched_orders WHERE order_id = ?', orderId);
      }),
    );
  }

  latest(): Position | null {
    const row = this.sql.exec<PositionRow>('SELECT * FROM positions ORDER BY recorded_at DESC LIMIT 1').toArray()[0];
    return row ? toPosition(row) : null;
  }

  /** The recent track, oldest first. */
  track(limit = TRACK_LIMIT): Position[] {
    return this.sql
      .exec<PositionRow>('SELECT * FROM (SELECT * FROM positions ORDER BY recorded_at DESC LIMIT ?) ORDER BY recorded_at', Math.min(limit, TRACK_LIMIT))
      .toArray()
      .map(toPosition);
  }

  /** Writes the latest position to the database (called by the alarm, and at once for a quiet courier). */
  override async alarm(): Promise<void> {
    await this.writeThrough(Date.now());
  }

  private async scheduleWriteThrough(now: number): Promise<void> {
    const lastWritten = this.getMeta('last_written_at') ?? 0;
    if (now - lastWritten >= WRITE_THROUGH_INTERVAL_MS) {
      await this.writeThrough(now);
    } else if ((await this.ctx.storage.getAlarm()) == null) {
      await this.ctx.storage.setAlarm(lastWritten + WRITE_THROUGH_INTERVAL_MS);
    }
  }

  private async writeThrough(now: number): Promise<void> {
    const latest = this.latest();
    const courierId = this.getMeta('courier_id');
    if (!latest || courierId == null) return;
    // Marked before the write: a failing database delays the next try to the next interval
    // instead of turning every report into a database call. The alarm retries failures.
    this.setMeta('last_written_at', now);
    await recordCourierPosition(createDb(this.env.DATABASE_URL, this.env.DATABASE_AUTH_TOKEN), courierId, latest);
  }

  private hub() {
    return liveHub(this.env);
  }

  private getMeta(key: string): number | null {
    const row = this.sql.exec<{ value: number }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0];
    return row ? row.value : null;
  }

  private setMeta(key: string, value: number): void {
    this.sql.exec('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
  }
}

function positionOf({ latitude, longitude, accuracy, heading, speed, recordedAt }: Position): Position {
  return { latitude, longitude, accuracy, heading, speed, recordedAt };
}
