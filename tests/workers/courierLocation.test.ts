/**
 * A courier's location object (decision L1), inside workerd: stale and out-of-order reports
 * are dropped, the track is bounded, and the latest position is written through to the
 * database at most once per interval, the rest by its alarm.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CourierLocation, STALE_AFTER_MS, TRACK_LIMIT, WRITE_THROUGH_INTERVAL_MS } from '../../src/durable-objects/CourierLocation';
import { courierLocationName } from '../../src/durable-objects/names';

const location = (courierId: number) => env.COURIER_LOCATION.get(env.COURIER_LOCATION.idFromName(courierLocationName(courierId)));
const at = (courierId: number, recordedAt: number, latitude = 27.95) => ({
  courierId,
  recordedAt,
  latitude,
  longitude: -82.46,
  accuracy: 5,
  heading: null,
  speed: null,
});
/** The statements the fake database received since last asked (tests/workers/fakeDatabase.ts). */
const sentToDatabase = async () => (await (await fetch('http://database.test/sent')).json()) as string[];
const writesOfPosition = (statements: string[]) => statements.filter((sql) => /update\s+"couriers"/i.test(sql));

describe('CourierLocation', () => {
  it('drops a report recorded too long ago, or not newer than the latest', async () => {
    const courier = location(101);
    const now = Date.now();
    expect(await courier.report(at(101, now - STALE_AFTER_MS - 1), now)).toEqual({ accepted: false, reason: 'stale' });
    expect(await courier.report(at(101, now - 1000, 27.9), now)).toEqual({ accepted: true });
    expect(await courier.report(at(101, now - 2000, 28.1), now)).toEqual({ accepted: false, reason: 'out_of_order' });
    expect((await courier.latest())?.latitude).toBe(27.9);
  });

  it('keeps a bounded track, oldest first', async () => {
    const courier = location(102);
    const now = Date.now();
    for (let i = 0; i < TRACK_LIMIT + 5; i++) await courier.report(at(102, now - (TRACK_LIMIT + 5 - i) * 100), now);
    const track = await courier.track();
    expect(track).toHaveLength(TRACK_LIMIT);
    expect(track[0].recordedAt).toBeLessThan(track.at(-1)!.recordedAt);
  });

  it('writes the first report through at once, later ones by its alarm, one write per interval', async () => {
    const courier = location(103);
    await sentToDatabase();
    const now = Date.now();
    await courier.report(at(103, now - 3000), now);
    expect(writesOfPosition(await sentToDatabase())).toHaveLength(1);
    await courier.report(at(103, now - 2000), now + 1000);
    await courier.report(at(103, now - 1000), now + 2000);
    expect(writesOfPosition(await sentToDatabase())).toHaveLength(0);
    const alarm = await runInDurableObject(courier, (instance: CourierLocation, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm! - now).toBeLessThanOrEqual(WRITE_THROUGH_INTERVAL_MS);
    expect(await runDurableObjectAlarm(courier)).toBe(true);
    const written = writesOfPosition(await sentToDatabase());
    expect(written).toHaveLength(1);
    expect(await runDurableObjectAlarm(courier)).toBe(false);
  });

  it('tells a customer’s page the courier is a few minutes away, once', async () => {
    const courier = location(104);
    await courier.expectArrival({ orderId: 55, stopId: null, destination: { lat: 27.951, lng: -82.46 } });
    const now = Date.now();
    await courier.report(at(104, now - 1000), now);
    await runInDurableObject(courier, (_instance: CourierLocation, state) => {
      expect(state.storage.sql.exec('SELECT count(*) AS n FROM expected_arrivals').one().n).toBe(0);
    });
  });
});
