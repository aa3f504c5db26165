/**
 * /api/orders: the order resource, for every role through one access rule
 * (db/orders/access.ts). Role-specific actions live next to this file:
 * admin.ts (assign, offer, cancel, edit), business.ts (create, edit, cancel),
 * courier.ts (the courier's lists, responses, workflow steps and photos).
 */
import { Hono } from 'hono';
import { visibleTo, findVisibleOrder } from '../../../db/orders/access';
import { sendCourierAgain, takeBackFromAutopilot } from '../../../db/orders/admin';
import { cascadeOf } from '../../../db/autopilot';
import { isLiveCascade } from '../../../domain/autopilot/cascade';
import { activeOrdersForMap } from '../../../db/live';
import { countedOrdersPage, getEvents, listOrders, type OrderCursor, type OrderFilter } from '../../../db/orders/read';
import { serializeEvent, serializeOrder } from '../../../db/orders/serialize';
import { trackingJson } from '../../../http/tracking';
import { resolveListFilter } from '../../../domain/orderFilters';
import { planSearch } from '../../../domain/orderSearch';
import { ADMIN_TABS, BUSINESS_TABS, findTab, isOrderStatus, statusWords, type StatusTab } from '../../../domain/orderStatus';
import { idParam } from '../../../domain/schemas/common';
import { orderListQuerySchema, trackingLinkRenewSchema } from '../../../domain/schemas/orders';
import { renewTrackingToken } from '../../../db/tracking';
import { trackingPath } from '../../../domain/tracking';
import type { AppEnv } from '../../../env';
import { conflict, notFound } from '../../../http/errors';
import { requireApi } from '../../../http/guards';
import { idempotent } from '../../../http/idempotency';
import { validate } from '../../../http/validate';
import { serviceToday } from '../../../http/courier';
import { suggestCouriers } from '../../../services/dispatch/suggestions';
import { patchOrderAsAdmin } from './admin';
import { createOrder, patchOrderAsBusiness } from './business';
import courierOrders, { patchOrderAsCourier } from './courier';

const orders = new Hono<AppEnv>();

/** Rows per database read when the whole list is streamed. */
const STREAM_BATCH = 500;

// The courier's own lists and actions (/api/orders/courier…) come before /:id.
orders.route('/', courierOrders);

/**
 * GET /api/orders: the orders the caller may see (spec 1-foundations-and-admin.md §7.3), newest delivery first.
 * Optional filters: status (a tab key or a status), month (yyyy-MM), day (yyyy-MM-dd) in
 * the caller's time zone; for admins also range (upcoming, all) and q, a search across dates. With page (and pageSize, default 50) it answers one page and
 * X-Total-Count; without, the whole list, streamed in batches so memory stays flat.
 */
orders.get('/', requireApi(), validate('query', orderListQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const user = c.var.user!;
  const db = c.var.db;
  const json = trackingJson(c).order;
  const filter: OrderFilter = { visible: visibleTo(user) };
  if (query.status) {
    const tabs: readonly StatusTab[] = user.role === 'restaurant' ? BUSINESS_TABS : ADMIN_TABS;
    filter.statuses = isOrderStatus(query.status) ? [query.status] : findTab(tabs, query.status).statuses;
  }
  if (query.month || query.day || query.range || query.q) {
    // Admins reach future dates, 'upcoming', 'all' and the search; a business keeps the spec's dates (decision W1).
    const resolved = resolveListFilter(query, ADMIN_TABS, c.var.timeZone, { dispatch: user.role === 'admin' });
    filter.deliveryRange = resolved.range;
    if (resolved.search) filter.search = planSearch(resolved.search);
  }

  if (query.page) {
    const pageSize = query.pageSize ?? 50;
    const { rows, total } = await countedOrdersPage(db, filter, { limit: pageSize, offset: (query.page - 1) * pageSize });
    c.header('X-Total-Count', String(total));
    return c.json(rows.map(json));
  }

  const encoder = new TextEncoder();
  let cursor: OrderCursor | undefined;
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await listOrders(db, filter, { limit: STREAM_BATCH, after: cursor });
      const text = rows.map((row) => JSON.stringify(json(row))).join(',');
      controller.enqueue(encoder.encode(`${first ? '[' : rows.length ? ',' : ''}${text}`));
      first = false;
      if (rows.length < STREAM_BATCH) {
        controller.enqueue(encoder.encode(']'));
        controller.close();
      } else {
        const last = rows[rows.length - 1];
        cursor = { deliveryTime: last.deliveryTime, id: last.id };
      }
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' } });
});

// A business's system retrying a create (a lost reply) must not make a second order.
orders.post('/', requireApi('restaurant'), idempotent, createOrder);

