/**
 * Courier dashboard (spec 3-courier-area.md §2.4): the document alert, then the CourierDashboard island
 * with both order lists as they are now (it polls them from there), or the documents
 * message when they are refused.
 */
import { Hono } from 'hono';
import { courierLists, courierOrdersWhere } from '../../db/orders/courier';
import type { AppEnv } from '../../env';
import { currentCourier, documentsValid, serviceToday } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { Island } from '../../views/Island';
import { DocumentAlert } from './DocumentAlert';
import { orderNamedInUrl } from './orders';
import { courierPage, courierView } from './page';

const dashboard = new Hono<AppEnv>();

dashboard.get('/', requirePage('courier'), (c) =>
  courierPage(c, {
    title: 'Dashboard',
    body: async () => {
      const db = c.var.db;
      const user = c.var.user!;
      // The lists are read with the courier's record (one round trip), and shown only while documents are valid.
      const [courier, available, assigned, openOrder] = await Promise.all([
        currentCourier(c),
        courierOrdersWhere(db, courierLists.available(user)),
        courierOrdersWhere(db, courierLists.assigned(user)),
        orderNamedInUrl(c),
      ]);
      const valid = documentsValid(c, courier);
      return (
        <div className="space-y-6">
          <DocumentAlert courier={courier} today={serviceToday(c)} profileUrl={`${c.var.courierBase}/profile`} />
          <Island name="CourierDashboard" props={{ view: courierView(c), available: valid ? available : null, assigned: valid ? assigned : null, openOrder }} />
        </div>
      );
    },
  }),
);

export default dashboard;
