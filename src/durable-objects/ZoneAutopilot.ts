/**
 * One Durable Object per zone (named by the zone id) running its autopilot (issue 30, decision
 * W12). Every pass of the zone goes through here, one at a time: a wake that comes while a pass
 * runs makes one more pass after it, so two orders never take one courier's last slot and no
 * decision is made on a read older than the last write. The cascade's state lives in the
 * database with each order; the object keeps only its zone id and an alarm at the next moment
 * something is due (an offer ends, an order's lead time comes), which survives a restart.
 */
import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import type { Env } from '../env';
import { runZoneAutopilot } from '../services/dispatch/autopilot';

const ZONE_KEY = 'zoneId';
/** A pass that failed (the database was unreachable) is tried again this soon. */
const RETRY_FAILED_MS = 15_000;

export class ZoneAutopilot extends DurableObject<Env> {
  private running: Promise<void> | null = null;
  private passAgain = false;

  /** Something changed in the zone (an order, a courier's answer, its settings): decide now. */
  async wake(zoneId: number): Promise<void> {
    if ((await this.ctx.storage.get<number>(ZONE_KEY)) !== zoneId) await this.ctx.storage.put(ZONE_KEY, zoneId);
    return this.pass();
  }

  override async alarm(): Promise<void> {
    await this.pass();
  }

  private pass(): Promise<void> {
    if (this.running) {
      this.passAgain = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.passAgain = false;
        await this.passOnce();
      } while (this.passAgain);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async passOnce(): Promise<void> {
    const zoneId = await this.ctx.storage.get<number>(ZONE_KEY);
    if (zoneId == null) return;
    let wakeAt: number | null;
    try {
      wakeAt = await runZoneAutopilot(this.env, createDb(this.env.DATABASE_URL, this.env.DATABASE_AUTH_TOKEN), zoneId);
    } catch (error) {
      console.error('autopilot pass failed; trying again', zoneId, (error as Error).message);
      wakeAt = Date.now() + RETRY_FAILED_MS;
    }
    if (wakeAt == null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(wakeAt);
  }
}
