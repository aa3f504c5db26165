/**
 * What a request costs the database, as every answer reports it in Server-Timing (issue 19):
 * round trips, each a network hop to Turso in production. A read is one, the session check
 * included: its queries leave with the check, on the strength of a signed hint naming the
 * session's owner (src/auth/sessionHint.ts), and the check decides before anything is sent.
 * Every route and caller is counted by the authorization matrix; here, the reads a screen
 * makes, and what happens when the hint and the session disagree.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getEvents } from '../../src/db/orders/read';
import { requestReceipts, sessions, users } from '../../src/db/schema';
import { Client, signedIn, testDb } from '../support/api';
import { insertCourier, insertOrder, insertSession, insertSignableCourier } from '../support/factories';
import { insertHeldOrder, png, upload } from '../support/courier';
import { sessionCookie } from '../support/security';

function roundTrips(headers: Headers): number {
  const timing = headers.get('server-timing') ?? '';
  const match = /db;dur=[\d.]+;desc="(\d+) round trips?"/.exec(timing);
  expect(match, `Server-Timing: ${timing}`).not.toBeNull();
  expect(timing).toMatch(/total;dur=[\d.]+/);
  return Number(match![1]);
}

describe('round trips per request', () => {
  it('stay within their budgets', async () => {
    const order = await insertOrder(testDb());
    const admin = await signedIn('admin');
    const budgets: Array<[string, Record<string, string>, number]> = [
      ['/api/user', {}, 1],
      ['/api/orders?page=1', {}, 1],
      [`/api/orders/${order.id}/courier-suggestions`, {}, 1],
      [`/api/orders/${order.id}/events`, {}, 1],
      // A region asked for without an ETag (a navigation) is read with the session.
      ['/admin/orders', { 'X-Partial': 'orders' }, 1],
      ['/admin/orders', { 'X-Partial': 'notifications' }, 1],
      // A whole page: the shell waits for the session check, which its regions' queries went with.
      ['/admin/orders', {}, 1],
    ];
    for (const [path, headers, budget] of budgets) {
      const response = await admin.get(path, headers);
      expect(response.status, path).toBe(200);
      expect(roundTrips(response.headers), `${path} ${JSON.stringify(headers)}`).toBeLessThanOrEqual(budget);
    }
    // A customer's tracking link (issue 16): the order or stop, its courier and stop counts in one batch.
    for (const path of [`/api/track/${order.trackingToken}`, `/t/${order.trackingToken}`]) {
      const response = await new Client().get(path);
      expect(response.status, path).toBe(200);
      expect(roundTrips(response.headers), path).toBe(1);
    }
    // An unchanged list answers 304 from the session's read alone (other suites may change
    // orders between the two reads: ask again until one is unchanged).
    await expect
      .poll(async () => {
        const first = await admin.get('/admin/orders', { 'X-Partial': 'orders' });
        const again = await admin.get('/admin/orders', { 'X-Partial': 'orders', 'If-None-Match': first.headers.get('etag')! });
        return again.status === 304 ? roundTrips(again.headers) : 'changed';
      })
      .toBe(1);
  });

  it('a poll whose region changed reads the counters first, then the region: unchanged polls cost no region queries', async () => {
    const admin = await signedIn('admin');
    const first = await admin.get('/admin/orders', { 'X-Partial': 'notifications' });
    const stale = await admin.get('/admin/orders', { 'X-Partial': 'notifications', 'If-None-Match': 'W/"stale"' });
    expect(stale.status).toBe(200);
    expect(roundTrips(stale.headers)).toBe(2);
    expect(first.headers.get('etag')).toMatch(/^W\//);
  });
});

describe('a read that goes ahead of its session check', () => {
  const copyOf = (client: Client) => Object.assign(new Client(), { cookie: client.cookie, hintCookie: client.hintCookie });

  it('is answered as signed out when the session ended meanwhile, on every kind of read', async () => {
    const admin = await signedIn('admin');
    const elsewhere = copyOf(admin);
    expect(elsewhere.hintCookie).toMatch(/^sid_hint=\d+\.admin\.\.\./);
    expect((await elsewhere.get('/api/orders?page=1')).status).toBe(200);
    await admin.post('/api/logout');

    expect((await copyOf(elsewhere).get('/api/user')).status).toBe(401);
    expect((await copyOf(elsewhere).get('/api/orders?page=1')).status).toBe(401);
    const page = await copyOf(elsewhere).get('/admin/orders');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/auth?next=%2Fadmin%2Forders');
    const partial = await copyOf(elsewhere).get('/admin/orders', { 'X-Partial': 'orders' });
    expect(partial.status).toBe(401);
    expect(partial.text).not.toContain('data-partial');
    // The hint goes with the session.
    await elsewhere.get('/api/user');
    expect(elsewhere.hintCookie).toBeNull();
  });

  it('is refused at once when the account was deactivated', async () => {
    const db = testDb();
    const { user } = await insertCourier(db);
    const courier = Object.assign(new Client(), { cookie: sessionCookie(await insertSession(db, user.id)) });
    expect((await courier.get('/api/orders/courier')).status).toBe(200);
    expect(courier.hintCookie).not.toBeNull();
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const refused = await courier.get('/api/orders/courier');
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain('"id"');
  });

  it('only on a hint the server signed for this session: another session’s hint or a forged role is ignored', async () => {
    const db = testDb();
    const admin = await signedIn('admin');
    const { user } = await insertCourier(db);
    const courier = Object.assign(new Client(), { cookie: sessionCookie(await insertSession(db, user.id)) });
    await courier.get('/api/user');
    // The courier's session with the admin's hint: the check decides, and the courier is no admin.
    const borrowed = Object.assign(new Client(), { cookie: courier.cookie, hintCookie: admin.hintCookie });
    expect((await borrowed.get('/api/couriers')).status).toBe(403);
    // The courier's own hint with the role changed: its signature no longer holds.
    const forged = Object.assign(new Client(), { cookie: courier.cookie, hintCookie: courier.hintCookie!.replace('.courier.', '.admin.') });
    const answer = await forged.get('/api/couriers');
    expect(answer.status).toBe(403);
    // Neither went ahead: one round trip, the session check alone.
    expect(roundTrips(answer.headers)).toBe(1);
  });

  it('is how a session without a hint reads from its second request on', async () => {
    const db = testDb();
    const { user } = await insertCourier(db);
    const courier = Object.assign(new Client(), { cookie: sessionCookie(await insertSession(db, user.id)) });
    const first = await courier.get('/api/couriers/earnings');
    expect(first.status).toBe(200);
    expect(roundTrips(first.headers)).toBe(2);
    expect(courier.hintCookie).toMatch(/^sid_hint=/);
    const second = await courier.get('/api/couriers/earnings');
    expect(second.status).toBe(200);
    expect(roundTrips(second.headers)).toBe(1);
    expect(second.body).toEqual(first.body);
  });
});

/** A courier signed in by a session of their own, holding the hint its first answer sets. */
async function courierWithHint(db: ReturnType<typeof testDb>, signable = false) {
  const created = signable ? await insertSignableCourier(db) : await insertCourier(db);
  const client = Object.assign(new Client(), { cookie: sessionCookie(await insertSession(db, created.user.id)) });
  await client.get('/api/user');
  expect(client.hintCookie).toMatch(/^sid_hint=/);
  return { ...created, client };
}

