/** The admins' live hub (decisions L2, S11), inside workerd: topics, sessions that end or expire, hibernation's ping. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE } from '../../src/domain/live';
import { OWNER_HEADERS } from '../../src/durable-objects/names';
import { openSocket } from './sockets';

const hub = (name: string) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName(name));
const owner = (sessionId: string, userId: number, expiresAt = Date.now() + 3_600_000) => ({
  [OWNER_HEADERS.sessionId]: sessionId,
  [OWNER_HEADERS.userId]: String(userId),
  [OWNER_HEADERS.expiresAt]: String(expiresAt),
});

describe('LiveHub', () => {
  it('sends each topic to its own watchers only', async () => {
    const stub = hub('topics');
    const positions = await openSocket(stub, 'http://hub/', owner('s1', 1));
    const alerts = await openSocket(stub, 'http://hub/?topic=alerts', owner('s2', 1));
    expect(await stub.broadcast('{"type":"position"}')).toBe(1);
    expect(await positions.next()).toBe('{"type":"position"}');
    expect(await stub.broadcast('{"type":"alert"}', 'alerts')).toBe(1);
    expect(await alerts.next()).toBe('{"type":"alert"}');
    expect(positions.messages).toEqual([]);
  });

  it('refuses a socket no session vouches for, and a request that is not an upgrade', async () => {
    const stub = hub('refusals');
    expect((await stub.fetch(new Request('http://hub/', { headers: { Upgrade: 'websocket' } }))).status).toBe(400);
    expect((await stub.fetch(new Request('http://hub/'))).status).toBe(426);
  });

  it('closes one session’s sockets, or every session of a user but one, and skips a session that expired', async () => {
    const stub = hub('sessions');
    const first = await openSocket(stub, 'http://hub/', owner('a', 7));
    const second = await openSocket(stub, 'http://hub/', owner('b', 7));
    const other = await openSocket(stub, 'http://hub/', owner('c', 8));
    expect(await stub.endSessions({ sessionId: 'a' })).toBe(1);
    expect((await first.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect(await stub.endSessions({ userId: 7, exceptSessionId: 'b' })).toBe(0);
    expect(await stub.endSessions({ userId: 7 })).toBe(1);
    expect((await second.closed).code).toBe(SESSION_ENDED_CLOSE);
    expect(await stub.broadcast('still here')).toBe(1);
    expect(await other.next()).toBe('still here');

    const expiring = await openSocket(stub, 'http://hub/', owner('d', 9, Date.now() + 50));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await stub.broadcast('after expiry')).toBe(1);
    expect((await expiring.closed).code).toBe(SESSION_ENDED_CLOSE);
  });

  it('answers a watcher’s ping without a message reaching the object', async () => {
    const watcher = await openSocket(hub('ping'), 'http://hub/', owner('p', 1));
    watcher.socket.send('ping');
    expect(await watcher.next()).toBe('pong');
  });
});
