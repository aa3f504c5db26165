/**
 * Scheduled tasks (spec 3-courier-area.md §2.7): the courier's upcoming orders, refreshed every 10 s and
 * on demand ("Refreshed" / "Future orders have been updated"); a card opens the order.
 */
import { useState } from 'react';
import { isInDelivery } from '../src/domain/courierFlow';
import { errorToast, toast } from './lib/events';
import { RefreshIcon } from './lib/courier/icons';
import { OfflineNotice } from './lib/courier/OfflineNotice';
import { OrderList } from './lib/courier/OrderList';
import { OpenOrderView } from './lib/courier/OrderView';
import { useOutbox } from './lib/courier/outbox';
import type { CourierOrder, CourierView } from './lib/courier/types';
import { useCourierList, useCourierOrders } from './lib/courier/useCourierOrders';
import { QueryProvider } from './lib/query';

export interface CourierTasksProps {
  view: CourierView;
  scheduled: CourierOrder[] | null;
  openOrder: CourierOrder | null;
}

const SCHEDULED_POLL_MS = 10_000;

export default function CourierTasks(props: CourierTasksProps) {
  return (
    <QueryProvider>
      <Tasks {...props} />
    </QueryProvider>
  );
}

function Tasks({ view, scheduled, openOrder }: CourierTasksProps) {
  const { entries } = useOutbox();
  const upcoming = useCourierList('/api/orders/courier/scheduled', scheduled, SCHEDULED_POLL_MS, entries, view.now);
  const orders = useCourierOrders({ view, initialOrder: openOrder, lists: [upcoming.orders] });
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    const result = await upcoming.refetch();
    setRefreshing(false);
    if (result.error) errorToast('Failed to refresh orders');
    else toast({ title: 'Refreshed', description: 'Future orders have been updated' });
  }

  const count = upcoming.orders?.length ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <a href={`${view.courierBase}/dashboard`} className="btn btn-ghost h-10 px-2">
          ← Dashboard
        </a>
        <button type="button" className="btn btn-outline h-10" disabled={refreshing} onClick={() => void refresh()}>
          <RefreshIcon width={16} height={16} className={refreshing ? 'animate-spin' : ''} /> Refresh
        </button>
      </div>
      <h1 className="text-xl font-bold">Upcoming Orders ({count})</h1>
      <OfflineNotice savedAt={upcoming.savedAt} timeZone={view.timeZone} />
      {upcoming.state === 'ok' && count === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">No Scheduled Orders</p>
          <p className="mt-1 text-sm text-slate-500">
            You don't have any scheduled orders at the moment. Scheduled orders will appear here when restaurants assign them to you.
          </p>
        </div>
      ) : (
        <OrderList
          state={upcoming.state}
          orders={upcoming.orders}
          view={view}
          onOpen={(order) => orders.openOrder(order.id, isInDelivery(order.status))}
          empty=""
          actions={false}
        />
      )}
      <OpenOrderView orders={orders} view={view} onChanged={upcoming.refetch} />
    </div>
  );
}
