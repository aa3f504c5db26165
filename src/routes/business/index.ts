/**
 * Business pages (spec 2 §2.1): each under /restaurant and at its short alias
 * (/dashboard, /orders, /create-order, /profile).
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../../env';
import dashboard from './dashboard';

export function mountBusiness(app: Hono<AppEnv>): void {
  app.route('/restaurant', dashboard);
  app.route('/dashboard', dashboard);
}
