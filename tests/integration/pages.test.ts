/** Page routing, redirects, area selection and the HTTP conventions of every response (issue 2). */
import { describe, expect, it } from 'vitest';
import { Client, getWithHost, signedIn } from '../support/api';
import { expectPageSecurityHeaders } from '../support/security';

describe('protected pages', () => {
  it('send the signed-out to /auth, remembering the page', async () => {
    for (const path of ['/admin', '/dashboard', '/restaurant', '/courier/dashboard']) {
      const response = await new Client().get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe(`/auth?next=${encodeURIComponent(path)}`);
    }
  });

  it('send a user of the wrong role to /auth', async () => {
    const courier = await signedIn('courier');
    expect((await courier.get('/admin')).status).toBe(302);
    const bistro = await signedIn('bistro');
    expect((await bistro.get('/courier/dashboard')).headers.get('location')).toMatch(/^\/auth/);
    const admin = await signedIn('admin');
    expect((await admin.get('/dashboard')).headers.get('location')).toMatch(/^\/auth/);
  });

  it('render for the right role', async () => {
    const admin = await signedIn('admin');
    const page = await admin.get('/admin');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Overview of orders and operations');
    expect((await (await signedIn('bistro')).get('/dashboard')).status).toBe(200);
    expect((await (await signedIn('bistro')).get('/restaurant')).status).toBe(200);
    expect((await (await signedIn('courier')).get('/courier/dashboard')).status).toBe(200);
  });
});

describe('sign-in pages', () => {
  it('redirect a signed-in user by role, or to a next path inside their area', async () => {
    expect((await (await signedIn('admin')).get('/auth')).headers.get('location')).toBe('/admin');
    expect((await (await signedIn('bistro')).get('/auth')).headers.get('location')).toBe('/dashboard');
    expect((await (await signedIn('courier')).get('/auth')).headers.get('location')).toBe('/courier/dashboard');
    expect((await (await signedIn('admin')).get('/auth?next=/admin/zones')).headers.get('location')).toBe('/admin/zones');
    expect((await (await signedIn('admin')).get('/auth?next=//evil.example')).headers.get('location')).toBe('/admin');
    expect((await (await signedIn('courier')).get('/courier/login')).headers.get('location')).toBe('/courier/dashboard');
  });

  it('title the generic page by host name or destination', async () => {
    const client = new Client();
    expect((await client.get('/auth')).text).toContain('Sign in to your account');
    expect((await client.get('/auth?next=/admin')).text).toContain('Admin Login');
    expect((await getWithHost('/auth', 'restaurant.dispatch.test')).text).toContain('Restaurant Login');
    expect((await getWithHost('/auth', 'admin.dispatch.test:8443')).text).toContain('Admin Login');
    expect((await client.get('/auth')).text).toContain('Courier Delivery Management System');
  });

  it('serve the courier app at the root of a courier host name', async () => {
    for (const path of ['/', '/auth', '/login']) {
      const page = await getWithHost(path, 'courier.dispatch.test');
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('Courier Login');
    }
    expect((await getWithHost('/admin', 'courier.dispatch.test')).status).toBe(404);
    expect((await getWithHost('/courier/dashboard', 'courier.dispatch.test')).status).toBe(404);
    const courier = await signedIn('courier');
    const dashboard = await getWithHost('/dashboard', 'courier.dispatch.test', courier.cookie);
    expect(dashboard.status).toBe(200);
    // Links inside the courier app stay on the courier host's own paths.
    expect(dashboard.text).toContain('href="/profile"');
    expect(dashboard.text).not.toContain('href="/courier/profile"');
  });

  it('courier paths on the main host use the /courier prefix', async () => {
    for (const path of ['/courier', '/courier/auth', '/courier/login']) {
      const page = await new Client().get(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('Courier Login');
    }
  });
});

describe('not found', () => {
  it('answers pages with the 404 page and the API with JSON', async () => {
    const page = await new Client().get('/no/such/page');
    expect(page.status).toBe(404);
    expect(page.text).toContain('404 Page Not Found');
    const api = await new Client().get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found' });
  });
});

describe('response headers', () => {
  it('carry a nonce-based CSP and the usual protections, and no HSTS over plain http', async () => {
    expectPageSecurityHeaders(await new Client().get('/auth'), false);
  });

  it('use a fresh nonce per response', async () => {
    const a = (await new Client().get('/auth')).headers.get('content-security-policy');
    const b = (await new Client().get('/auth')).headers.get('content-security-policy');
    expect(a).not.toBe(b);
  });

  it('serve built assets with a one-year immutable cache', async () => {
    const page = await new Client().get('/auth');
    const css = /href="(\/assets\/app\.[0-9a-f]+\.css)"/.exec(page.text)![1];
    const asset = await new Client().get(css);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('max-age=31536000');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});
