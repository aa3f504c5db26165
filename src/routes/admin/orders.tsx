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
import { findCourier } from '../../db/couriers';
import { findVisibleOrder } from '../../db/orders/access';
import { photoStampsOf } from '../../db/photos';
import { cascadeOf } from '../../db/autopilot';
import { failuresOf } from '../../db/orders/failures';
import { getEvents, getStops, orderListPage } from '../../db/orders/read';
import { minuteBucket, versionTag } from '../../db/versions';
import {
  describeListFilter,
  lastPickableDay,
  LIST_SORTS,
  LIST_SPANS,
  resolveListFilter,
  SEARCH_MAX_LENGTH,
  type ListFilter,
  type ListSort,
  type ListSpan,
} from '../../domain/orderFilters';
import { planSearch } from '../../domain/orderSearch';
import { ADMIN_TABS, type AdminTabKey } from '../../domain/orderStatus';
import { PAGE_SIZE, pageNumber } from '../../domain/paging';
import { id, idParam } from '../../domain/schemas/common';
import { orderListQuerySchema } from '../../domain/schemas/orders';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { OrderDetail } from '../../views/admin/OrderDetail';
import { OrdersTable, type OrdersDensity } from '../../views/admin/OrdersTable';
import { Pager } from '../../views/admin/Pager';
import { SearchForm } from '../../views/components/SearchForm';
import { EmptyState, PageHeader } from '../../views/components/ui';
import { Island } from '../../views/Island';
import { assignRegion, dispatchBoardRegions } from './dispatchBoard';
import { adminPage } from './page';

export const ORDERS_POLL_MS = 5000;
const PATH = '/admin/orders';

const orders = new Hono<AppEnv>();

const SPAN_LABELS: Record<ListSpan, string> = { upcoming: 'Upcoming', all: 'All dates' };
const SORT_LABELS: Record<ListSort, string> = { next: 'Needs attention first', delivery: 'Delivery time' };

const listQuery = z.object({
  status: orderListQuerySchema.shape.status,
  month: orderListQuerySchema.shape.month,
  day: orderListQuerySchema.shape.day,
  range: orderListQuerySchema.shape.range,
  q: orderListQuerySchema.shape.q,
  sort: orderListQuerySchema.shape.sort,
  density: z.optional(z.enum(['comfortable', 'compact'])),
  page: pageNumber,
  /** An alert's order (issue 29): the page opens with its Assign dialog. */
  assign: z.optional(id),
  /** The zone the dispatcher works: the queue and the couriers beside it narrow to it (issue 29). */
  zone: z.optional(z.union([z.literal(''), id])),
});

type View = Pick<ListFilter<AdminTabKey>, 'tab' | 'month' | 'day' | 'span' | 'search' | 'sort'> & { density: OrdersDensity };

/** The list's URL for a view and page: every link of the page keeps the rest of the view. */
function listUrl(view: View, page = 1): string {
  const query = new URLSearchParams();
  if (view.tab.key !== 'all') query.set('status', view.tab.key);
  if (view.search) query.set('q', view.search);
  else if (view.span) query.set('range', view.span);
  else if (view.day) query.set('day', view.day);
  else query.set('month', view.month);
  if (view.sort !== 'next') query.set('sort', view.sort);
  if (view.density !== 'comfortable') query.set('density', view.density);
  if (page > 1) query.set('page', String(page));
  return `${PATH}?${query}`;
}

const segment = (current: boolean) =>
  `rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap ${current ? 'bg-slate-900 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100'}`;

/** A row of links that each load the list with one thing of the view changed. */
function Segments({ label, items }: { label: string; items: Array<{ id?: string; text: string; href: string; current: boolean }> }) {
  return (
    <nav aria-label={label} className="-mx-1 flex flex-wrap items-center gap-1 px-1">
      {items.map((item) => (
        <a
          key={item.href}
          id={item.id}
          href={item.href}
          data-partial-target="orders"
          aria-current={item.current ? 'page' : undefined}
          className={segment(item.current)}
        >
          {item.text}
        </a>
      ))}
    </nav>
  );
}

function StatusTabs({ view, counts }: { view: View; counts: Record<AdminTabKey, number> }) {
  return (
    <Segments
      label="Order status"
      items={ADMIN_TABS.map((tab) => ({
        id: `orders-tab-${tab.key}`,
        text: `${tab.label} (${counts[tab.key]})`,
        href: listUrl({ ...view, tab }),
        current: tab.key === view.tab.key,
      }))}
    />
  );
}

