/**
 * The order detail view (spec 3-courier-area.md §2.6), full screen over the page: the preview, or the
 * pharmacy or restaurant workflow (loaded only when needed). It is a modal dialog for
 * assistive technology; Back (or the phone's back gesture) closes it.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { detailScreen } from '../../../src/domain/courierFlow';
import { Preview } from './Preview';
import type { CourierOrder, CourierView } from './types';
import type { useCourierOrders } from './useCourierOrders';

import { LazyScreen } from './LazyScreen';

const loadRestaurantWorkflow = () => import('./RestaurantWorkflow');
const loadPharmacyWorkflow = () => import('./PharmacyWorkflow');

export interface OrderViewProps {
  order: CourierOrder;
  /** Opened as the delivery workflow (the header indicator, going online). */
  asWorkflow: boolean;
  view: CourierView;
  waiting: number;
  onClose: () => void;
  onDone: () => void;
  onChanged: () => Promise<unknown>;
}

const noSubscription = () => () => undefined;

/**
 * False on the server and while hydrating, true after: the lazy workflows render only in
 * the browser (the server's renderToString cannot wait for a lazy module).
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export function OrderView({ order, asWorkflow, view, waiting, onClose, onDone, onChanged }: OrderViewProps) {
  const screen = detailScreen(order, asWorkflow);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    root.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const hydrated = useHydrated();
  const workflow = { order, view, waiting, onClose, onDone, onChanged };
  const loading = <p className="p-6 text-center text-slate-500">Loading...</p>;
  return (
    // Escape closes the view, as it would a dialog (the pattern's keyboard way out).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-labelledby="order-view-title"
      tabIndex={-1}
      className="fixed inset-0 z-50 overflow-y-auto bg-slate-100 outline-none"
      onKeyDown={(event) => event.key === 'Escape' && !(event.target as Element).closest('dialog') && onClose()}
    >
      <div className="mx-auto min-h-full max-w-xl bg-slate-50">
        {screen === 'preview' ? (
          <Preview order={order} view={view} onBack={onClose} onChanged={onChanged} />
        ) : hydrated ? (
          <LazyScreen
            load={screen === 'pharmacy' ? loadPharmacyWorkflow : loadRestaurantWorkflow}
            props={workflow}
            loading={loading}
            onBack={onClose}
            backLabel="Back to orders"
          />
        ) : (
          loading
        )}
      </div>
    </div>
  );
}

/** The order view of a page's open order, if one is open (useCourierOrders). */
export function OpenOrderView({
  orders,
  view,
  onChanged,
}: {
  orders: ReturnType<typeof useCourierOrders>;
  view: CourierView;
  onChanged: () => Promise<unknown>;
}) {
  const open = orders.open;
  if (!open) return null;
  return (
    <OrderView
      order={open.order}
      asWorkflow={open.asWorkflow}
      view={view}
      waiting={orders.entries.filter((entry) => entry.orderId === open.order.id).length}
      onClose={orders.close}
      onDone={orders.done}
      onChanged={onChanged}
    />
  );
}
