/**
 * Every route of /api/v1 (issue 17), described once: the routes (./orders.ts, ./index.ts)
 * validate with the schemas named here, and the OpenAPI document (./openapi.ts) is
 * generated from this table. A test checks that the app's /api/v1 routes and this table
 * are the same set.
 */
import type * as z from 'zod/mini';
import { orderCreateBody, orderDetailSchema, orderEventsSchema, orderIdParam, orderListQuery, orderPageSchema } from './schemas';

export interface Operation {
  method: 'get' | 'post';
  /** As Hono writes it: /orders/:id. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: 'Orders' | 'Reference';
  /** Reference pages need no key. */
  public?: boolean;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** Honours the Idempotency-Key header. */
  idempotent?: boolean;
  /** Example request bodies, by name. */
  examples?: Record<string, { summary: string; value: unknown }>;
  /** The success answer; JSON with a schema, or another media type. */
  success: { status: 200 | 201; description: string; schema?: z.ZodMiniType; mediaType?: string };
  /** Errors this operation answers beyond those of every keyed call (400 for bad input, 401, 403, 429). */
  errors?: Partial<Record<404 | 409, string>>;
}

export const OPERATIONS = {
  createOrder: {
    method: 'post',
    path: '/orders',
    operationId: 'createOrder',
    tag: 'Orders',
    summary: 'Create an order',
    description:
      'Creates a single order, or a multi-stop order with all its stops in one call (all or nothing). The server prices it exactly as the portal does: a single order costs the greater of 10% of its amount and $30; a multi-stop order $2 a mile along the route from your business through the stops in sequence. Send an Idempotency-Key to retry safely: the same key answers the first result again without creating another order.',
    body: orderCreateBody,
    idempotent: true,
    examples: {
      single: {
        summary: 'A single order',
        value: {
          internalOrderNumber: 'PO-1042',
          customerName: 'Olivia Martin',
          customerPhone: '8135550100',
          customerEmail: 'olivia.martin@example.com',
          customerAddress: '1201 N Franklin St, Tampa, FL 33602',
          customerLatitude: 27.956,
          customerLongitude: -82.459,
          amount: 245,
          tip: 10,
          pickupTime: '2030-01-15T14:00:00Z',
          deliveryTime: '2030-01-15T15:00:00Z',
        },
      },
      threeStops: {
        summary: 'A route with three stops',
        value: {
          internalOrderNumber: 'RX-2207',
          amount: 180,
          tip: 5,
          pickupTime: '2030-01-15T14:00:00Z',
          deliveryTime: '2030-01-15T16:00:00Z',
          stops: [
            {
              customerName: 'Noah Thompson',
              customerPhone: '8135550901',
              address: '1201 N Franklin St, Tampa, FL 33602',
              latitude: 27.956,
              longitude: -82.459,
            },
            {
              customerName: 'Ava Robinson',
              customerPhone: '8135550902',
              address: '3001 W Kennedy Blvd, Tampa, FL 33609',
              latitude: 27.9445,
              longitude: -82.4903,
              deliveryInstructions: 'Ring twice',
            },
            {
              customerName: 'Liam Clark',
              customerPhone: '8135550903',
              address: '4202 W Boy Scout Blvd, Tampa, FL 33607',
              latitude: 27.962,
              longitude: -82.518,
            },
          ],
        },
      },
    },
    success: { status: 201, description: 'The order, with its stops.', schema: orderDetailSchema },
  },
  listOrders: {
    method: 'get',
    path: '/orders',
    operationId: 'listOrders',
    tag: 'Orders',
    summary: 'List orders',
    description:
      'Your orders, newest delivery time first, a page at a time. Filter by status and by when orders were created or last changed; follow nextCursor for the next page. To keep a system in sync, poll with updatedSince set to the time of your previous poll (or listen to webhooks).',
    query: orderListQuery,
    success: { status: 200, description: 'A page of orders.', schema: orderPageSchema },
  },
  getOrder: {
    method: 'get',
    path: '/orders/:id',
    operationId: 'getOrder',
    tag: 'Orders',
    summary: 'Get an order',
    description: 'The order with its stops and links to its photos (signed links that work for an hour).',
    params: orderIdParam,
    success: { status: 200, description: 'The order, with its stops.', schema: orderDetailSchema },
    errors: { 404: 'No order of yours has this id.' },
  },
  cancelOrder: {
    method: 'post',
    path: '/orders/:id/cancel',
    operationId: 'cancelOrder',
    tag: 'Orders',
    summary: 'Cancel an order',
    description:
      "Cancels the order by the portal's rules: while it is new, pending or assigned, before the courier sets off. Cancelling an order already cancelled answers it again.",
    params: orderIdParam,
    success: { status: 200, description: 'The cancelled order.', schema: orderDetailSchema },
    errors: { 404: 'No order of yours has this id.', 409: 'The order can no longer be cancelled (the courier has set off, or it is finished).' },
  },
  listOrderEvents: {
    method: 'get',
    path: '/orders/:id/events',
    operationId: 'listOrderEvents',
    tag: 'Orders',
    summary: "Get an order's history",
    description: 'Every change attempted on the order, oldest first: who, when, from which status to which, applied or refused.',
    params: orderIdParam,
    success: { status: 200, description: 'The history.', schema: orderEventsSchema },
    errors: { 404: 'No order of yours has this id.' },
  },
  openApiDocument: {
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Reference',
    public: true,
    summary: 'This API as OpenAPI 3.1',
    description: 'The machine-readable description of this API and its webhooks, generated from the schemas the API validates with.',
    success: { status: 200, description: 'The OpenAPI document.', mediaType: 'application/json' },
  },
  docs: {
    method: 'get',
    path: '/docs',
    operationId: 'getDocs',
    tag: 'Reference',
    public: true,
    summary: 'This reference, as a page',
    description: 'The reference you are reading, rendered from the OpenAPI document.',
    success: { status: 200, description: 'An HTML page.', mediaType: 'text/html' },
  },
} as const satisfies Record<string, Operation>;