/** The search across dates (decision W2): outside the polled list, so a refresh never takes what is being typed. */
function OrdersSearch({ search }: { search: string | null }) {
  return (
    <SearchForm
      action={PATH}
      name="q"
      label="Search orders"
      value={search}
      maxLength={SEARCH_MAX_LENGTH}
      placeholder="Order #, internal #, customer name, phone or address, restaurant, courier"
      button="Search"
      target="orders"
    />
  );
}

orders.get('/', requirePage('admin'), validate('query', listQuery), (c) => {
  const db = c.var.db;
  const query = c.req.valid('query');
  const zone = c.var.timeZone;
  const filter = resolveListFilter(query, ADMIN_TABS, zone, { dispatch: true });
  const view: View = { ...filter, density: query.density ?? 'comfortable' };
  return adminPage(c, {
    title: 'Orders',
    partials: {
      ...dispatchBoardRegions(c, ORDERS_POLL_MS, query.zone || null),
      orders: {
        history: true,
        hold: true,
        poll: ORDERS_POLL_MS,
        etag: () => versionTag(db, ['orders', 'users', 'couriers'], 'admin-orders', listUrl(view, query.page), zone, minuteBucket()),
        render: async () => {
          const listed = await orderListPage(db, {
            tabs: ADMIN_TABS,
            tab: filter.tab,
            deliveryRange: filter.range,
            search: filter.search ? planSearch(filter.search) : null,
            sort: filter.sort,
            page: query.page,
            pageSize: PAGE_SIZE,
          });
          return (
            <div className="space-y-4">
              <div className="card space-y-3 p-4">
                <StatusTabs view={view} counts={listed.counts} />
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <Island
                    name="OrderListFilter"
                    props={{
                      path: PATH,
                      partial: 'orders',
                      status: filter.tab.key,
                      month: filter.span ? '' : filter.month,
                      day: filter.span ? null : filter.day,
                      max: lastPickableDay(zone, { dispatch: true }),
                      keep: { ...(view.sort !== 'next' ? { sort: view.sort } : {}), ...(view.density !== 'comfortable' ? { density: view.density } : {}) },
                    }}
                  />
                  <Segments
                    label="More dates"
                    items={LIST_SPANS.map((span) => ({
                      text: SPAN_LABELS[span],
                      href: listUrl({ ...view, search: null, span }),
                      current: !filter.search && filter.span === span,
                    }))}
                  />
                </div>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                  <span className="font-medium text-slate-700">Sort</span>
                  <Segments
                    label="Sort"
                    items={LIST_SORTS.map((sort) => ({ text: SORT_LABELS[sort], href: listUrl({ ...view, sort }), current: view.sort === sort }))}
                  />
                  <span className="font-medium text-slate-700">Density</span>
                  <Segments
                    label="Density"
                    items={(['comfortable', 'compact'] as const).map((density) => ({
                      text: density === 'compact' ? 'Compact' : 'Comfortable',
                      href: listUrl({ ...view, density }),
                      current: view.density === density,
                    }))}
                  />
                </div>
              </div>
              <p className="text-sm text-slate-600" role="status">
                {describeListFilter(listed.total, filter)}
              </p>
              {listed.rows.length === 0 ? (
                <EmptyState>No orders match these filters.</EmptyState>
              ) : (
                <OrdersTable listed={listed} density={view.density} now={Date.now()} />
              )}
              <Pager paging={listed.paging} href={(page) => listUrl(view, page)} target="orders" label="Orders" />
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
      assign: assignRegion(db, c.var.user!, query.assign),
    },
    body: (slot) => (
      <>
        <PageHeader title="Orders Management" />
        {/* The board (issue 29): the queue, and beside it at laptop width the map and the couriers. */}
        <div className="mb-4 grid grid-cols-1 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
          {slot('queue')}
          <aside aria-label="Couriers and map" className="space-y-4">
            {slot('map')}
            {slot('board')}
          </aside>
        </div>
        <div className="card mb-4 p-4">
          <OrdersSearch search={filter.search} />
        </div>
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
        // Refreshed in place (a replaced tracking link) from the list's modal too.
        src: `${PATH}/${order.id}`,
        render: async () => {
          const [stops, events, courier, photoStamps, failures, cascade] = await Promise.all([
            getStops(db, order.id),
            getEvents(db, order.id),
            order.courierId == null ? undefined : findCourier(db, order.courierId),
            photoStampsOf(db, order.id),
            failuresOf(db, order.id),
            cascadeOf(db, order.id),
          ]);
          return <OrderDetail order={order} stops={stops} events={events} courier={courier} photoStamps={photoStamps} failures={failures} cascade={cascade} />;
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
