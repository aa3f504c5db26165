/**
 * Who may call what. API routes answer 401 to the signed-out and 403 to the wrong
 * role; pages send both to the sign-in page (spec 1 §2.2), remembering where they were.
 */
import type { MiddlewareHandler } from 'hono';
import type { Role } from '../db/schema';
import type { AppEnv } from '../env';
import { forbidden, unauthorized } from './errors';

export function requireApi(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw unauthorized();
    if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
    await next();
  };
}

export function requirePage(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user || (roles.length > 0 && !roles.includes(user.role))) {
      const url = new URL(c.req.url);
      return c.redirect(`/auth?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    }
    await next();
  };
}
