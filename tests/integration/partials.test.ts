/** Partials over HTTP: a region alone, its ETag, 304 while nothing changed (issue 2). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { Client, signedIn, testDb } from '../support/api';

describe('partials', () => {
  it('render one region alone with an ETag, then 304 until its data changes', async () => {
    const admin = await signedIn('admin');
    const first = await admin.get('/admin', { 'X-Partial': 'notifications' });
    expect(first.status).toBe(200);
    expect(first.text.startsWith('<div data-partial="notifications"')).toBe(true);
    expect(first.text).not.toContain('<html');
    expect(first.text).toContain('Notifications');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    expect(first.headers.get('vary')).toContain('X-Partial');

    const unchanged = await admin.get('/admin', { 'X-Partial': 'notifications', 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    // Any write to orders moves the version the ETag is built from.
    const [order] = await testDb().select().from(orders).limit(1);
    await testDb().update(orders).set({ updatedAt: Date.now() }).where(eq(orders.id, order.id));
    const changed = await admin.get('/admin', { 'X-Partial': 'notifications', 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('embed the current ETag in the full page, so the first poll can already be a 304', async () => {
    const admin = await signedIn('admin');
    const page = await admin.get('/admin');
    const etag = /data-partial="notifications"[^>]*data-etag="([^"]+)"/.exec(page.text)![1].replaceAll('&quot;', '"');
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    const poll = await admin.get('/admin', { 'X-Partial': 'notifications', 'If-None-Match': etag });
    expect(poll.status).toBe(304);
  });

  it('stream the page: regions arrive after the shell', async () => {
    const admin = await signedIn('admin');
    const page = await admin.get('/admin');
    // The shell carries the regions' fallbacks; React's completion scripts swap in the content.
    expect(page.text).toContain('data-partial="stats"');
    expect(page.text).toContain('Orders Overview');
  });

  it('carry the page title, so a navigation can show it', async () => {
    const admin = await signedIn('admin');
    const response = await admin.get('/admin/orders?status=new', { 'X-Partial': 'orders' });
    expect(response.status).toBe(200);
    expect(decodeURIComponent(response.headers.get('x-partial-title')!)).toBe('Orders · Dispatch');
  });

  it('tell the runtime to leave for sign-in when the session has ended, rather than redirect a background request', async () => {
    const signedOut = new Client();
    const partial = await signedOut.get('/admin/orders?status=new', { 'X-Partial': 'orders' });
    expect(partial.status).toBe(401);
    expect(partial.headers.get('x-partial-location')).toBe('/auth?next=%2Fadmin%2Forders%3Fstatus%3Dnew');
    expect(partial.text).toBe('');
    // A page request is still redirected (no script needed).
    const page = await signedOut.get('/admin/orders');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/auth?next=%2Fadmin%2Forders');
    // Signed in with another role, the same.
    const courier = await signedIn('courier');
    expect((await courier.get('/admin/orders', { 'X-Partial': 'orders' })).headers.get('x-partial-location')).toBe('/auth?next=%2Fadmin%2Forders');
  });

  it('ignore an unknown partial name and render the page', async () => {
    const admin = await signedIn('admin');
    const response = await admin.get('/admin', { 'X-Partial': 'nope' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html');
  });

  it('keep regions of one viewer apart from another (the ETag depends on the viewer)', async () => {
    const courier = await signedIn('courier');
    const other = await signedIn('courier2');
    const a = await courier.get('/courier/dashboard', { 'X-Partial': 'active-indicator' });
    const b = await other.get('/courier/dashboard', { 'X-Partial': 'active-indicator' });
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    const cross = await other.get('/courier/dashboard', { 'X-Partial': 'active-indicator', 'If-None-Match': a.headers.get('etag')! });
    expect(cross.status).toBe(200);
  });
});
