/**
 * The admin GPS page (spec 1 §2.12, §4.7, issue 6); its labels are in Russian, as the
 * spec says. Positions arrive over a WebSocket the moment a courier's Durable Object
 * accepts them; when the socket drops, the page falls back to the spec's 30 s polling of
 * GET /api/couriers and GET /api/orders/admin/active, and reconnects. The map is the
 * maps service when a key is configured and loads, otherwise a schematic map drawn here,
 * so the page stays useful without the service.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { gpsFreshness, type GpsFreshness } from '../src/domain/indicators';
import { SERVICE_CENTER } from '../src/domain/geo';
import { SESSION_ENDED_CLOSE, type PositionMessage, type TrackedCourier } from '../src/domain/live';
import { relativeAge } from '../src/domain/time';
import { vehicleLabel } from '../src/domain/vehicles';
import { apiRequest } from './lib/api';
import { loadMapsLibrary } from './lib/maps';
import { QueryProvider } from './lib/query';

export interface MapOrder {
  id: number;
  orderNumber: string;
  courierId: number | null;
  restaurantName: string;
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
  customerName: string;
  customerLatitude: number | null;
  customerLongitude: number | null;
}

export interface CourierTrackingProps {
  couriers: TrackedCourier[];
  orders: MapOrder[];
  mapsApiKey: string | null;
}

/** Every label of the page, in Russian (spec 1 §2.12). */
const RU = {
  list: 'Активные курьеры',
  of: 'из',
  refresh: 'Обновить',
  refreshing: 'Обновление…',
  loading: 'Загрузка курьеров...',
  empty: 'Нет курьеров с координатами',
  badges: { online: 'Онлайн', recent: 'Недавно', offline: 'Офлайн' } satisfies Record<GpsFreshness, string>,
  updated: 'обновлено',
  justNow: 'только что',
  live: 'Обновления в реальном времени',
  connecting: 'Подключение к обновлениям…',
  polling: 'Нет соединения в реальном времени: обновление каждые 30 с',
  mapError: 'Не удалось загрузить карту',
  mapErrorDetail: 'Сервис карт недоступен. Показана схема; список курьеров обновляется.',
  noKey: 'Сервис карт не настроен. Показана схема расположения.',
  legend: 'Легенда',
  legendItems: [
    ['#16a34a', 'Курьер онлайн'],
    ['#d97706', 'Недавно'],
    ['#dc2626', 'Офлайн'],
    ['#2563eb', 'Рестораны'],
    ['#ef4444', 'Клиенты'],
  ],
  track: 'Недавний маршрут',
  map: 'Карта курьеров',
  vehicle: 'Транспорт',
};

const COLORS: Record<GpsFreshness, string> = { online: '#16a34a', recent: '#d97706', offline: '#dc2626' };
const BADGES: Record<GpsFreshness, string> = {
  online: 'bg-emerald-100 text-emerald-800',
  recent: 'bg-amber-100 text-amber-800',
  offline: 'bg-red-100 text-red-800',
};
const POLL_MS = 30_000;
const TICK_MS = 15_000;

const relativeFormat = new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });
function updatedAgo(time: number | null, now: number): string {
  if (time == null) return '—';
  const { unit, value } = relativeAge(time, now);
  if (unit === 'now') return `${RU.updated} ${RU.justNow}`;
  return `${RU.updated} ${relativeFormat.format(-value, unit === 'minutes' ? 'minute' : unit === 'hours' ? 'hour' : 'day')}`;
}

interface CourierListItem {
  id: number;
  vehicleType: string;
  vehicleMake: string;
  vehicleModel: string;
  courierLatitude: number | string | null;
  courierLongitude: number | string | null;
  lastLocationUpdateTime: string | null;
  user: { name: string; isActive: boolean } | null;
}

const toNumber = (value: number | string | null) => (value == null || value === '' ? null : Number(value));

