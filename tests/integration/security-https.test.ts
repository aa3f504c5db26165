/**
 * Sessions and headers over https (issue 7), on a stack of its own served as production
 * is (wrangler dev --local-protocol https, a self-signed certificate): the session cookie
 * is `__Host-sid` with Secure, a cookie under the plain name counts for nothing, and every
 * answer (pages, API, errors, the liveness probe) carries HSTS for at least a year. The
 * same cookie and page checks run over http in session.test.ts and pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DEMO_PASSWORD } from '../support/api';
import { expectHsts, expectPageSecurityHeaders, expectTokenCookie } from '../support/security';
import { startTestStack, type TestStack } from '../support/stack';

let stack: TestStack;
const tlsCheck = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  // wrangler's certificate is self-signed: this test process trusts it (and only this one).
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  stack = await startTestStack({ https: true });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (tlsCheck === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsCheck;
}, 60_000);

const client = () => new Client(stack.baseUrl);

describe('the session cookie over https', () => {
  it('is __Host-sid, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain, with a new 128-bit token at every sign-in', async () => {
    expect(stack.baseUrl).toMatch(/^https:/);
    const first = await client().post('/api/login', { username: 'admin', password: DEMO_PASSWORD });
    const second = await client().post('/api/login', { username: 'admin', password: DEMO_PASSWORD });
    expect([first.status, second.status]).toEqual([200, 200]);
    const tokens = [expectTokenCookie(first.headers, 'sid', true), expectTokenCookie(second.headers, 'sid', true)];
    expectTokenCookie(first.headers, 'did', true);
    expect(tokens[0]).not.toBe(tokens[1]);
    expectHsts(first.headers, true);
  });

  it('signs the user in under its __Host- name only: the same token under the plain name is no session', async () => {
    const signedIn = await client().login('bistro');
    expect(signedIn.cookie).toMatch(/^__Host-sid=/);
    expect((await signedIn.get('/api/user')).body).toMatchObject({ username: 'bistro' });
    const plain = client();
    plain.cookie = signedIn.cookie!.replace(/^__Host-sid=/, 'sid=');
    expect((await plain.get('/api/user')).status).toBe(401);
    // A page follows the same rule: the plain name is sent to sign in.
    expect((await plain.get('/dashboard')).status).toBe(302);
  });

  it('is cleared, Secure and under its own name, at logout, and the session ends', async () => {
    const signedIn = await client().login('courier');
    const cookie = signedIn.cookie;
    const logout = await signedIn.post('/api/logout');
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^__Host-sid=;.*Secure/i);
    const reused = client();
    reused.cookie = cookie;
    expect((await reused.get('/api/user')).status).toBe(401);
  });
});

describe('headers over https', () => {
  it('pages carry the nonce CSP, nosniff, Referrer-Policy and HSTS of at least a year, signed in or not', async () => {
    expectPageSecurityHeaders(await client().get('/auth'), true);
    const admin = await client().login('admin');
    const page = await admin.get('/admin/orders');
    expect(page.status).toBe(200);
    expectPageSecurityHeaders(page, true);
  });

  it('the API, its errors, a missing page and the liveness probe carry HSTS too', async () => {
    for (const answer of [
      await client().get('/api/user'),
      await client().post('/api/login', '{', { 'Content-Type': 'application/json' }),
      await client().get('/no-such-page'),
      await client().get('/healthz'),
    ]) {
      expect(answer.status).toBeLessThan(500);
      expectHsts(answer.headers, true);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
