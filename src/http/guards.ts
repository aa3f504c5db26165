/**
 * Who may call what. API routes answer 401 to the signed-out and 403 to the wrong
 * role; pages send both to the sign-in page (spec 1-foundations-and-admin.md §2.2), remembering where they were.
 */
import type { MiddlewareHandler } from 'hono';
import type { Role } from '../db/schema';
import type { AppEnv } from '../env';
import { PARTIAL_HEADER, PARTIAL_LOCATION_HEADER } from '../shared/partials';
import { forbidden, unauthorized } from './errors';

export function requireApi(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
    await next();
  };
}

/**
 * A partial request (the page runtime's) gets 401 and the sign-in URL in a header instead
 * of a redirect it would follow in the background: the runtime leaves for it.
 */
export function requirePage(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user || (roles.length > 0 && !roles.includes(user.role))) {
      const url = new URL(c.req.url);
      const signIn = `/auth?next=${encodeURIComponent(url.pathname + url.search)}`;
      if (c.req.header(PARTIAL_HEADER)) return c.body(null, 401, { [PARTIAL_LOCATION_HEADER]: signIn, 'Cache-Control': 'no-store' });
      return c.redirect(signIn, 302);
    }
    await next();
  };
}