/** GET /api/couriers as the tracking list needs it: active couriers with their last position. */
async function fetchCouriers(): Promise<TrackedCourier[]> {
  const list = await apiRequest<CourierListItem[]>('GET', '/api/couriers');
  return list
    .filter((courier) => courier.user?.isActive)
    .map((courier) => ({
      id: courier.id,
      name: courier.user!.name,
      vehicleType: courier.vehicleType,
      vehicleMake: courier.vehicleMake,
      vehicleModel: courier.vehicleModel,
      latitude: toNumber(courier.courierLatitude),
      longitude: toNumber(courier.courierLongitude),
      lastLocationUpdateTime: courier.lastLocationUpdateTime ? Date.parse(courier.lastLocationUpdateTime) : null,
    }));
}

async function fetchActiveOrders(): Promise<MapOrder[]> {
  return apiRequest<MapOrder[]>('GET', '/api/orders/admin/active');
}

type SocketState = 'connecting' | 'live' | 'dropped';

/**
 * The live socket: connected → positions arrive as they are accepted; dropped →
 * reconnect with backoff (1 s doubling to 30 s) while the caller polls.
 */
function useLiveSocket(onPosition: (message: PositionMessage) => void): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onPosition);
  handler.current = onPosition;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let keepAlive: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/couriers/live`);
      socket.onopen = () => {
        attempt = 0;
        setState('live');
        keepAlive = window.setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send('ping'), 25_000);
      };
      socket.onmessage = (event) => {
        if (event.data === 'pong') return;
        const message = JSON.parse(String(event.data)) as PositionMessage;
        if (message.type === 'position') handler.current(message);
      };
      socket.onclose = (event) => {
        window.clearInterval(keepAlive);
        if (stopped) return;
        if (event.code === SESSION_ENDED_CLOSE) {
          // Signed out (here or elsewhere): the sign-in page brings the dispatcher back.
          window.location.assign(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`);
          return;
        }
        setState('dropped');
        retry = window.setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearInterval(keepAlive);
      socket?.close();
    };
  }, []);
  return state;
}

function CourierTrackingPage({ couriers: initialCouriers, orders: initialOrders, mapsApiKey }: CourierTrackingProps) {
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
    if (!couriersQuery.data) return;
    setCouriers((current) => {
      const next = new Map<number, TrackedCourier>();
      for (const fetched of couriersQuery.data) {
        const known = current.get(fetched.id);
        // A live position newer than the polled one wins.
        next.set(fetched.id, known && (known.lastLocationUpdateTime ?? 0) > (fetched.lastLocationUpdateTime ?? 0) ? { ...fetched, ...pick(known) } : fetched);
      }
      return next;
    });
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
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void Promise.all([couriersQuery.refetch(), ordersQuery.refetch()])} disabled={refreshing}>
            {refreshing ? RU.refreshing : RU.refresh}
          </button>
        </div>
        <p className={`px-4 pt-3 text-xs ${socket === 'dropped' ? 'text-amber-700' : socket === 'live' ? 'text-emerald-700' : 'text-slate-500'}`} role="status" data-socket={socket}>
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
      <CourierMap apiKey={mapsApiKey} couriers={located} orders={ordersQuery.data ?? []} now={now} selectedId={selectedId} track={track} onSelect={setSelectedId} />
    </div>
  );
}

const pick = ({ latitude, longitude, lastLocationUpdateTime }: TrackedCourier) => ({ latitude, longitude, lastLocationUpdateTime });

interface MapProps {
  apiKey: string | null;
  couriers: TrackedCourier[];
  orders: MapOrder[];
  now: number;
  selectedId: number | null;
  track: Array<{ latitude: number; longitude: number }>;
  onSelect: (id: number) => void;
}

