/**
 * Courier dashboard (spec 3-courier-area.md §2.4): the document alert, then the CourierDashboard island
 * with both order lists as they are now (it polls them from there), or the documents
 * message when they are refused.
 */
import { Hono } from 'hono';
import { assignedOrders, availableOrders, withCourierDetails } from '../../db/orders/courier';
import type { AppEnv } from '../../env';
import { currentCourier, documentsValid, serviceToday } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { Island } from '../../views/Island';
import { DocumentAlert } from './DocumentAlert';
import { orderNamedInUrl } from './orders';
import { courierPage, courierView } from './page';

const dashboard = new Hono<AppEnv>();

dashboard.get('/', requirePage('courier'), async (c) => {
  const db = c.var.db;
  const courier = await currentCourier(c);
  const viewer = { ...c.var.user!, courierId: courier.id };
  const lists = documentsValid(c, courier)
    ? await Promise.all([availableOrders(db, viewer), assignedOrders(db, courier.id)].map(async (rows) => withCourierDetails(db, await rows)))
    : [null, null];
  const openOrder = await orderNamedInUrl(c, courier);
  return courierPage(c, {
    title: 'Dashboard',
    body: () => (
      <div className="space-y-6">
        <DocumentAlert courier={courier} today={serviceToday(c)} profileUrl={`${c.var.courierBase}/profile`} />
        <Island name="CourierDashboard" props={{ view: courierView(c), available: lists[0], assigned: lists[1], openOrder }} />
      </div>
    ),
  });
});

export default dashboard;
