/**
 * The business's order dialogs, server-rendered (opened with data-action="dialog"; the
 * runtime asks for the 'dialog' partial). Without JavaScript each is also a page.
 * - /restaurant/orders/:id/live: the dashboard's details (spec 2-business-area.md §2.5), re-read every 3 s;
 * - /restaurant/orders/:id: Orders Management's 'View Details' (spec 2-business-area.md §2.7);
 * - /restaurant/orders/:id/edit: the Edit Order modal (spec 2-business-area.md §2.8), an island.
 * Another business's order is a 404 on each.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { formatInTimeZone } from 'date-fns-tz';
import { courierCard, findBusiness } from '../../db/business';
import { findVisibleOrder } from '../../db/orders/access';
import { failuresOf } from '../../db/orders/failures';
import { getEvents, getStops } from '../../db/orders/read';
import type { Order } from '../../db/schema';
import { ofBusiness, type VersionedTable, versionTag } from '../../db/versions';
import { ORDER_KINDS, orderKindOf } from '../../domain/orderKinds';
import { BUSINESS_EDITABLE, isCompleted } from '../../domain/orderStatus';
import { formatMoney } from '../../domain/money';
import { idParam } from '../../domain/schemas/common';
import { placedPrecision } from '../../domain/location';
import type { AppEnv } from '../../env';
import { notFound } from '../../http/errors';
import { requirePage } from '../../http/guards';
import { validate } from '../../http/validate';
import { PARTIAL_HEADER } from '../../shared/partials';
import { ORDER_REGIONS, liveOrderUrl, orderDetailsUrl } from '../../views/business/OrderActions';
import { DialogFrame, LiveOrderDetails, OrderDetails, type OrderDetailData } from '../../views/business/OrderDetails';
import { Island } from '../../views/Island';
import { BusinessLayout } from '../../views/layouts/BusinessLayout';
import { respond, type PartialSpec } from '../../views/render';

/** The dashboard's modal re-reads the order this often (spec 2-business-area.md §9.3)… */
export const LIVE_POLL_MS = 3000;
/** …and sooner when a delivered order has no photos yet. */
export const MISSING_PHOTOS_POLL_MS = 2000;

const DETAIL_TABLES: VersionedTable[] = ['orders', 'order_stops', 'couriers', 'users', 'restaurants'];

const dialogs = new Hono<AppEnv>();

type Found = { order: Order } | { response: Response };

/** The caller's own order; otherwise 404: a short text for a dialog request, the 404 page for a page. */
async function ownOrder(c: Context<AppEnv>, id: number): Promise<Found> {
  const order = await findVisibleOrder(c.var.db, c.var.user!, id);
  if (order) return { order };
  if (c.req.header(PARTIAL_HEADER)) return { response: c.text('Order not found', 404) };
  throw notFound('Order not found');
}

async function detailData(c: Context<AppEnv>, order: Order): Promise<OrderDetailData> {
  const db = c.var.db;
  const [stops, courier, business, failures] = await Promise.all([
    getStops(db, order.id),
    order.courierId == null
      ? null
      : courierCard(db, order.courierId).then(
          (card) => card ?? ('failed' as const),
          () => 'failed' as const,
        ),
    findBusiness(db, order.restaurantId),
    failuresOf(db, order.id),
  ]);
  const pickup =
    business?.latitude != null && business.longitude != null
      ? { lat: business.latitude, lng: business.longitude, precision: placedPrecision(business.locationPrecision) }
      : null;
  return { order, stops, courier, pickup, mapsApiKey: c.env.MAPS_API_KEY || null, failures };
}

function dialogPage(c: Context<AppEnv>, title: string, dialog: PartialSpec): Promise<Response> {
  return respond(
    c,
    { dialog: { className: 'group', ...dialog } },
    (slot) => (
      <BusinessLayout title={title}>
        <div className="card mx-auto max-w-3xl">{slot('dialog')}</div>
      </BusinessLayout>
    ),
    { title },
  );
}

dialogs.get('/:id/live', requirePage('restaurant'), validate('param', idParam), async (c) => {
  const found = await ownOrder(c, c.req.valid('param').id);
  if ('response' in found) return found.response;
  const { order } = found;
  const waitingForPhotos = isCompleted(order.status) && order.deliveryPhotos.length === 0;
  return dialogPage(c, `Order #${order.orderNumber}`, {
    src: liveOrderUrl(order.id),
    poll: waitingForPhotos ? MISSING_PHOTOS_POLL_MS : LIVE_POLL_MS,
    etag: () => versionTag(c.var.db, ofBusiness(order.restaurantId, DETAIL_TABLES), 'live', order.id, c.var.timeZone, c.env.MAPS_API_KEY),
    render: async () => <LiveOrderDetails data={await detailData(c, order)} />,
  });
});

dialogs.get('/:id', requirePage('restaurant'), validate('param', idParam), async (c) => {
  const found = await ownOrder(c, c.req.valid('param').id);
  if ('response' in found) return found.response;
  const { order } = found;
  return dialogPage(c, `Order #${order.orderNumber}`, {
    src: orderDetailsUrl(order.id),
    etag: () => versionTag(c.var.db, ofBusiness(order.restaurantId, DETAIL_TABLES), 'details', order.id, c.var.timeZone, c.env.MAPS_API_KEY),
    render: async () => {
      const [data, events] = await Promise.all([detailData(c, order), getEvents(c.var.db, order.id)]);
      return <OrderDetails data={data} events={events} />;
    },
  });
});

dialogs.get('/:id/edit', requirePage('restaurant'), validate('param', idParam), async (c) => {
  const found = await ownOrder(c, c.req.valid('param').id);
  if ('response' in found) return found.response;
  const { order } = found;
  const editable = BUSINESS_EDITABLE.has(order.status);
  if (!editable && c.req.header(PARTIAL_HEADER)) return c.text('This order can no longer be edited', 409);
  const zone = c.var.timeZone;
  const day = (time: number) => formatInTimeZone(time, zone, 'yyyy-MM-dd');
  const clock = (time: number) => formatInTimeZone(time, zone, 'HH:mm');
  return dialogPage(c, `Edit Order #${order.orderNumber}`, {
    render: async () => (
      <DialogFrame order={order} title={`Edit Order #${order.orderNumber}`} editable={false}>
        {editable ? (
          <Island
            name="EditOrderForm"
            props={{
              orderId: order.id,
              internalOrderNumber: order.internalOrderNumber ?? '',
              showInternalOrderNumber: c.var.user!.role === 'restaurant',
              amount: formatMoney(order.amountCents),
              customerName: order.customerName,
              customerPhone: order.customerPhone,
              customerEmail: order.customerEmail ?? '',
              customerIsFirstStop: ORDER_KINDS[orderKindOf(order)].stops,
              customerAddress: order.customerAddress,
              deliveryInstructions: order.deliveryInstructions ?? '',
              pickupDate: day(order.pickupTime),
              pickupClock: clock(order.pickupTime),
              deliveryDate: day(order.deliveryTime),
              deliveryClock: clock(order.deliveryTime),
              setupRequired: order.setupRequired,
              showSetupRequired: ORDER_KINDS[orderKindOf(order)].setupRequired,
              refresh: ORDER_REGIONS,
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">This order can no longer be edited.</p>
        )}
      </DialogFrame>
    ),
  });
});

export default dialogs;