/** The maps service when configured and loaded; the schematic map otherwise. */
function CourierMap(props: MapProps) {
  const [failed, setFailed] = useState(false);
  const onFail = useCallback(() => setFailed(true), []);
  const useService = props.apiKey != null && !failed;
  return (
    <section aria-label={RU.map} className="card flex flex-col overflow-hidden">
      {props.apiKey == null ? <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">{RU.noKey}</p> : null}
      {failed ? (
        <div role="alert" className="border-b border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
          <strong>{RU.mapError}.</strong> {RU.mapErrorDetail}
        </div>
      ) : null}
      {useService ? <ServiceMap {...props} apiKey={props.apiKey!} onFail={onFail} /> : <SchematicMap {...props} />}
      <Legend />
    </section>
  );
}

function Legend() {
  return (
    <ul aria-label={RU.legend} className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
      {RU.legendItems.map(([color, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-full" style={{ background: color }} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

type Point = { latitude: number; longitude: number };
const pointsOf = (orders: MapOrder[], kind: 'restaurant' | 'customer'): Point[] =>
  orders
    .map((order) =>
      kind === 'restaurant'
        ? { latitude: order.restaurantLatitude, longitude: order.restaurantLongitude }
        : { latitude: order.customerLatitude, longitude: order.customerLongitude },
    )
    .filter((point): point is Point => point.latitude != null && point.longitude != null);

/** A drawn map: positions projected around the service area, markers coloured by freshness. */
function SchematicMap({ couriers, orders, now, selectedId, track, onSelect }: MapProps) {
  const width = 800;
  const height = 520;
  const restaurants = pointsOf(orders, 'restaurant');
  const customers = pointsOf(orders, 'customer');
  const everything: Point[] = [...couriers.map((courier) => ({ latitude: courier.latitude!, longitude: courier.longitude! })), ...restaurants, ...customers];
  const project = useMemo(() => projection(everything, width, height), [JSON.stringify(everything)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-[60dvh] w-full bg-slate-50" role="img" aria-label={RU.map} data-testid="schematic-map">
      <defs>
        <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#e2e8f0" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={width} height={height} fill="url(#grid)" />
      {track.length > 1 ? (
        <polyline points={track.map((point) => project(point).join(',')).join(' ')} fill="none" stroke="#1d63db" strokeWidth="3" strokeOpacity="0.6" aria-label={RU.track} />
      ) : null}
      {restaurants.map((point, index) => {
        const [x, y] = project(point);
        return <rect key={`r${index}`} x={x - 5} y={y - 5} width="10" height="10" rx="2" fill="#2563eb" />;
      })}
      {customers.map((point, index) => {
        const [x, y] = project(point);
        return <circle key={`c${index}`} cx={x} cy={y} r="4" fill="#ef4444" fillOpacity="0.7" />;
      })}
      {couriers.map((courier) => {
        const [x, y] = project({ latitude: courier.latitude!, longitude: courier.longitude! });
        const selected = courier.id === selectedId;
        return (
          <g key={courier.id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`} data-courier-marker={courier.id} className="cursor-pointer" onClick={() => onSelect(courier.id)}>
            <title>{courier.name}</title>
            {selected ? <circle r="13" fill="none" stroke="#1d63db" strokeWidth="3" /> : null}
            <circle r="8" fill={COLORS[gpsFreshness(courier.lastLocationUpdateTime, now)]} stroke="#fff" strokeWidth="2" />
          </g>
        );
      })}
    </svg>
  );
}

/** Equirectangular projection fitting the points (or the service area when there are none). */
function projection(points: Point[], width: number, height: number): (point: Point) => [number, number] {
  const source = points.length ? points : [{ latitude: SERVICE_CENTER.lat, longitude: SERVICE_CENTER.lng }];
  const lats = source.map((point) => point.latitude);
  const lngs = source.map((point) => point.longitude);
  const pad = 0.02;
  const minLat = Math.min(...lats) - pad;
  const maxLat = Math.max(...lats) + pad;
  const minLng = Math.min(...lngs) - pad;
  const maxLng = Math.max(...lngs) + pad;
  const squash = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = Math.min(width / ((maxLng - minLng) * squash), height / (maxLat - minLat)) * 0.92;
  const centerLat = (minLat + maxLat) / 2;
  const centerLng = (minLng + maxLng) / 2;
  return ({ latitude, longitude }) => [width / 2 + (longitude - centerLng) * squash * scale, height / 2 - (latitude - centerLat) * scale];
}

/** The maps service: centre 27.9506, -82.4572, zoom 11, point-of-interest labels hidden. */
function ServiceMap({ apiKey, couriers, orders, now, selectedId, track, onSelect, onFail }: MapProps & { apiKey: string; onFail: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<google.maps.Map | null>(null);
  const markers = useRef(new Map<string, google.maps.Marker>());
  const line = useRef<google.maps.Polyline | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    Promise.all([loadMapsLibrary(apiKey, 'maps'), loadMapsLibrary(apiKey, 'marker'), loadMapsLibrary(apiKey, 'core')])
      .then(([{ Map: GoogleMap, Polyline }]) => {
        if (cancelled || !container.current) return;
        map.current = new GoogleMap(container.current, {
          center: SERVICE_CENTER,
          zoom: 11,
          styles: [{ featureType: 'poi', elementType: 'labels', stylers: [{ visibility: 'off' }] }],
        });
        line.current = new Polyline({ map: map.current, strokeColor: '#1d63db', strokeOpacity: 0.6, strokeWeight: 3 });
        setReady(true);
      })
      .catch(() => !cancelled && onFail());
    return () => {
      cancelled = true;
    };
  }, [apiKey, onFail]);

  useEffect(() => {
    if (!ready || !map.current) return;
    const wanted = new Map<string, { position: google.maps.LatLngLiteral; color: string; scale: number; title: string; courierId?: number }>();
    for (const courier of couriers) {
      wanted.set(`courier:${courier.id}`, {
        position: { lat: courier.latitude!, lng: courier.longitude! },
        color: COLORS[gpsFreshness(courier.lastLocationUpdateTime, now)],
        scale: courier.id === selectedId ? 11 : 8,
        title: courier.name,
        courierId: courier.id,
      });
    }
    pointsOf(orders, 'restaurant').forEach((point, index) =>
      wanted.set(`restaurant:${index}`, { position: { lat: point.latitude, lng: point.longitude }, color: '#2563eb', scale: 6, title: RU.legendItems[3][1] }),
    );
    pointsOf(orders, 'customer').forEach((point, index) =>
      wanted.set(`customer:${index}`, { position: { lat: point.latitude, lng: point.longitude }, color: '#ef4444', scale: 5, title: RU.legendItems[4][1] }),
    );
    for (const [key, marker] of markers.current) {
      if (!wanted.has(key)) {
        marker.setMap(null);
        markers.current.delete(key);
      }
    }
    for (const [key, spec] of wanted) {
      const icon: google.maps.Symbol = { path: google.maps.SymbolPath.CIRCLE, scale: spec.scale, fillColor: spec.color, fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 2 };
      const existing = markers.current.get(key);
      if (existing) {
        existing.setPosition(spec.position);
        existing.setIcon(icon);
      } else {
        const marker = new google.maps.Marker({ map: map.current, position: spec.position, icon, title: spec.title });
        if (spec.courierId != null) marker.addListener('click', () => onSelect(spec.courierId!));
        markers.current.set(key, marker);
      }
    }
    line.current?.setPath(track.map((point) => ({ lat: point.latitude, lng: point.longitude })));
  }, [ready, couriers, orders, now, selectedId, track, onSelect]);

  return <div ref={container} className="h-[60dvh] w-full" data-testid="service-map" />;
}

export default function CourierTracking(props: CourierTrackingProps) {
  return (
    <QueryProvider>
      <CourierTrackingPage {...props} />
    </QueryProvider>
  );
}
