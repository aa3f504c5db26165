/**
 * The live part of a customer's tracking page (issue 16): the courier's first name,
 * position and ETA while they are on the way here, pushed over the page's WebSocket
 * (the order's tracking object). The rest of the page is server-rendered; when the order
 * changes the socket says so and the page is read again. While the socket cannot
 * connect, the link's JSON is polled every 30 s instead; an open page with a connected
 * socket makes no requests at all (keep-alive pings are answered by the runtime).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LatLng } from '../src/domain/geo';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import type { TrackingSocketMessage } from '../src/domain/tracking';
import type { MapMarker } from './lib/openMap/markers';
import { OpenMap } from './lib/openMap/OpenMap';
import { Schematic } from './lib/openMap/Schematic';

export interface TrackingLiveProps {
  /** The socket's path; null when the delivery is over. */
  socket: string | null;
  /** The link's JSON (the polling fallback). */
  json: string;
  /** The server's reading of the phase: a poll that reads another reloads the page. */
  phase: string;
  openMap: OpenMapConfig;
  /** Set while the courier is on the way here. */
  courier: { firstName: string; position: LatLng | null; eta: string | null } | null;
  destination: LatLng | null;
}

const POLL_MS = 30_000;
const PING_MS = 25_000;
/** The close code OrderTracking uses when the order changed (durable-objects/OrderTracking.ts). */
const ORDER_CHANGED_CLOSE = 4000;

interface Live {
  position: LatLng | null;
  eta: string | null;
}

export default function TrackingLive({ socket, json, phase, openMap, courier, destination }: TrackingLiveProps) {
  const [live, setLive] = useState<Live>({ position: courier?.position ?? null, eta: courier?.eta ?? null });
  const [connected, setConnected] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    if (!socket) return;
    let ws: WebSocket | null = null;
    let retry: number | undefined;
    let ping: number | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${socket}`);
      ws.onopen = () => {
        attempt = 0;
        setConnected(true);
        ping = window.setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('ping'), PING_MS);
      };
      ws.onmessage = (event) => {
        if (event.data === 'pong') return;
        const message = JSON.parse(String(event.data)) as TrackingSocketMessage;
        if (message.type === 'changed') {
          stopped = true;
          location.reload();
        } else if (message.recordedAt > latest.current) {
          latest.current = message.recordedAt;
          setLive({ position: { lat: message.latitude, lng: message.longitude }, eta: message.eta });
        }
      };
      ws.onclose = (event) => {
        window.clearInterval(ping);
        setConnected(false);
        if (stopped) return;
        if (event.code === ORDER_CHANGED_CLOSE) {
          location.reload();
          return;
        }
        retry = window.setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearInterval(ping);
      ws?.close();
    };
  }, [socket]);

  // Polling only while the socket is down.
  useEffect(() => {
    if (!socket || connected) return;
    const timer = window.setInterval(async () => {
      const response = await fetch(json, { headers: { Accept: 'application/json' } }).catch(() => null);
      if (!response?.ok) return;
      const view = (await response.json()) as {
        phase: string;
        courier: { latitude: number | null; longitude: number | null } | null;
        eta: { words: string } | null;
      };
      if (view.phase !== phase) location.reload();
      else if (view.courier?.latitude != null && view.courier.longitude != null) {
        setLive({ position: { lat: view.courier.latitude, lng: view.courier.longitude }, eta: view.eta?.words ?? null });
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [socket, connected, json, phase]);

  const markers = useMemo<MapMarker[]>(
    () => [
      ...(destination ? [{ key: 'you', point: destination, kind: 'customer' as const, label: '', name: 'You', title: 'Your delivery address' }] : []),
      ...(live.position && courier
        ? [{ key: 'courier', point: live.position, kind: 'courier' as const, label: '', name: courier.firstName, title: `${courier.firstName}, your courier` }]
        : []),
    ],
    [destination, live.position, courier],
  );

  if (!courier) return null;
  return (
    <section aria-labelledby="live-heading" className="space-y-3">
      <div>
        <h2 id="live-heading" className="text-lg font-semibold">
          {courier.firstName} is on the way
        </h2>
        <p className="text-slate-700" data-testid="eta" aria-live="polite">
          {live.eta ? (live.eta === 'Arriving now' ? 'Arriving now' : `Arriving in ${live.eta}`) : 'Waiting for the courier’s position…'}
        </p>
      </div>
      {live.position ? (
        <div data-testid="live-map" data-courier-position={`${live.position.lat.toFixed(5)},${live.position.lng.toFixed(5)}`}>
          <OpenMap
            config={openMap}
            markers={markers}
            label={`Map: ${courier.firstName} and your address`}
            className="w-full overflow-hidden rounded-md border border-slate-200"
            schematic={<Schematic markers={markers} label={`Map: ${courier.firstName} and your address`} width={360} height={240} />}
          />
        </div>
      ) : null}
    </section>
  );
}
