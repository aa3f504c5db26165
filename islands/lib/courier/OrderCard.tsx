/**
 * An order card (spec 3-courier-area.md §2.5): total (fee + tip), pickup date, status badge, pickup and
 * drop-off with their times, and "Continue Order" for a delivery under way, else
 * "View Details" (scheduled tasks show no actions). The whole card opens the order.
 */
import { courierCardLabel, isInDelivery, isOfferToCourier } from '../../../src/domain/courierFlow';
import { OfferCountdown } from './OfferCountdown';
import { dateOf, payLine, timeOf } from './format';
import type { CourierOrder } from './types';

export function OrderCard({
  order,
  zone,
  serverNow,
  onOpen,
  actions = true,
}: {
  order: CourierOrder;
  zone: string;
  /** The server's clock when the page was made (an offer's countdown starts from it). */
  serverNow: number;
  onOpen: (order: CourierOrder) => void;
  actions?: boolean;
}) {
  const active = isInDelivery(order.status);
  const titleId = `order-${order.id}-title`;
  const pay = payLine(order);
  return (
    // The whole card is a pointer target; on the keyboard the card's button opens the order.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article
      aria-labelledby={titleId}
      className={`card cursor-pointer p-4 ${active ? 'border-emerald-300 ring-1 ring-emerald-300' : ''}`}
      onClick={() => onOpen(order)}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xl font-bold tabular-nums" aria-label={`Your pay ${pay.total}`}>
            {pay.total}
          </p>
          {pay.breakdown ? <p className="text-xs text-slate-600 tabular-nums">{pay.breakdown}</p> : null}
          <p className="text-xs text-slate-500">{dateOf(order.pickupTime, zone)}</p>
        </div>
        <span
          className={`badge ${order.status === 'pending_courier' || isOfferToCourier(order) ? 'bg-amber-100 text-amber-800' : active ? 'bg-emerald-100 text-emerald-800' : 'bg-violet-100 text-violet-800'}`}
        >
          {courierCardLabel(order)}
        </span>
      </div>
      <h3 id={titleId} className="mt-3 font-semibold">
        {actions ? (
          order.restaurantName
        ) : (
          // Without the action button, the name is the card's keyboard path.
          <button type="button" className="min-h-11 w-full text-left hover:underline" onClick={(event) => (event.stopPropagation(), onOpen(order))}>
            {order.restaurantName}
          </button>
        )}
      </h3>
      <p className="text-sm text-slate-600">{order.restaurantAddress}</p>
      <p className="mt-1 text-sm">Pick-Up: {timeOf(order.pickupTime, zone)}</p>
      {isOfferToCourier(order) ? <OfferCountdown expiresAt={order.offerExpiresAt!} serverNow={serverNow} /> : null}
      <p className="mt-3 text-sm">
        <span className="font-medium">Delivery Address:</span> {order.customerAddress}
      </p>
      <p className="mt-1 text-sm">Drop-Off: {timeOf(order.deliveryTime, zone)}</p>
      {actions ? (
        <button
          type="button"
          className={`btn mt-4 h-11 w-full ${active ? 'btn-success' : 'btn-outline'}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(order);
          }}
        >
          {active ? 'Continue Order' : 'View Details'}
        </button>
      ) : null}
    </article>
  );
}
