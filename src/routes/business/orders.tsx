/**
 * Orders Management (spec 2-business-area.md §2.6) at /restaurant/orders and /orders: the business's own
 * orders, filtered by tab and by a month or day of delivery time (decision B1),
 * counted and paged in SQL, and re-read every 5 s with an ETag.
 */
import { Hono } from 'hono';
import { visibleTo } from '../../db/orders/access';
import { orderListPage } from '../../db/orders/read';
import { ofBusiness, versionTag } from '../../db/versions';
import { describeListFilter, resolveListFilter } from '../../domain/orderFilters';
import { BUSINESS_TABS } from '../../domain/orderStatus';
import { orderListQuerySchema } from '../../domain/schemas/orders';
import { dayIn } from '../../domain/time';
import type { AppEnv } from '../../env';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { PageHeader } from '../../views/components/ui';
import { OrdersList } from '../../views/business/OrdersList';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { respond } from '../../views/render';

const TITLE = 'Orders Management';

/** Orders Management re-reads its list this often (spec 2-business-area.md §9.3). */
export const ORDERS_POLL_MS = 5000;
export const ORDERS_PAGE_SIZE = 50;

const ordersPage = new Hono<AppEnv>();

ordersPage.get('/', requirePage('restaurant'), validate('query', orderListQuerySchema), (c) => {
  const db = c.var.db;
  const user = c.var.user!;
  const zone = c.var.timeZone;
  const query = c.req.valid('query');
  const filter = resolveListFilter(query, BUSINESS_TABS, zone);
  const path = new URL(c.req.url).pathname;
  const visible = visibleTo(user);
  return respond(
    c,
    {
      orders: {
        history: true,
        poll: ORDERS_POLL_MS,
        etag: () =>
          versionTag(
            db,
            ofBusiness(user.restaurantId, ['orders', 'couriers', 'users']),
            'business-orders',
            user.restaurantId,
            zone,
            filter.tab.key,
            filter.month,
            filter.day,
            query.page,
          ),
        render: async () => {
          const {
            counts,
            total,
            paging,
            rows,
            courierNames: names,
          } = await orderListPage(db, {
            visible,
            tabs: BUSINESS_TABS,
            tab: filter.tab,
            deliveryRange: filter.range,
            page: query.page ?? 1,
            pageSize: ORDERS_PAGE_SIZE,
          });
          return (
            <OrdersList
              path={path}
              filter={filter}
              counts={counts}
              summary={describeListFilter(total, filter)}
              orders={rows}
              courierNames={names}
              page={paging.page}
              pages={paging.pages}
              today={dayIn(zone)}
            />
          );
        },
        fallback: <div className="skeleton h-96 w-full" aria-label="Loading orders" />,
      },
    },
    (slot) => (
      <BusinessLayout title={TITLE}>
        <PageHeader title="Orders Management" />
        {slot('orders')}
      </BusinessLayout>
    ),
    { title: TITLE },
  );
});

export default ordersPage;
