/**
 * Business pages (spec 2-business-area.md §2.1): each under /restaurant and at its short alias
 * (/dashboard, /orders, /create-order, /profile).
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../../env';
import createOrder from './create-order';
import dashboard from './dashboard';
import orderDialogs from './order-dialogs';
import ordersPage from './orders';
import profile from './profile';

const PAGES = [
  { path: '/restaurant', alias: '/dashboard', pages: [dashboard] },
  { path: '/restaurant/orders', alias: '/orders', pages: [ordersPage, orderDialogs] },
  { path: '/restaurant/create-order', alias: '/create-order', pages: [createOrder] },
  { path: '/restaurant/profile', alias: '/profile', pages: [profile] },
];

export function mountBusiness(app: Hono<AppEnv>): void {
  for (const { path, alias, pages } of PAGES) {
    for (const page of pages) {
      app.route(path, page);
      app.route(alias, page);
    }
  }
}
