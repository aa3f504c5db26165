/**
 * What the dashboard and the tasks page share: the polled order lists, the outbox, and
 * the order detail view over the page with its history entry (Back closes it), links
 * that open it from outside the island (the header indicator), and the active order id
 * kept on the device (spec 3-courier-area.md §3.8, §4.6).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isInDelivery } from '../../../src/domain/courierFlow';
import { isFinished } from '../../../src/domain/orderStatus';
import { apiRequest, ApiRequestError } from '../api';
import { useConnected } from '../connection';
import { ACTIVE_ORDER_STORAGE_KEY } from '../../../src/shared/storage';
import { refreshPartials } from '../events';
import { onSent, startOutbox, useOutbox, withPending, type OutboxEntry } from './outbox';
import { useOnPush, usePushState } from './push';
import type { CourierOrder, CourierView } from './types';

export type ListState = 'loading' | 'ok' | 'forbidden' | 'failed';

/**
 * A courier list, polled; `forbidden` when the documents have expired (403). Offline it is
 * still asked for: the service worker answers the copy it kept (islands/serviceWorker/courier.ts),
 * and the list shows what the phone last knew rather than a failure. `savedAt`: when the
 * page's own copy was made (the page may itself be the phone's offline copy).
 */
export function useCourierList(url: string, initial: CourierOrder[] | null, interval: number, entries: readonly OutboxEntry[], savedAt: number) {
  // Pushed over the courier's socket while it is open; polled while it is down (decision F11).
  const pushed = usePushState() === 'open';
  const query = useQuery({
    queryKey: [url],
    queryFn: () => apiRequest<CourierOrder[]>('GET', url),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: savedAt,
    refetchInterval: pushed ? false : interval,
    staleTime: 2000,
    networkMode: 'always',
  });
  const { refetch } = query;
  useOnPush(useCallback(() => void refetch(), [refetch]));
  const offlineWithCopy = useConnected() === false && query.data != null;
  const forbidden = query.error instanceof ApiRequestError && query.error.status === 403;
  const state: ListState =
    query.error && !offlineWithCopy ? (forbidden ? 'forbidden' : 'failed') : query.data ? 'ok' : initial === null && query.isPending ? 'loading' : 'ok';
  const orders = useMemo(() => query.data?.map((order) => withPending(order, entries)), [query.data, entries]);
  return { orders, state, refetch: query.refetch, fetching: query.isFetching, savedAt: query.dataUpdatedAt };
}

/** The order a reply carries: a step answers the order, a stop step the stop with its order. */
function orderOfReply(body: unknown): CourierOrder | null {
  const reply = body as { stops?: unknown; order?: { stops?: unknown } } | null;
  if (reply?.stops) return reply as CourierOrder;
  if (reply?.order?.stops) return reply.order as CourierOrder;
  return null;
}

const newest = (orders: Array<CourierOrder | undefined>) =>
  orders.reduce<CourierOrder | undefined>((best, order) => (order && (!best || (order.updatedAt ?? '') >= (best.updatedAt ?? '')) ? order : best), undefined);

const HISTORY_STATE = { island: 'courier-order' };

const ACTIVE_URL = '/api/orders/courier/active';

