/**
 * The couriers beside the dispatcher's queue (issue 29): who is active, what their phone last
 * told (live GPS, minutes ago, none), their documents, and the orders each holds in pickup
 * order, their route. Those who can take work now come first. A row selects its courier on
 * the map (islands/DispatchMap.tsx reads the rows' data-map-courier).
 */
import type { Board } from '../../db/dispatchBoard';
import { compareForBoard, type BoardCourier } from '../../domain/dispatch';
import { hasExpiredDocuments } from '../../domain/documents';
import type { MapCourier } from '../../shared/mapOrder';
import { courierStatusLabel } from '../../domain/orderStatus';
import { Badge } from '../components/ui';
import { GpsPresence } from './GpsPresence';

/** What the map draws for the courier: the row's own data, so the map and the list never disagree. */
const mapCourierOf = (courier: BoardCourier): MapCourier => ({
  id: courier.id,
  name: courier.name,
  latitude: courier.latitude,
  longitude: courier.longitude,
  lastLocationUpdateTime: courier.seenAt,
});

function CourierRow({ courier, now, today }: { courier: BoardCourier; now: number; today: string }) {
  return (
    <li className="border-t border-slate-100 first:border-t-0">
      <button
        type="button"
        className="w-full px-2 py-1.5 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50"
        data-map-courier={JSON.stringify(mapCourierOf(courier))}
        aria-label={`${courier.name}: show on the map`}
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{courier.name}</span>
          <GpsPresence seenAt={courier.seenAt} now={now} />
          {hasExpiredDocuments(courier, today) ? <Badge tone="red">Documents expired</Badge> : null}
        </span>
        <span className="mt-0.5 block text-xs text-slate-600">
          {courier.held.length === 0
            ? `Free${courier.zoneName ? ` · ${courier.zoneName}` : ''}`
            : `${courier.held.length} order${courier.held.length === 1 ? '' : 's'}: ${courier.held
                .map((order) => `#${order.orderNumber} ${courierStatusLabel(order.status)}`)
                .join(' → ')}`}
        </span>
      </button>
    </li>
  );
}

export function CourierBoard({ board, now, today }: { board: Board; now: number; today: string }) {
  const sorted = [...board.couriers].sort((a, b) => compareForBoard(a, b, now));
  return (
    <section aria-labelledby="board-title" className="card p-3">
      <h2 id="board-title" className="mb-1 px-2 text-base font-semibold">
        {`Couriers (${board.online} online of ${board.active})`}
      </h2>
      {board.active > sorted.length ? (
        <p className="px-2 pb-1 text-xs text-slate-600">{`The ${sorted.length} who can take work soonest are listed. Choose a zone to narrow the board.`}</p>
      ) : null}
      {sorted.length === 0 ? (
        <p className="px-2 py-3 text-sm text-slate-600">No active couriers.</p>
      ) : (
        <ul className="max-h-[26rem] overflow-y-auto" data-hold-rows="">
          {sorted.map((courier) => (
            <CourierRow key={courier.id} courier={courier} now={now} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}
