/** Scheduled tasks (spec 3-courier-area.md §2.7): the courier's upcoming orders, polled by the CourierTasks island. */
import { Hono } from 'hono';
import { courierLists, courierOrdersWhere } from '../../db/orders/courier';
import type { AppEnv } from '../../env';
import { currentCourier, documentsValid } from '../../http/courier';
import { requirePage } from '../../http/guards';
import { Island } from '../../views/Island';
import { orderNamedInUrl } from './orders';
import { courierPage, courierView } from './page';

const tasks = new Hono<AppEnv>();

tasks.get('/', requirePage('courier'), (c) =>
  courierPage(c, {
    title: 'Scheduled Tasks',
    body: async () => {
      // Read with the courier's record in one round trip; shown only while documents are valid.
      const [courier, upcoming, openOrder] = await Promise.all([
        currentCourier(c),
        courierOrdersWhere(c.var.db, courierLists.scheduled(c.var.user!, Date.now())),
        orderNamedInUrl(c),
      ]);
      const scheduled = documentsValid(c, courier) ? upcoming : null;
      return <Island name="CourierTasks" props={{ view: courierView(c), scheduled, openOrder }} />;
    },
  }),
);

export default tasks;
