/**
 * The map beside the dispatcher's queue (issue 29): every active courier where their phone
 * last was, moving live as positions arrive (the GPS page's socket), and the order the
 * dispatcher points at or focuses in the queue: its pickup (P), its customer (D) and the
 * couriers nearest its pickup. The couriers come from the board beside it (its rows'
 * data-map-courier), read again whenever the board refreshes, so the list and the map agree;
 * an order, from the queue row's data-map-order. Without a maps key it is the open map, or
 * the schematic when tiles cannot load.
 */
import { useCallback, useEffect, useState } from 'react';
import { nearestCouriers } from '../src/domain/dispatch';
import type { PositionMessage } from '../src/domain/live';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import type { MapCourier, MapOrder } from '../src/shared/mapOrder';
import { CourierMap } from './lib/tracking/CourierMap';
import { EN } from './lib/tracking/strings';
import { useLiveSocket } from './lib/tracking/useLiveSocket';

const NEAREST = 3;
const TICK_MS = 15_000;

const parse = <T,>(element: Element | null | undefined, attribute: string): T | null => {
  const json = element?.getAttribute(attribute);
  return json ? (JSON.parse(json) as T) : null;
};

/** The board's couriers, as its rows carry them. */
const boardCouriers = () => [...document.querySelectorAll('[data-map-courier]')].map((row) => parse<MapCourier>(row, 'data-map-courier')!);

/** The board's couriers, read again as it refreshes; live positions move them in between. */
function useCouriers(): MapCourier[] {
  const [couriers, setCouriers] = useState<Map<number, MapCourier>>(new Map());
  useEffect(() => {
    const read = () =>
      setCouriers((current) => {
        const next = new Map<number, MapCourier>();
        for (const courier of boardCouriers()) {
          const known = current.get(courier.id);
          // A live position newer than the board's wins.
          next.set(
            courier.id,
            known && (known.lastLocationUpdateTime ?? 0) > (courier.lastLocationUpdateTime ?? 0) ? { ...courier, ...position(known) } : courier,
          );
        }
        return next;
      });
    read();
    const observer = new MutationObserver(read);
    const board = document.querySelector('[data-partial="board"]');
    if (board) observer.observe(board, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const onPosition = useCallback((message: PositionMessage) => {
    setCouriers((current) => {
      const courier = current.get(message.courierId);
      if (!courier || (courier.lastLocationUpdateTime ?? 0) >= message.recordedAt) return current;
      return new Map(current).set(courier.id, {
        ...courier,
        latitude: message.latitude,
        longitude: message.longitude,
        lastLocationUpdateTime: message.recordedAt,
      });
    });
  }, []);
  useLiveSocket(onPosition);
  return [...couriers.values()];
}

const position = ({ latitude, longitude, lastLocationUpdateTime }: MapCourier) => ({ latitude, longitude, lastLocationUpdateTime });

/** The queue row pointed at or focused, and the board row clicked. */
function useSelection() {
  const [order, setOrder] = useState<MapOrder | null>(null);
  const [courierId, setCourierId] = useState<number | null>(null);
  useEffect(() => {
    let pointed: Element | null = null;
    const point = (event: Event) => {
      const row = (event.target as Element | null)?.closest?.('[data-map-order]');
      // The pointer crosses many cells of one row: read it once.
      if (!row || row === pointed) return;
      pointed = row;
      setOrder(parse<MapOrder>(row, 'data-map-order'));
    };
    const pick = (event: Event) => {
      const row = (event.target as Element | null)?.closest?.('[data-map-courier]');
      if (row) setCourierId(parse<MapCourier>(row, 'data-map-courier')!.id);
    };
    document.addEventListener('pointerover', point);
    document.addEventListener('focusin', point);
    document.addEventListener('click', pick);
    return () => {
      document.removeEventListener('pointerover', point);
      document.removeEventListener('focusin', point);
      document.removeEventListener('click', pick);
    };
  }, []);
  return { order, courierId, setCourierId };
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Nearest({ order, couriers, now }: { order: MapOrder | null; couriers: MapCourier[]; now: number }) {
  if (!order)
    return <p className="px-3 py-2 text-sm text-slate-600">Point at an order in the queue to see its pickup, its customer and the couriers near it.</p>;
  const pickup =
    order.restaurantLatitude != null && order.restaurantLongitude != null ? { lat: order.restaurantLatitude, lng: order.restaurantLongitude } : null;
  const near = pickup ? nearestCouriers(couriers, pickup, now, NEAREST) : [];
  const words = !pickup
    ? 'its pickup is not on the map'
    : near.length === 0
      ? 'no courier has reported a position in the last half hour'
      : `nearest: ${near.map(({ courier, miles }) => `${courier.name} ${miles.toFixed(1)} mi`).join(', ')}`;
  return <p className="px-3 py-2 text-sm text-slate-700">{`Order #${order.orderNumber}, ${order.restaurantName}: ${words}.`}</p>;
}

export default function DispatchMap({ mapsApiKey, openMap }: { mapsApiKey: string | null; openMap: OpenMapConfig }) {
  const couriers = useCouriers();
  const { order, courierId, setCourierId } = useSelection();
  const now = useNow();
  const located = couriers.filter((courier) => courier.latitude != null && courier.longitude != null);
  return (
    <div className="space-y-0">
      <CourierMap
        words={EN}
        heightClass="h-64 xl:h-72"
        apiKey={mapsApiKey}
        openMap={openMap}
        couriers={located}
        orders={order ? [order] : []}
        now={now}
        selectedId={courierId}
        track={[]}
        onSelect={setCourierId}
      />
      <div aria-live="polite" className="card mt-2">
        <Nearest order={order} couriers={couriers} now={now} />
      </div>
    </div>
  );
}
