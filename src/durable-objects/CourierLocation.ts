/**
 * One Durable Object per courier (idFromName(courierId)) holding that courier's live
 * position in its own SQLite storage. Reports arrive in order per courier, so the
 * object can drop stale and out-of-order ones without any cross-courier locking.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env';

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  heading: number | null;
  speed: number | null;
  recordedAt: number;
}

export class CourierLocation extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS positions (
        recorded_at INTEGER PRIMARY KEY, latitude REAL NOT NULL, longitude REAL NOT NULL,
        accuracy REAL, heading REAL, speed REAL)`);
    });
  }

  /** The latest position, or null before the first report. */
  latest(): Position | null {
    const row = this.ctx.storage.sql
      .exec<{ recorded_at: number; latitude: number; longitude: number; accuracy: number | null; heading: number | null; speed: number | null }>(
        'SELECT * FROM positions ORDER BY recorded_at DESC LIMIT 1',
      )
      .toArray()[0];
    return row
      ? { latitude: row.latitude, longitude: row.longitude, accuracy: row.accuracy, heading: row.heading, speed: row.speed, recordedAt: row.recorded_at }
      : null;
  }
}
