/**
 * The admin GPS page (spec 1-foundations-and-admin.md §2.12, §4.7, issue 6); its labels are in Russian, as the
 * spec says. Positions arrive over a WebSocket the moment a courier's Durable Object
 * accepts them; when the socket drops, the page falls back to the spec's 30 s polling of
 * GET /api/couriers and GET /api/orders/admin/active, and reconnects. The map is the
 * maps service when a key is configured and loads; without a key, the open map over
 * MAP_TILES_URL (issue 13); when neither can be drawn, a labelled schematic (couriers by
 * name, pickups P, customers as diamonds), so the page stays useful offline.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { gpsFreshness } from '../src/domain/indicators';
import type { PositionMessage, TrackedCourier } from '../src/domain/live';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import { vehicleLabel } from '../src/domain/vehicles';
import { apiRequest } from './lib/api';
import { QueryProvider } from './lib/query';
import { CourierMap } from './lib/tracking/CourierMap';
import type { MapOrder } from '../src/shared/mapOrder';
import { fetchActiveOrders, fetchCouriers, mergePolled } from './lib/tracking/data';
import { BADGES, RU, updatedAgo } from './lib/tracking/strings';
import { useLiveSocket } from './lib/tracking/useLiveSocket';

export interface CourierTrackingProps {
  couriers: TrackedCourier[];
  orders: MapOrder[];
  mapsApiKey: string | null;
  openMap: OpenMapConfig;
}

const POLL_MS = 30_000;
const TICK_MS = 15_000;

function CourierTrackingPage({ couriers: initialCouriers, orders: initialOrders, mapsApiKey, openMap }: CourierTrackingProps) {
  const [couriers, setCouriers] = useState<Map<number, TrackedCourier>>(() => new Map(initialCouriers.map((courier) => [courier.id, courier])));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = useRef<number | null>(null);
  selected.current = selectedId;
  const [now, setNow] = useState(() => Date.now());
  const [liveTrack, setLiveTrack] = useState<Array<{ latitude: number; longitude: number }>>([]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  const onPosition = useCallback((message: PositionMessage) => {
    setNow(Date.now());
    setCouriers((current) => {
      const courier = current.get(message.courierId);
      if (!courier || (courier.lastLocationUpdateTime ?? 0) >= message.recordedAt) return current;
      const next = new Map(current);
      next.set(courier.id, { ...courier, latitude: message.latitude, longitude: message.longitude, lastLocationUpdateTime: message.recordedAt });
      return next;
    });
    if (selected.current === message.courierId) setLiveTrack((track) => [...track, { latitude: message.latitude, longitude: message.longitude }]);
  }, []);
  const socket = useLiveSocket(onPosition);

  // The spec's 30 s polling, only while the socket is down; the server-rendered lists count as fresh.
  const polling = { enabled: socket === 'dropped', refetchInterval: POLL_MS, staleTime: POLL_MS, initialDataUpdatedAt: Date.now() } as const;
  const couriersQuery = useQuery({ queryKey: ['couriers'], queryFn: fetchCouriers, initialData: initialCouriers, ...polling });
  const ordersQuery = useQuery({ queryKey: ['active-orders'], queryFn: fetchActiveOrders, initialData: initialOrders, ...polling });
  useEffect(() => {
    if (couriersQuery.data) setCouriers((current) => mergePolled(current, couriersQuery.data));
  }, [couriersQuery.data]);

  const trackQuery = useQuery({
    queryKey: ['track', selectedId],
    enabled: selectedId != null,
    queryFn: () => apiRequest<Array<{ latitude: number; longitude: number }>>('GET', `/api/couriers/${selectedId}/track`),
  });
  useEffect(() => setLiveTrack([]), [selectedId]);

  const all = [...couriers.values()];
  const located = all.filter((courier) => courier.latitude != null && courier.longitude != null);
  const track = selectedId != null ? [...(trackQuery.data ?? []), ...liveTrack] : [];
  const refreshing = couriersQuery.isFetching || ordersQuery.isFetching;

  return (
    <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
      <section aria-labelledby="tracking-list" className="card flex max-h-[75dvh] flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 p-4">
          <div>
            <h2 id="tracking-list" className="font-semibold">
              {RU.list}
            </h2>
            <p className="text-sm text-slate-600" data-testid="tracked-count">
              {located.length} {RU.of} {all.length}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => void Promise.all([couriersQuery.refetch(), ordersQuery.refetch()])}
            disabled={refreshing}
          >
            {refreshing ? RU.refreshing : RU.refresh}
          </button>
        </div>
        <p
          className={`px-4 pt-3 text-xs ${socket === 'dropped' ? 'text-amber-700' : socket === 'live' ? 'text-emerald-700' : 'text-slate-500'}`}
          role="status"
          data-socket={socket}
        >
          {socket === 'live' ? RU.live : socket === 'dropped' ? RU.polling : RU.connecting}
        </p>
        {located.length === 0 ? (
          <p className="p-4 text-sm text-slate-500">{RU.empty}</p>
        ) : (
          <ul className="flex-1 space-y-2 overflow-y-auto p-4">
            {located.map((courier) => {
              const freshness = gpsFreshness(courier.lastLocationUpdateTime, now);
              return (
                <li key={courier.id}>
                  <button
                    type="button"
                    aria-pressed={selectedId === courier.id}
                    data-courier-card={courier.id}
                    onClick={() => setSelectedId(selectedId === courier.id ? null : courier.id)}
                    className={`w-full rounded-md border p-3 text-left text-sm transition ${
                      selectedId === courier.id ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200 hover:bg-slate-50'
                    }`}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">{courier.name}</span>
                      <span className={`badge ${BADGES[freshness]}`} data-freshness={freshness}>
                        {RU.badges[freshness]}
                      </span>
                    </span>
                    <span className="mt-1 block text-slate-600">
                      {RU.vehicle}: {vehicleLabel(courier.vehicleType)} - {courier.vehicleMake} {courier.vehicleModel}
                    </span>
                    <span className="mt-1 block font-mono text-xs text-slate-700" data-coordinates="">
                      {courier.latitude!.toFixed(6)}, {courier.longitude!.toFixed(6)}
                    </span>
                    <span className="mt-1 block text-xs text-slate-500">{updatedAgo(courier.lastLocationUpdateTime, now)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <CourierMap
        words={RU}
        apiKey={mapsApiKey}
        openMap={openMap}
        couriers={located}
        orders={ordersQuery.data ?? []}
        now={now}
        selectedId={selectedId}
        track={track}
        onSelect={setSelectedId}
      />
    </div>
  );
}

export default function CourierTracking(props: CourierTrackingProps) {
  return (
    <QueryProvider>
      <CourierTrackingPage {...props} />
    </QueryProvider>
  );
}
