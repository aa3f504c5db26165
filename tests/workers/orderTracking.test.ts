/** An order's tracking object (issue 16), inside workerd: each page gets its own ETA, and a change sends every page to read its link again. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORDER_CHANGED_CLOSE } from '../../src/durable-objects/OrderTracking';
import { TRACKING_HEADER, type TrackingSocket } from '../../src/durable-objects/names';
import { openSocket } from './sockets';

const tracking = (orderId: number) => env.ORDER_TRACKING.get(env.ORDER_TRACKING.idFromName(String(orderId)));
const page = (info: TrackingSocket) => ({ [TRACKING_HEADER]: JSON.stringify(info) });
const position = { latitude: 27.95, longitude: -82.46, accuracy: 5, heading: null, speed: null, recordedAt: Date.now() };

describe('OrderTracking', () => {
  it('sends each page watching the courier the position with the ETA to its own customer; a page before pickup gets none', async () => {
    const stub = tracking(201);
    const near = await openSocket(stub, 'http://track/', page({ orderId: 201, stopId: 1, courierId: 9001, destination: { lat: 27.951, lng: -82.46 } }));
    const far = await openSocket(stub, 'http://track/', page({ orderId: 201, stopId: 2, courierId: 9001, destination: { lat: 28.05, lng: -82.46 } }));
    const waiting = await openSocket(stub, 'http://track/', page({ orderId: 201, stopId: 3, courierId: null, destination: null }));
    expect(await stub.position(position)).toBe(2);
    const [toNear, toFar] = [JSON.parse(await near.next()), JSON.parse(await far.next())];
    expect(toNear).toMatchObject({ type: 'position', latitude: 27.95 });
    expect(toNear.etaSeconds).toBeLessThan(toFar.etaSeconds);
    expect(waiting.messages).toEqual([]);
  });

  it('tells every page the order changed and closes it, so it reads its link again', async () => {
    const stub = tracking(202);
    const one = await openSocket(stub, 'http://track/', page({ orderId: 202, stopId: null, courierId: null, destination: null }));
    expect(await stub.changed()).toBe(1);
    expect(JSON.parse(await one.next())).toEqual({ type: 'changed' });
    expect((await one.closed).code).toBe(ORDER_CHANGED_CLOSE);
  });

  it('refuses a socket without the details the Worker checked', async () => {
    expect((await tracking(203).fetch(new Request('http://track/', { headers: { Upgrade: 'websocket' } }))).status).toBe(400);
  });
});
