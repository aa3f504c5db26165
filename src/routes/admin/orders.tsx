/**
 * Orders Management (spec 1-foundations-and-admin.md §2.8): status tabs with counts, the month/day filter, the
 * summary line, the table and its pages, all counted and paged in SQL. The list region
 * polls every 5 s; its ETag covers orders, users (courier names) and the minute (the
 * courier-online indicator depends on the time), so an unchanged list costs a 304.
 * /admin/orders/:id is the detail dialog (the 'dialog' partial; a page of its own when
 * opened directly).
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { assignableCouriers, findCourier } from '../../db/couriers';
import { findVisibleOrder } from '../../db/orders/access';
import { getEvents, getStops, orderListPage } from '../../db/orders/read';
import { minuteBucket, versionTag } from '../../db/versions';
import { describeListFilter, resolveListFilter, type ListFilter } from '../../domain/orderFilters';
import { ADMIN_TABS, type AdminTabKey } from '../../domain/orderStatus';
import { PAGE_SIZE, pageNumber } from '../../domain/paging';
import { idParam } from '../../domain/schemas/common';
import { orderListQuerySchema } from '../../domain/schemas/orders';
import { dayIn } from '../../domain/time';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { OrderDetail } from '../../views/admin/OrderDetail';
import { OrdersTable } from '../../views/admin/OrdersTable';
import { Pager } from '../../views/admin/Pager';
import { EmptyState, PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { adminPage } from './page';

export const ORDERS_POLL_MS = 5000;
const PATH = '/admin/orders';

const orders = new Hono<AppEnv>();

const listQuery = z.object({
  status: orderListQuerySchema.shape.status,
  month: orderListQuerySchema.shape.month,
  day: orderListQuerySchema.shape.day,
  page: pageNumber,
});

/** The list's URL for a tab, date filter and page (tabs and pages keep the others). */
function listUrl(filter: Pick<ListFilter<AdminTabKey>, 'tab' | 'month' | 'day'>, page = 1): string {
  const query = new URLSearchParams();
  if (filter.tab.key !== 'all') query.set('status', filter.tab.key);
  if (filter.day) query.set('day', filter.day);
  else query.set('month', filter.month);
  if (page > 1) query.set('page', String(page));
  return `${PATH}?${query}`;
}

function StatusTabs({ filter, counts }: { filter: ListFilter<AdminTabKey>; counts: Record<AdminTabKey, number> }) {
  return (
    <nav aria-label="Order status" className="-mx-1 flex gap-1 overflow-x-auto pb-1">
      {ADMIN_TABS.map((tab) => {
        const current = tab.key === filter.tab.key;
        return (
          <a
            key={tab.key}
            id={`orders-tab-${tab.key}`}
            href={listUrl({ ...filter, tab })}
            data-partial-target="orders"
            aria-current={current ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${current ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100'}`}
          >
            {tab.label} ({counts[tab.key]})
          </a>
        );
      })}
    </nav>
  );
}

orders.get('/', requirePage('admin'), validate('query', listQuery), (c) => {
  const db = c.var.db;
  const query = c.req.valid('query');
  const zone = c.var.timeZone;
  const filter = resolveListFilter(query, ADMIN_TABS, zone);
  return adminPage(c, {
    title: 'Orders',
    partials: {
      orders: {
        history: true,
        poll: ORDERS_POLL_MS,
        etag: () => versionTag(db, ['orders', 'users'], 'admin-orders', filter.tab.key, filter.month, filter.day, query.page, zone, minuteBucket()),
        render: async () => {
          const {
            counts,
            total,
            paging: pages,
            rows,
            courierNames: names,
          } = await orderListPage(db, {
            tabs: ADMIN_TABS,
            tab: filter.tab,
            deliveryRange: filter.range,
            page: query.page,
            pageSize: PAGE_SIZE,
          });
          return (
            <div className="space-y-4">
              <div className="card space-y-3 p-4">
                <StatusTabs filter={filter} counts={counts} />
                <Island
                  name="OrderListFilter"
                  props={{ path: PATH, partial: 'orders', status: filter.tab.key, month: filter.month, day: filter.day, today: dayIn(zone) }}
                />
              </div>
              <p className="text-sm text-slate-600" role="status">
                {describeListFilter(total, filter)}
              </p>
              {rows.length === 0 ? (
                <EmptyState>No orders match these filters.</EmptyState>
              ) : (
                <OrdersTable orders={rows} courierNames={names} now={Date.now()} />
              )}
              <Pager paging={pages} href={(page) => listUrl(filter, page)} target="orders" label="Orders" />
            </div>
          );
        },
        fallback: <p className="py-12 text-center text-sm text-slate-500">Loading...</p>,
        error: (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-6 text-center text-sm text-red-700">
            Error loading orders
          </p>
        ),
      },
      // The assign dialog: one island for every row, with the couriers to choose from.
      assign: {
        render: async () => <Island name="AssignOrderDialog" props={{ couriers: await assignableCouriers(db) }} />,
        fallback: null,
      },
    },
    body: (slot) => (
      <>
        <PageHeader title="Orders Management" />
        {slot('orders')}
        {slot('assign')}
      </>
    ),
  });
});

orders.get('/:id', requirePage('admin'), validate('param', idParam), async (c) => {
  const db = c.var.db;
  const order = await findVisibleOrder(db, c.var.user!, c.req.valid('param').id);
  if (!order) throw notFound('Order not found');
  return adminPage(c, {
    title: `Order #${order.orderNumber}`,
    partials: {
      dialog: {
        render: async () => {
          const [stops, events, courier] = await Promise.all([
            getStops(db, order.id),
            getEvents(db, order.id),
            order.courierId == null ? undefined : findCourier(db, order.courierId),
          ]);
          return <OrderDetail order={order} stops={stops} events={events} courier={courier} />;
        },
      },
    },
    body: (slot) => (
      <>
        <a href={PATH} className="mb-4 inline-block text-sm text-brand-700 hover:underline">
          ← Orders Management
        </a>
        <div className="card">{slot('dialog')}</div>
      </>
    ),
  });
});

export default orders;
