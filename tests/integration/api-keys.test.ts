/**
 * API keys (issue 17): made in the Profile (shown once, stored as a hash), listed,
 * revoked; a key authenticates /api/v1 only, as its own business, never with a session;
 * API access off, a deactivated business and a revoked key are refused; each key has a
 * request budget answered with 429 and Retry-After.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, restaurants, users } from '../../src/db/schema';
import { API_RATE } from '../../src/domain/apiKeys';
import { Client, signedIn, testDb } from '../support/api';
import { singleOrderBody } from '../support/business';
import { eventually, integratedBusiness, KeyClient } from '../support/integrations';

describe('making and keeping keys', () => {
  it('shows a new key once, stores only its SHA-256, lists it by name and prefix with when it was last used', async () => {
    const db = testDb();
    const { portal, restaurant } = await integratedBusiness(db);
    const made = await portal.post('/api/api-keys', { name: '  Warehouse system ' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Warehouse system', lastUsedAt: null });
    expect(made.body.key).toMatch(/^dsp_[A-Za-z0-9_-]{43}$/);
    expect(made.body.key.startsWith(made.body.prefix)).toBe(true);

    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, made.body.id));
    expect(stored.keyHash).toBe(createHash('sha256').update(made.body.key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(made.body.key);

    const listed = await portal.get('/api/api-keys');
    expect(listed.status).toBe(200);
    const entry = listed.body.find((key: { id: number }) => key.id === made.body.id);
    expect(entry).toEqual({ id: made.body.id, name: 'Warehouse system', prefix: made.body.prefix, createdAt: expect.any(String), lastUsedAt: null });
    expect(listed.text).not.toContain(made.body.key);
    expect(listed.body.every((key: { id: number }) => key.id)).toBe(true);

    const before = Date.now();
    expect((await new KeyClient(made.body.key).get('/api/v1/orders')).status).toBe(200);
    const used = await eventually(
      () => portal.get('/api/api-keys'),
      (answer) => answer.body.find((key: { id: number }) => key.id === made.body.id).lastUsedAt !== null,
    );
    expect(Date.parse(used.body.find((key: { id: number }) => key.id === made.body.id).lastUsedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await db.select().from(restaurants).where(eq(restaurants.id, restaurant.id)))[0].apiKey).toBeNull();
  });

  it('checks the name with the schema’s message, and keeps at most 10 keys in use', async () => {
    const db = testDb();
    const { portal } = await integratedBusiness(db);
    const blank = await portal.post('/api/api-keys', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: 'Invalid request', details: 'Key name is required', fields: { name: ['Key name is required'] } });
    for (let i = 2; i <= 10; i++) expect((await portal.post('/api/api-keys', { name: `Key ${i}` })).status).toBe(201);
    const eleventh = await portal.post('/api/api-keys', { name: 'One too many' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({ error: 'Too many keys', details: 'A business may have 10 keys in use; revoke one first.' });
    const [first] = (await portal.get('/api/api-keys')).body;
    expect((await portal.delete(`/api/api-keys/${first.id}`)).status).toBe(204);
    expect((await portal.post('/api/api-keys', { name: 'After a revoke' })).status).toBe(201);
  });
});

describe('what a key opens', () => {
  it('a revoked key is refused at once, and revoking is the owner’s alone', async () => {
    const db = testDb();
    const owner = await integratedBusiness(db);
    const other = await integratedBusiness(db);
    expect((await owner.api.get('/api/v1/orders')).status).toBe(200);

    expect((await other.portal.delete(`/api/api-keys/${owner.keyId}`)).status).toBe(404);
    expect((await owner.api.get('/api/v1/orders')).status).toBe(200);

    expect((await owner.portal.delete(`/api/api-keys/${owner.keyId}`)).status).toBe(204);
    const refused = await owner.api.get('/api/v1/orders');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: 'Invalid API key', details: 'The key is not known or has been revoked.' });
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect((await owner.portal.delete(`/api/api-keys/${owner.keyId}`)).status).toBe(404);
    expect((await owner.portal.get('/api/api-keys')).body.map((key: { id: number }) => key.id)).not.toContain(owner.keyId);
  });

  it('acts as its own business only: another business’s orders are not found and not listed', async () => {
    const db = testDb();
    const a = await integratedBusiness(db);
    const b = await integratedBusiness(db);
    const mine = await a.api.post('/api/v1/orders', singleOrderBody({ customerName: 'Alpha Keycustomer' }));
    expect(mine.status).toBe(201);
    expect(mine.body.restaurantId).toBe(a.restaurant.id);
    for (const path of [`/api/v1/orders/${mine.body.id}`, `/api/v1/orders/${mine.body.id}/events`]) {
      const answer = await b.api.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ error: 'Order not found' });
    }
    const cancel = await b.api.post(`/api/v1/orders/${mine.body.id}/cancel`);
    expect(cancel.status).toBe(404);
    expect(cancel.body).toEqual({ error: 'Order not found' });
    expect((await b.api.get('/api/v1/orders?limit=100')).text).not.toContain('Alpha Keycustomer');
    expect((await a.api.get(`/api/v1/orders/${mine.body.id}`)).body.status).toBe('new');
    // Not even a refused attempt lands in the other business's history.
    expect((await a.api.get(`/api/v1/orders/${mine.body.id}/events`)).body.data.map((event: { action: string }) => event.action)).not.toContain('cancel');
  });

  it('is refused while the business’s API access is off, and again works when the admin turns it back on', async () => {
    const db = testDb();
    const { api, portal, restaurant } = await integratedBusiness(db);
    const admin = await signedIn('admin');
    expect((await admin.patch(`/api/restaurants/${restaurant.id}`, { apiEnabled: false })).body.apiEnabled).toBe(false);

    const off = await api.get('/api/v1/orders');
    expect(off.status).toBe(403);
    expect(off.body).toEqual({ error: 'API access is turned off for this business', details: 'Ask your dispatcher to turn it on.' });
    expect((await portal.post('/api/api-keys', { name: 'While off' })).status).toBe(403);
    expect((await portal.put('/api/webhook-endpoint', { url: 'http://127.0.0.1:9/hooks' })).status).toBe(403);
    // The business still sees and revokes its keys.
    expect((await portal.get('/api/api-keys')).body).toHaveLength(1);

    expect((await admin.patch(`/api/restaurants/${restaurant.id}`, { apiEnabled: 'yes' })).status).toBe(400);
    expect((await admin.patch(`/api/restaurants/${restaurant.id}`, { apiEnabled: true })).body.apiEnabled).toBe(true);
    expect((await api.get('/api/v1/orders')).status).toBe(200);
  });

  it('is refused for a deactivated business', async () => {
    const db = testDb();
    const { api, user } = await integratedBusiness(db);
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const answer = await api.get('/api/v1/orders');
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('This business account is deactivated');
  });

  it('works on /api/v1 only, and never opens a session: no cookie is set, and a session cookie does not open /api/v1', async () => {
    const db = testDb();
    const { api, portal, key } = await integratedBusiness(db);
    const answer = await api.get('/api/v1/orders');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('set-cookie')).toBeNull();

    // A key on the portal's API or pages is nobody.
    expect((await api.get('/api/orders?page=1')).status).toBe(401);
    expect((await api.get('/api/user')).status).toBe(401);
    const page = await api.get('/profile');
    expect(page.status).toBe(302);

    // The portal's session is nobody on /api/v1.
    const withSession = await portal.get('/api/v1/orders');
    expect(withSession.status).toBe(401);
    expect(withSession.body.error).toBe('API key required');

    for (const authorization of [
      '',
      'Bearer',
      `Basic ${key}`,
      `Bearer ${key}x`,
      `Bearer ${key.slice(0, -1)}`,
      'Bearer dsp_0000000000000000000000000000000000000000000',
    ]) {
      const refused = await new Client().get('/api/v1/orders', { Authorization: authorization });
      expect(refused.status, authorization).toBe(401);
    }
    expect((await new Client().get('/api/v1/orders', { Authorization: `bearer  ${key}` })).status).toBe(200);
  });
});

describe('the request budget', () => {
  it(`answers 429 with Retry-After past ${API_RATE.burst} requests at once, per key, and serves again after the wait`, async () => {
    const db = testDb();
    const { api } = await integratedBusiness(db);
    const other = await integratedBusiness(db);
    const answers = await Promise.all(Array.from({ length: API_RATE.burst + 15 }, () => api.get('/api/v1/orders?limit=1')));
    const limited = answers.filter((answer) => answer.status === 429);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(API_RATE.burst);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.body).toMatchObject({ error: 'Too many requests' });
    }
    // Another key is not held back by this one.
    expect((await other.api.get('/api/v1/orders?limit=1')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Number(limited[0].headers.get('retry-after')) * 1000));
    expect((await api.get('/api/v1/orders?limit=1')).status).toBe(200);
  });
});