/** Orders couriers are working on, with pickup coordinates: the GPS page's map (spec 1-foundations-and-admin.md §7.3). */
orders.get('/admin/active', requireApi('admin'), async (c) => {
  const rows = await activeOrdersForMap(c.var.db);
  return c.json(rows.map(({ order, restaurantLatitude, restaurantLongitude }) => ({ ...serializeOrder(order), restaurantLatitude, restaurantLongitude })));
});

orders.get('/:id', requireApi(), validate('param', idParam), async (c) => {
  const order = await findVisibleOrder(c.var.db, c.var.user!, c.req.valid('param').id);
  if (!order) throw notFound('Order not found');
  return c.json(trackingJson(c).order(order));
});

/**
 * Replaces the order's tracking link, or one stop's: the old link is a 404 from now on
 * (issue 16). Answers the new link.
 */
orders.post('/:id/tracking-link', requireApi('admin', 'restaurant'), validate('param', idParam), validate('json', trackingLinkRenewSchema), async (c) => {
  const order = await findVisibleOrder(c.var.db, c.var.user!, c.req.valid('param').id);
  if (!order) throw notFound('Order not found');
  const token = await renewTrackingToken(c.var.db, order.id, c.req.valid('json').stopId);
  if (!token) throw notFound('Stop not found');
  return c.json({ trackingUrl: `${new URL(c.req.url).origin}${trackingPath(token)}` });
});

/** The couriers to give the order to, best first, each with its reason (issue 14, decision W4). */
orders.get('/:id/courier-suggestions', requireApi('admin'), validate('param', idParam), async (c) => {
  return c.json(await suggestCouriers(c.var.db, c.req.valid('param').id, Date.now(), serviceToday(c), c.env.SERVICE_TIME_ZONE));
});

/**
 * After a failed delivery waiting for dispatch (decision C28), the dispatcher sends the
 * courier to try again: the order no longer waits. Cancelling or reassigning is PATCH.
 */
orders.post('/:id/retry-delivery', requireApi('admin'), validate('param', idParam), idempotent, async (c) => {
  const order = await findVisibleOrder(c.var.db, c.var.user!, c.req.valid('param').id);
  if (!order) throw notFound('Order not found');
  const result = await sendCourierAgain(c.var.db, order, { userId: c.var.user!.id, role: 'admin' });
  if (!result.order) throw notFound('Order not found');
  if (!result.applied && result.order.deliveryFailedAt != null)
    throw conflict('Order has changed', `Order #${order.orderNumber} is now ${statusWords(result.order.status)}. Review it and try again.`);
  return c.json(trackingJson(c).order(result.order));
});

/** The dispatcher takes the order back from its zone's autopilot (decision W12); an offer nobody accepted is withdrawn. */
orders.post('/:id/take-back', requireApi('admin'), validate('param', idParam), idempotent, async (c) => {
  const id = c.req.valid('param').id;
  // Read together: an order the autopilot is not dispatching is answered without an attempt to record.
  const [order, cascade] = await Promise.all([findVisibleOrder(c.var.db, c.var.user!, id), cascadeOf(c.var.db, id)]);
  if (!order) throw notFound('Order not found');
  const notWithAutopilot = () =>
    conflict('Not with the autopilot', `Order #${order.orderNumber} is not being dispatched by the autopilot now. Review it and try again.`);
  if (!cascade || !isLiveCascade(cascade.phase)) throw notWithAutopilot();
  const result = await takeBackFromAutopilot(c.var.db, order, { userId: c.var.user!.id, role: 'admin' });
  if (!result.order) throw notFound('Order not found');
  if (!result.applied) throw notWithAutopilot();
  return c.json(trackingJson(c).order(result.order));
});

/** The order's history: every change attempted, applied or refused (decision D20). */
orders.get('/:id/events', requireApi('admin', 'restaurant'), validate('param', idParam), async (c) => {
  const id = c.req.valid('param').id;
  // Read together; the events are only answered when the order is the caller's to see.
  const [order, events] = await Promise.all([findVisibleOrder(c.var.db, c.var.user!, id), getEvents(c.var.db, id)]);
  if (!order) throw notFound('Order not found');
  return c.json(events.map(serializeEvent));
});

// Every role's change may be retried with an Idempotency-Key (the courier app's offline queue does).
orders.patch('/:id', requireApi(), validate('param', idParam), idempotent, (c) => {
  switch (c.var.user!.role) {
    case 'admin':
      return patchOrderAsAdmin(c);
    case 'restaurant':
      return patchOrderAsBusiness(c);
    case 'courier':
      return patchOrderAsCourier(c);
  }
});

export default orders;