export function useCourierOrders({
  view,
  initialOrder,
  lists,
  held,
}: {
  view: CourierView;
  initialOrder: CourierOrder | null;
  /** The lists the page shows. */
  lists: Array<CourierOrder[] | undefined>;
  /** Every order the courier holds (the dashboard's "Your Orders"), to tell when the active one is gone. */
  held?: CourierOrder[];
}) {
  const queryClient = useQueryClient();
  const { entries, loaded } = useOutbox();
  const [open, setOpen] = useState<{ id: number; asWorkflow: boolean } | null>(
    initialOrder ? { id: initialOrder.id, asWorkflow: isInDelivery(initialOrder.status) } : null,
  );
  const [replies, setReplies] = useState<ReadonlyMap<number, CourierOrder>>(new Map());
  const pushed = useRef(false);

  useEffect(() => {
    void startOutbox(view.userId);
    // A step that landed: show the order as the server now has it, and refresh what depends on it.
    return onSent((_entry, body) => {
      const order = orderOfReply(body);
      if (!order) return;
      setReplies((current) => new Map(current).set(order.id, order));
      void queryClient.invalidateQueries();
      refreshPartials('active-indicator');
    });
  }, [view.userId, queryClient]);

  // An order opened from outside the lists (the header indicator on the tasks page) is read
  // with the courier's active orders (spec 3-courier-area.md §2.3: "re-fetches the active order").
  const known = useCallback(
    (id: number) => [
      id === initialOrder?.id ? initialOrder : undefined,
      replies.get(id),
      ...lists.flatMap((list) => list?.filter((order) => order.id === id) ?? []),
    ],
    [initialOrder, replies, lists],
  );
  const active = useQuery({
    queryKey: [ACTIVE_URL],
    queryFn: () => apiRequest<CourierOrder[]>('GET', ACTIVE_URL),
    enabled: open != null && !newest(known(open.id)),
  });

  /**
   * The freshest copy of an order (lists, replies, the page's), with its waiting steps applied.
   * An order that left the lists while open (an offer another courier took, pushed at once)
   * keeps its last copy: the screen stays, and the courier's next tap gets the server's answer.
   */
  const lastSeen = useRef(new Map<number, CourierOrder>());
  const find = useCallback(
    (id: number) => {
      const base = newest([...known(id), active.data?.find((order) => order.id === id)]) ?? lastSeen.current.get(id);
      if (base) lastSeen.current.set(id, base);
      return base && withPending(base, entries);
    },
    [known, entries, active.data],
  );

  const openOrder = useCallback((id: number, asWorkflow: boolean) => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('order') !== String(id)) {
      url.searchParams.set('order', String(id));
      history.pushState(HISTORY_STATE, '', url);
      pushed.current = true;
    }
    setOpen({ id, asWorkflow });
  }, []);

  const close = useCallback(() => {
    if (pushed.current) {
      pushed.current = false;
      history.back();
      return;
    }
    const url = new URL(window.location.href);
    url.searchParams.delete('order');
    history.replaceState(HISTORY_STATE, '', url);
    setOpen(null);
  }, []);

  /** The delivery is over: the device forgets it as the active order. */
  const done = useCallback(() => {
    localStorage.removeItem(ACTIVE_ORDER_STORAGE_KEY);
    void queryClient.invalidateQueries();
    close();
  }, [close, queryClient]);

  useEffect(() => {
    history.replaceState({ ...(history.state as object | null), ...HISTORY_STATE }, '');
    const onPop = () => {
      const id = Number(new URL(window.location.href).searchParams.get('order'));
      pushed.current = false;
      setOpen(id ? { id, asWorkflow: true } : null);
    };
    // Links outside the island (the header indicator) open an order here instead of navigating.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLElement>('[data-open-order]');
      if (!link || event.defaultPrevented) return;
      event.preventDefault();
      void queryClient.invalidateQueries();
      openOrder(Number(link.dataset.openOrder), true);
    };
    window.addEventListener('popstate', onPop);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick);
    };
  }, [openOrder, queryClient]);

  const order = open ? find(open.id) : undefined;

  // The active order id on the device: set while a delivery is under way, removed once it is
  // finished or gone (spec 3-courier-area.md §3.8).
  useEffect(() => {
    if (order && isInDelivery(order.status)) localStorage.setItem(ACTIVE_ORDER_STORAGE_KEY, String(order.id));
    const stored = Number(localStorage.getItem(ACTIVE_ORDER_STORAGE_KEY));
    if (!stored || !held) return;
    const current = find(stored);
    const waiting = entries.some((entry) => entry.orderId === stored);
    if (!waiting && (!current || isFinished(current.status) || !held.some((candidate) => candidate.id === stored)))
      localStorage.removeItem(ACTIVE_ORDER_STORAGE_KEY);
  }, [order, held, find, entries]);

  return { open: open && order ? { order, asWorkflow: open.asWorkflow } : null, isOpen: open != null, openOrder, close, done, entries, outboxLoaded: loaded };
}
