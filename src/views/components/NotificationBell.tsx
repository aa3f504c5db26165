/**
 * The admin notifications bell (spec 1-foundations-and-admin.md §2.5): a pulsing dot while any order is new or
 * waiting for a courier, and a menu with both counts. It is a polled partial; the menu
 * is a native popover, so it needs no island and stays open across a refresh.
 */
import type { NotificationCounts } from '../../db/dashboard';
import { BellIcon } from '../../shared/icons';

const QUEUE_HREF = '/admin/orders#needs-person';

export function NotificationBell({ newOrders, awaitingCourier, declined, missed, failed }: NotificationCounts) {
  const total = newOrders + awaitingCourier + declined + missed + failed;
  const items = [
    { label: 'New orders', count: newOrders, href: '/admin/orders?status=new&range=all' },
    { label: 'Awaiting courier assignment', count: awaitingCourier, href: '/admin/orders?status=pending_courier&range=all' },
    // Issue 29: what went wrong, in the queue that names each order and its action.
    { label: 'Given back by the courier', count: declined, href: QUEUE_HREF },
    { label: 'Missed pickups', count: missed, href: QUEUE_HREF },
    { label: 'Failed deliveries', count: failed, href: QUEUE_HREF },
  ].filter((item) => item.count > 0);
  return (
    <div className="relative">
      <button
        type="button"
        popoverTarget="notifications-menu"
        className="btn btn-ghost relative h-9 w-9 px-0"
        aria-label={total > 0 ? `Notifications: ${total} need attention` : 'Notifications'}
      >
        <BellIcon />
        {total > 0 ? (
          <span className="absolute top-1.5 right-1.5 flex h-2.5 w-2.5" data-testid="notification-dot">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75" />
            <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-red-500" />
          </span>
        ) : null}
      </button>
      <div
        id="notifications-menu"
        popover="auto"
        className="fixed inset-auto top-14 right-4 m-0 w-72 rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-lg"
      >
        <div className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">Notifications</div>
        {items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">No new notifications</p>
        ) : (
          <ul>
            {items.map((item) => (
              <li key={item.label}>
                <a href={item.href} className="flex items-center justify-between px-4 py-3 text-sm hover:bg-slate-50">
                  {item.label}
                  <span className="badge bg-red-100 text-red-700">{item.count}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <a href="/admin/orders" className="block border-t border-slate-100 px-4 py-2.5 text-center text-sm font-medium text-brand-600 hover:bg-slate-50">
          Go to all orders
        </a>
      </div>
    </div>
  );
}
