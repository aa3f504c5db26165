/**
 * The courier dashboard (spec 3-courier-area.md §2.4–2.8): available orders and the courier's own, both
 * pushed over the courier's socket (polled every 5 s while it is down, decision F11), the "Upcoming Delivery" go-online panel, and the order view over
 * the page. A delivery under way opens by itself when the page loads. The lists arrive
 * with the page (server-rendered), so a weak connection shows orders at once.
 */
import { useEffect, useRef, useState } from 'react';
import { isInDelivery, minutesUntil, upcomingDelivery } from '../src/domain/courierFlow';
import { ACTIVE_ORDER_STORAGE_KEY } from '../src/shared/storage';
import { clockOf, millis } from './lib/courier/format';
import { useOfferAlerts } from './lib/courier/alerts';
import { BellOffIcon, RefreshIcon } from './lib/courier/icons';
import { BellIcon } from '../src/shared/icons';
import { OfflineNotice } from './lib/courier/OfflineNotice';
import { OrderList } from './lib/courier/OrderList';
import { OpenOrderView } from './lib/courier/OrderView';
import { useOutbox } from './lib/courier/outbox';
import { goOnline } from './lib/courier/steps';
import type { CourierOrder, CourierView } from './lib/courier/types';
import { useCourierList, useCourierOrders } from './lib/courier/useCourierOrders';
import { useNow } from './lib/courier/useNow';
import { QueryProvider } from './lib/query';

export interface CourierDashboardProps {
  view: CourierView;
  /** null when the lists were refused (documents expired). */
  available: CourierOrder[] | null;
  assigned: CourierOrder[] | null;
  /** The order named in the URL (?order=), opened at once. */
  openOrder: CourierOrder | null;
}

/** Both lists are polled every 5 s (spec 3-courier-area.md §7.3). */
const LIST_POLL_MS = 5000;

export default function CourierDashboard(props: CourierDashboardProps) {
  return (
    <QueryProvider>
      <Dashboard {...props} />
    </QueryProvider>
  );
}

function Dashboard({ view, available, assigned, openOrder }: CourierDashboardProps) {
  const { entries } = useOutbox();
  const offers = useCourierList('/api/orders/courier', available, LIST_POLL_MS, entries, view.now);
  const mine = useCourierList('/api/orders/courier/assigned', assigned, LIST_POLL_MS, entries, view.now);
  const orders = useCourierOrders({ view, initialOrder: openOrder, lists: [offers.orders, mine.orders], held: mine.orders });
  const alerts = useOfferAlerts();

  // A delivery under way opens by itself once per visit (the stored active order first).
  const autoOpened = useRef(openOrder != null);
  useEffect(() => {
    if (autoOpened.current || !orders.outboxLoaded || !mine.orders) return;
    autoOpened.current = true;
    const stored = Number(localStorage.getItem(ACTIVE_ORDER_STORAGE_KEY));
    const underWay = mine.orders.filter((order) => isInDelivery(order.status));
    const target = underWay.find((order) => order.id === stored) ?? underWay[0];
    if (target) orders.openOrder(target.id, true);
  }, [orders, mine.orders]);

  const refresh = () => Promise.all([offers.refetch(), mine.refetch()]);
  const open = (order: CourierOrder) => orders.openOrder(order.id, isInDelivery(order.status));
  const activeCount = mine.orders?.filter((order) => isInDelivery(order.status)).length ?? 0;

  return (
    <div className="space-y-6">
      <OfflineNotice savedAt={mine.savedAt} timeZone={view.timeZone} />
      <section aria-labelledby="available-heading">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="available-heading" className="text-lg font-semibold">
            Available Orders ({offers.orders?.length ?? 0})
          </h2>
          <div className="flex items-center gap-2">
            <button
              type="button"
              className="btn btn-outline h-11"
              aria-pressed={alerts.enabled}
              onClick={alerts.toggle}
              title="Sound and vibration for new offers"
            >
              {alerts.enabled ? <BellIcon width={16} height={16} /> : <BellOffIcon width={16} height={16} />}
              <span className="sr-only">Offer alerts</span>
            </button>
            <button type="button" className="btn btn-outline h-11" onClick={() => void refresh()} disabled={offers.fetching || mine.fetching}>
              <RefreshIcon width={16} height={16} className={offers.fetching ? 'animate-spin' : ''} /> Refresh
            </button>
          </div>
        </div>
        <OrderList state={offers.state} orders={offers.orders} view={view} onOpen={open} empty="No available orders at the moment" />
      </section>

      <section aria-labelledby="mine-heading">
        <h2 id="mine-heading" className="mb-3 text-lg font-semibold">
          Your Orders ({mine.orders?.length ?? 0}){activeCount ? <span className="text-emerald-700"> ({activeCount} active)</span> : null}
        </h2>
        <OrderList state={mine.state} orders={mine.orders} view={view} onOpen={open} empty="No orders assigned to you yet" />
      </section>

      {mine.orders && !orders.isOpen ? <UpcomingDelivery orders={mine.orders} view={view} onOnline={(order) => orders.openOrder(order.id, true)} /> : null}

      <OpenOrderView orders={orders} view={view} onChanged={refresh} />
    </div>
  );
}

/** The floating "Upcoming Delivery" panel (spec 3-courier-area.md §2.8). */
function UpcomingDelivery({ orders, view, onOnline }: { orders: CourierOrder[]; view: CourierView; onOnline: (order: CourierOrder) => void }) {
  const now = useNow(view.now, 30_000);
  const [busy, setBusy] = useState(false);
  const next = upcomingDelivery(
    orders.map((order) => ({ ...order, pickupTime: millis(order.pickupTime) })),
    now,
  );
  const order = next && orders.find((candidate) => candidate.id === next.id);
  if (!order) return null;

  async function online() {
    setBusy(true);
    const outcome = await goOnline(order!);
    setBusy(false);
    if (outcome.state !== 'refused') onOnline(order!);
  }

  return (
    <>
      {/* Room below the lists, so the panel does not cover the last card. */}
      <div aria-hidden="true" className="h-48" />
      <aside
        aria-labelledby="upcoming-heading"
        className="fixed inset-x-3 bottom-3 z-30 mx-auto max-w-xl rounded-xl border border-emerald-300 bg-white p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl"
      >
        <h2 id="upcoming-heading" className="font-semibold text-emerald-800">
          Upcoming Delivery
        </h2>
        <p className="mt-1 font-medium">{order.restaurantName}</p>
        <p className="text-sm text-slate-600">{order.restaurantAddress}</p>
        <p className="mt-1 text-sm">
          Pickup at {clockOf(order.pickupTime, view.timeZone)} · {minutesUntil(next.pickupTime, now)} minutes until pickup
        </p>
        <button type="button" className="btn btn-success mt-3 h-12 w-full" disabled={busy} onClick={() => void online()}>
          {busy ? 'Going Online...' : 'Go Online Now'}
        </button>
        <p className="mt-1 text-center text-xs text-slate-500">Clicking will start your delivery workflow and update your status to "Online"</p>
      </aside>
    </>
  );
}
