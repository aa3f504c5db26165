/** Sign-in and session rules (issue 2; spec 1-foundations-and-admin.md §7.2, §8.2). */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { signIn as demoSignIn } from '../../scripts/demo-photos';
import { sessions, users, zones } from '../../src/db/schema';
import { Client, DEMO_PASSWORD, signedIn, testDb, unique } from '../support/api';
import { courierRegistration, insertSignableCourier } from '../support/factories';
import { expectTokenCookie } from '../support/security';

async function tampaZoneId(): Promise<number> {
  const [zone] = await testDb().select().from(zones).where(eq(zones.name, 'Tampa'));
  return zone.id;
}

/** A fresh admin account, so tests that lock, deactivate or change passwords touch no demo account. */
async function newAdmin(password = 'secret-pass') {
  const admin = await signedIn('admin');
  const username = unique('adm');
  const created = await admin.post('/api/register', { role: 'admin', username, password, name: 'Test Admin' });
  expect(created.status).toBe(201);
  return { username, password, id: created.body.id as number };
}

describe('POST /api/login', () => {
  it("gives `npm start`'s demo scripts every cookie they need to stay signed in", async () => {
    const courier = await insertSignableCourier(testDb());
    const cookie = await demoSignIn(inject('baseUrl'), courier.username);
    const me = await fetch(new URL('/api/user', inject('baseUrl')), { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(courier.username);
  });

  it('signs in each demo account and answers its user', async () => {
    for (const [username, role] of [
      ['admin', 'admin'],
      ['bistro', 'restaurant'],
      ['pharmacy', 'restaurant'],
      ['courier', 'courier'],
      ['courier2', 'courier'],
    ]) {
      const client = new Client();
      const response = await client.post('/api/login', { username, password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username, role, isActive: true });
      expect(response.body).not.toHaveProperty('passwordHash');
      expect((await client.get('/api/user')).body.username).toBe(username);
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie holding a 128-bit token', async () => {
    const response = await new Client().post('/api/login', { username: 'admin', password: DEMO_PASSWORD });
    expectTokenCookie(response.headers, 'sid', false);
    // The browser is remembered as one this user signed in on (src/auth/devices.ts).
    expectTokenCookie(response.headers, 'did', false);
  });

  it('refuses a wrong password or unknown user with the same 401', async () => {
    const wrong = await new Client().post('/api/login', { username: 'admin', password: 'nope' });
    const unknown = await new Client().post('/api/login', { username: unique('ghost'), password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid username or password' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers bad bodies with 400 and the schema messages, never 500', async () => {
    const empty = await new Client().post('/api/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContain('Username is required');
    expect(empty.body.details).toContain('Password is required');
    expect(empty.body.fields).toHaveProperty('username');
    const malformed = await new Client().post('/api/login', '{"username":', { 'Content-Type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toHaveProperty('error');
    const wrongTypes = await new Client().post('/api/login', { username: 42, password: ['x'] });
    expect(wrongTypes.status).toBe(400);
  });

  it('gives a new session id at every sign-in and ends the previous one', async () => {
    const client = await signedIn('admin');
    const first = client.cookie;
    await client.login('admin');
    expect(client.cookie).not.toBe(first);
    const stale = new Client();
    stale.cookie = first;
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('slows down password guessing: the sixth try in 15 minutes is 429, even with the right password', async () => {
    const { username, password } = await newAdmin();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await new Client().post('/api/login', { username, password: `guess${attempt}` })).status).toBe(401);
    }
    const locked = await new Client().post('/api/login', { username, password });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('Too many failed sign-in attempts');
    expect(locked.body.details).toMatch(/wait 15 minutes/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // The lock is per username: others are unaffected.
    expect((await new Client().post('/api/login', { username: 'admin', password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('evaluates at most 5 guesses however many arrive at once: the attempt is counted before the password is checked', async () => {
    const { username } = await newAdmin();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => new Client().post('/api/login', { username, password: `parallel-guess-${i}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('keeps a device the owner signed in on working while strangers’ guesses lock the username', async () => {
    const { username, password } = await newAdmin();
    const owner = await signedIn(username, password);
    expect(owner.deviceCookie).toMatch(/^did=[\w-]{22}$/);
    await owner.post('/api/logout');
    // Someone else guesses until the username is locked for every browser it never signed in on.
    for (let attempt = 0; attempt < 6; attempt++) await new Client().post('/api/login', { username, password: `stranger-${attempt}` });
    expect((await new Client().post('/api/login', { username, password })).status).toBe(429);
    // The owner's browser still gets in with the right password, and keeps its device.
    const again = await owner.post('/api/login', { username, password });
    expect(again.status).toBe(200);
    expect((await owner.get('/api/user')).body.username).toBe(username);
    // A device cookie is for the user it was issued to: it opens nothing for another username.
    const other = await newAdmin();
    const borrowed = new Client();
    borrowed.deviceCookie = owner.deviceCookie;
    for (let attempt = 0; attempt < 6; attempt++) await new Client().post('/api/login', { username: other.username, password: `x-${attempt}` });
    expect((await borrowed.post('/api/login', { username: other.username, password: other.password })).status).toBe(429);
    // The device's own channel is throttled too: five wrong passwords from it lock it.
    await owner.post('/api/logout');
    for (let attempt = 0; attempt < 5; attempt++) expect((await owner.post('/api/login', { username, password: `typo-${attempt}` })).status).toBe(401);
    expect((await owner.post('/api/login', { username, password })).status).toBe(429);
  });
});

describe('session lifetime', () => {
  it('ends at logout', async () => {
    const client = await signedIn('bistro');
    const cookie = client.cookie;
    expect((await client.post('/api/logout')).status).toBe(200);
    const reused = new Client();
    reused.cookie = cookie;
    expect((await reused.get('/api/user')).status).toBe(401);
  });

  it('ends at once when the user is deactivated, and a deactivated user cannot sign in', async () => {
    const { username, password, id } = await newAdmin();
    const client = await signedIn(username, password);
    await testDb().update(users).set({ isActive: false }).where(eq(users.id, id));
    expect((await client.get('/api/user')).status).toBe(401);
    const again = await new Client().post('/api/login', { username, password });
    expect(again.status).toBe(403);
    expect(again.body.error).toMatch(/deactivated/);
  });

  it('expires after 7 idle days and after 30 days in all', async () => {
    const { username, password, id } = await newAdmin();
    const idle = await signedIn(username, password);
    const day = 24 * 60 * 60 * 1000;
    await testDb()
      .update(sessions)
      .set({ lastSeenAt: Date.now() - 7 * day - 1000 })
      .where(eq(sessions.userId, id));
    expect((await idle.get('/api/user')).status).toBe(401);

    const old = await signedIn(username, password);
    expect((await old.get('/api/user')).status).toBe(200);
    await testDb()
      .update(sessions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(sessions.userId, id));
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('stores only a hash of the cookie token', async () => {
    const { username, password, id } = await newAdmin();
    const client = await signedIn(username, password);
    const token = client.cookie!.split('=')[1];
    const rows = await testDb().select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].id).not.toContain(token);
  });
});

describe('cross-origin writes', () => {
  it('refuses a state-changing request from another origin', async () => {
    const client = await signedIn('admin');
    const refused = await client.post('/api/logout', undefined, { Origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Cross-origin request refused' });
    expect((await client.get('/api/user')).status).toBe(200);
    const fetchMetadata = await client.post('/api/logout', undefined, { 'Sec-Fetch-Site': 'cross-site' });
    expect(fetchMetadata.status).toBe(403);
  });

  it('accepts the same origin', async () => {
    const client = await signedIn('admin');
    const ok = await client.post('/api/logout', undefined, { Origin: new URL(client.baseUrl).origin, 'Sec-Fetch-Site': 'same-origin' });
    expect(ok.status).toBe(200);
  });
});

describe('POST /api/register', () => {
  const courierBody = async (username: string) => ({ ...courierRegistration(await tampaZoneId(), username), hasThermoBags: true });

  it('lets an admin create a courier with its courier record', async () => {
    const admin = await signedIn('admin');
    const username = unique('cour');
    const created = await admin.post('/api/register', await courierBody(username));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username, role: 'courier', courierId: expect.any(Number) });
    expect(created.body.courier).toMatchObject({ vehicleType: 'suv', hasThermoBags: true, hasCateringDolly: false });
    await signedIn(username, 'courierpass');
  });

  it('refuses non-admins and the signed-out', async () => {
    const body = await courierBody(unique('cour'));
    expect((await new Client().post('/api/register', body)).status).toBe(401);
    expect((await (await signedIn('courier')).post('/api/register', body)).status).toBe(403);
    expect((await (await signedIn('bistro')).post('/api/register', body)).status).toBe(403);
  });

  it('refuses a taken username (whatever its case) with 409', async () => {
    const admin = await signedIn('admin');
    const duplicate = await admin.post('/api/register', await courierBody('COURIER'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Username already exists');
  });

  it('holds every new password to one rule, however the account is made', async () => {
    const admin = await signedIn('admin');
    const shortAdmin = await admin.post('/api/register', { role: 'admin', username: unique('adm'), password: 'a', name: 'Short' });
    expect(shortAdmin.status).toBe(400);
    expect(shortAdmin.body.details).toBe('Password must be at least 6 characters');
    const shortCourier = await admin.post('/api/register', { ...courierRegistration(await tampaZoneId(), unique('c')), password: '12345' });
    expect(shortCourier.status).toBe(400);
    expect(shortCourier.body.fields.password).toEqual(['Password must be at least 6 characters']);
    const shortBusiness = await admin.post('/api/restaurants', {
      username: unique('biz'),
      password: 'abc',
      zoneId: await tampaZoneId(),
      name: 'Short Password Cafe',
      address: '1 Main St, Tampa, FL 33602',
      phone: '8135550100',
      contactPersonName: 'Ann',
      contactPersonPosition: 'Owner',
      contactPersonPhone: '8135550101',
      contactPersonEmail: 'ann@example.com',
    });
    expect(shortBusiness.status).toBe(400);
    expect(shortBusiness.body.fields.password).toEqual(['Password must be at least 6 characters']);
    expect((await admin.post('/api/register', { role: 'admin', username: unique('adm'), password: '', name: 'Blank' })).body.details).toBe(
      'Password is required',
    );
  });

  it('reports every missing courier field with the spec messages', async () => {
    const admin = await signedIn('admin');
    const response = await admin.post('/api/register', { role: 'courier', username: unique('c'), password: 'x', name: 'X' });
    expect(response.status).toBe(400);
    for (const message of [
      'Zone is required',
      'Address is required',
      'Valid email is required',
      'Vehicle make is required',
      "Driver's license number is required",
      'License expiry date is required',
      'Insurance number is required',
      'Insurance expiry date is required',
    ]) {
      expect(response.body.details).toContain(message);
    }
    const [{ count }] = await testDb()
      .select({ count: sql<number>`count(*)` })
      .from(users)
      .where(sql`${users.name} = 'X'`);
    expect(count).toBe(0);
  });
});

describe('POST /api/change-password', () => {
  it('needs the current password, then signs out other devices', async () => {
    const { username, password } = await newAdmin();
    const phone = await signedIn(username, password);
    const laptop = await signedIn(username, password);
    const wrong = await laptop.post('/api/change-password', { currentPassword: 'bad', newPassword: 'another1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const short = await laptop.post('/api/change-password', { currentPassword: password, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.details).toBe('New password must be at least 6 characters');
    const ok = await laptop.post('/api/change-password', { currentPassword: password, newPassword: 'another1' });
    expect(ok.status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    await signedIn(username, 'another1');
  });

  it('evaluates at most 5 wrong current passwords in a window, at once or in turn, as sign-in does (issue 26)', async () => {
    const { username, password } = await newAdmin();
    const stolen = await signedIn(username, password);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => stolen.post('/api/change-password', { currentPassword: `guess-${index}`, newPassword: 'another1' })),
    );
    const statuses = guesses.map((guess) => guess.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
    const refused = guesses.find((guess) => guess.status === 429)!;
    expect(refused.body.error).toBe('Too many wrong current passwords');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right one waits now; the session itself is kept.
    expect((await stolen.post('/api/change-password', { currentPassword: password, newPassword: 'another1' })).status).toBe(429);
    expect((await stolen.get('/api/user')).status).toBe(200);
  });
});