describe('a write that goes ahead of its session check', () => {
  it('writes nothing for a session that ended meanwhile, and is answered as signed out', async () => {
    const db = testDb();
    const { user, client: courier } = await courierWithHint(db);
    const changed = await courier.patch('/api/couriers/profile', { phone: '8135550101' });
    expect(changed.status).toBe(200);
    expect(roundTrips(changed.headers)).toBe(2);

    await db.delete(sessions).where(eq(sessions.userId, user.id));
    const refused = await courier.patch('/api/couriers/profile', { phone: '8135550199' });
    expect(refused.status).toBe(401);
    const [stored] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, user.id));
    expect(stored.phone).toBe('8135550101');
  });

  it('is answered again, with its body, when the session holds but no longer names who the hint did', async () => {
    const db = testDb();
    const { user, client: courier } = await courierWithHint(db, true);
    // An admin made the account an admin's: the hint still says courier.
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    const changed = await courier.post('/api/change-password', { currentPassword: 'demo1234', newPassword: 'a-new-password-1' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const signIn = await new Client().post('/api/login', { username: user.username, password: 'a-new-password-1' });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ role: 'admin' });
  });

  it('costs two round trips for a courier’s step that names a photo uploaded before', async () => {
    const db = testDb();
    const { courier: record, client: courier } = await courierWithHint(db);
    const order = await insertHeldOrder(db, record.id, 'arrived_at_customer');
    const uploaded = await upload(courier, `/api/orders/${order.id}/photos?kind=delivery`, png(16, 16, 3));
    expect(uploaded.status).toBe(201);
    expect(roundTrips(uploaded.headers)).toBe(2);
    const step = await courier.patch(`/api/orders/${order.id}`, { deliveryPhotos: [uploaded.body.url], deliveryNotes: 'Left with the concierge' });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    expect(step.body.deliveryPhotos).toEqual([uploaded.body.url]);
    expect(roundTrips(step.headers)).toBe(2);
    // A photo of another order is still refused, from the same read.
    const other = await insertHeldOrder(db, record.id, 'arrived_at_customer');
    const borrowed = await courier.patch(`/api/orders/${other.id}`, { deliveryPhotos: [uploaded.body.url] });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.details).toBe('A photo URL does not belong to this order.');
  });

  it('claims an Idempotency-Key with the session check: a step sent with one costs two, and its repeat acts on nothing', async () => {
    const db = testDb();
    const { user, courier: record, client: courier } = await courierWithHint(db);
    const order = await insertHeldOrder(db, record.id, 'arrived_at_customer');
    const headers = { 'Idempotency-Key': `step-${order.id}-notes` };
    const first = await courier.patch(`/api/orders/${order.id}`, { deliveryNotes: 'At the side door' }, headers);
    expect(first.status).toBe(200);
    // The session, the claim and the order's reads; then the change. The receipt is kept after the answer.
    expect(roundTrips(first.headers)).toBe(2);
    const again = await courier.patch(`/api/orders/${order.id}`, { deliveryNotes: 'At the side door' }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // One, and one more when it came before the first reply was kept and waited for it.
    expect(roundTrips(again.headers)).toBeLessThanOrEqual(2);
    const edits = (await getEvents(db, order.id)).filter((event) => event.action === 'edit');
    expect(edits).toHaveLength(1);

    // A key sent after the session ended claims nothing and acts on nothing.
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    const late = await courier.patch(`/api/orders/${order.id}`, { deliveryNotes: 'Changed' }, { 'Idempotency-Key': `step-${order.id}-late` });
    expect(late.status).toBe(401);
    expect(
      await db
        .select()
        .from(requestReceipts)
        .where(eq(requestReceipts.key, `step-${order.id}-late`)),
    ).toEqual([]);
  });
});
