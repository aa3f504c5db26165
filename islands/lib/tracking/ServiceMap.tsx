/** The GPS page's map on the maps service, when a key is configured and the service loads. */
import { useEffect, useRef, useState } from 'react';
import { SERVICE_CENTER } from '../../../src/domain/geo';
import { gpsFreshness } from '../../../src/domain/indicators';
import { loadMapsLibrary } from '../maps';
import { mapMarkers } from './markers';
import { COLORS, CUSTOMER_COLOR, DEFAULT_HEIGHT } from './strings';
import type { MapProps } from './types';

/** The maps service: centre 27.9506, -82.4572, zoom 11, point-of-interest labels hidden. */
export function ServiceMap({
  apiKey,
  words,
  heightClass,
  couriers,
  orders,
  now,
  selectedId,
  track,
  onSelect,
  onFail,
}: MapProps & { apiKey: string; onFail: () => void }) {
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
    for (const marker of mapMarkers({ words, couriers: [], orders, now, selectedId })) {
      wanted.set(marker.key, { position: marker.point, color: marker.color ?? CUSTOMER_COLOR, scale: marker.kind === 'pickup' ? 6 : 5, title: marker.title });
    }
    for (const [key, marker] of markers.current) {
      if (!wanted.has(key)) {
        marker.setMap(null);
        markers.current.delete(key);
      }
    }
    for (const [key, spec] of wanted) {
      const icon: google.maps.Symbol = {
        path: google.maps.SymbolPath.CIRCLE,
        scale: spec.scale,
        fillColor: spec.color,
        fillOpacity: 1,
        strokeColor: '#ffffff',
        strokeWeight: 2,
      };
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
  }, [ready, words, couriers, orders, now, selectedId, track, onSelect]);

  return <div ref={container} className={`${heightClass ?? DEFAULT_HEIGHT} w-full`} data-testid="service-map" />;
}
