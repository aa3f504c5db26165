/** Scheduled tasks (spec 3-courier-area.md §2.7): the courier's upcoming orders, polled by the CourierTasks island. */
import { Hono } from 'hono';
import { scheduledOrders, withCourierDetails } from '../../db/orders/courier';
import type { AppEnv } from '../../env';
import { currentCourier, documentsValid } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { Island } from '../../views/Island';
import { orderNamedInUrl } from './orders';
import { courierPage, courierView } from './page';

const tasks = new Hono<AppEnv>();

tasks.get('/', requirePage('courier'), async (c) => {
  const courier = await currentCourier(c);
  const scheduled = documentsValid(c, courier) ? await withCourierDetails(c.var.db, await scheduledOrders(c.var.db, courier.id, Date.now())) : null;
  const openOrder = await orderNamedInUrl(c, courier);
  return courierPage(c, {
    title: 'Scheduled Tasks',
    body: () => <Island name="CourierTasks" props={{ view: courierView(c), scheduled, openOrder }} />,
  });
});

export default tasks;
