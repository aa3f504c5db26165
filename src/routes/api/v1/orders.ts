/**
 * /api/v1/orders (issue 17): a business's orders through its API key. Creating and
 * cancelling go through the portal's own code (placeOrder, cancelAsBusiness), so prices
 * and rules are the portal's; another business's order is a 404, as everywhere.
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../../../db/client';
import { findVisibleOrder, visibleTo } from '../../../db/orders/access';
import { getEvents, getStops, listOrders } from '../../../db/orders/read';
import { serializeApiOrder, serializeApiOrderSummary, serializeEvent, signedPhotoLinks } from '../../../db/orders/serialize';
import type { Order, OrderStop } from '../../../db/schema';
import { signingSecret } from '../../../db/signingKeys';
import { encodeOrderCursor } from '../../../domain/orderCursor';
import { PHOTO_LINK_LIFETIME_MS } from '../../../domain/photos';
import { requireApiKey, type ApiClient, type ApiV1Env } from '../../../http/apiKey';
import { geocoder } from '../../../http/business';
import { notFound } from '../../../http/errors';
import { idempotentFor } from '../../../http/idempotency';
import { validate } from '../../../http/validate';
import { pushOrderChanges } from '../../../events/courierPush';
import { relayEvents } from '../../../events/relay';
import { cancelAsBusiness, placeOrder } from '../orders/business';
import { OPERATIONS } from './operations';
import { DEFAULT_PAGE } from './schemas';
import { alertDispatchers, newOrderAlert } from '../../../services/dispatch/alerts';

const v1Orders = new Hono<ApiV1Env>();
const { createOrder, listOrders: list, getOrder, cancelOrder, listOrderEvents } = OPERATIONS;

/** The photo-link key is read with the request's data (once per isolate, then kept). */
const photoSecret = (c: Context<ApiV1Env>) => signingSecret(c.var.db, 'photo_links');

/** Photo links signed for an hour, absolute on the host the client called. */
async function photoLinks(c: Context<ApiV1Env>, orders: readonly Order[], stops: readonly OrderStop[]) {
  const secret = await photoSecret(c);
  return signedPhotoLinks(orders, stops, { origin: new URL(c.req.url).origin, secret, expiresAt: Date.now() + PHOTO_LINK_LIFETIME_MS.api });
}

async function detail(c: Context<ApiV1Env>, order: Order, stops: readonly OrderStop[]) {
  return serializeApiOrder(order, stops, await photoLinks(c, [order], stops), new URL(c.req.url).origin);
}

/** The client's order with its stops, or 404. */
async function ownOrder(db: Db, client: ApiClient, id: number) {
  // Read together; the stops are only answered when the order is the client's.
  const [order, stops] = await Promise.all([findVisibleOrder(db, client.viewer, id), getStops(db, id)]);
  if (!order) throw notFound('Order not found');
  return { order, stops };
}

/** Idempotency-Key: receipts are kept per business, as its portal's are per login. */
const idempotentForBusiness = idempotentFor<ApiV1Env>((c) => c.var.apiClient.business.userId);

v1Orders.post(createOrder.path, requireApiKey, relayEvents, pushOrderChanges, idempotentForBusiness, validate('json', createOrder.body), async (c) => {
  const client = c.var.apiClient;
  const { order, stops } = await placeOrder(c.var.db, geocoder(c), client.business, c.req.valid('json'), client.actor);
  c.executionCtx.waitUntil(alertDispatchers(c.env, newOrderAlert(order)));
  c.header('Location', `/api/v1/orders/${order.id}`);
  return c.json(await detail(c, order, stops), 201);
});

v1Orders.get(list.path, requireApiKey, validate('query', list.query), async (c) => {
  const query = c.req.valid('query');
  const limit = query.limit ?? DEFAULT_PAGE;
  const [rows] = await Promise.all([
    listOrders(
      c.var.db,
      { visible: visibleTo(c.var.apiClient.viewer), statuses: query.status, createdSince: query.createdSince, updatedSince: query.updatedSince },
      { limit: limit + 1, after: query.cursor },
    ),
    photoSecret(c),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const photo = await photoLinks(c, page, []);
  return c.json({
    data: page.map((order) => serializeApiOrderSummary(order, photo)),
    nextCursor: rows.length > limit && last ? encodeOrderCursor({ deliveryTime: last.deliveryTime, id: last.id }) : null,
  });
});

v1Orders.get(getOrder.path, requireApiKey, validate('param', getOrder.params), async (c) => {
  const [{ order, stops }] = await Promise.all([ownOrder(c.var.db, c.var.apiClient, c.req.valid('param').id), photoSecret(c)]);
  return c.json(await detail(c, order, stops));
});

v1Orders.post(cancelOrder.path, requireApiKey, relayEvents, pushOrderChanges, validate('param', cancelOrder.params), async (c) => {
  const client = c.var.apiClient;
  const [{ order, stops }] = await Promise.all([cancelAsBusiness(c.var.db, c.req.valid('param').id, client.viewer, client.actor), photoSecret(c)]);
  return c.json(await detail(c, order, stops));
});

v1Orders.get(listOrderEvents.path, requireApiKey, validate('param', listOrderEvents.params), async (c) => {
  const id = c.req.valid('param').id;
  // Read together; the events are only answered when the order is the client's.
  const [order, events] = await Promise.all([findVisibleOrder(c.var.db, c.var.apiClient.viewer, id), getEvents(c.var.db, id)]);
  if (!order) throw notFound('Order not found');
  return c.json({ data: events.map(serializeEvent) });
});

export default v1Orders;
