/**
 * The route modal's map (spec 2-business-area.md §2.13): the pharmacy as a green marker, the stops as red
 * numbered markers, the route line from the returned encoded polyline, zoom 11. Without
 * the maps service (no key, or it fails) the same route is drawn to scale.
 */
import { decodePolyline as decode } from '../../src/domain/polyline';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LatLng } from '../../src/domain/geo';
import { MapsUnavailableError, onMapsAuthFailure } from '../lib/maps';
import { drawMap } from './maps';
import { StaticRouteMap } from './StaticMaps';

export const ROUTE_MAP_ZOOM = 11;

type View = 'loading' | 'map' | 'failed';

export function RouteMap({ apiKey, pickup, stops, polyline }: { apiKey: string | null; pickup: LatLng; stops: readonly LatLng[]; polyline: string }) {
  const [view, setView] = useState<View>('loading');
  const [reason, setReason] = useState<string | null>(null);
  const element = useRef<HTMLDivElement>(null);
  const path = useMemo(() => decode(polyline, 5).map(([lat, lng]) => ({ lat, lng })), [polyline]);

  useEffect(() => {
    if (!apiKey || !element.current) return;
    let live = true;
    setView('loading');
    const fail = (message: string | null) => {
      if (!live) return;
      setReason(message);
      setView('failed');
    };
    const stopListening = onMapsAuthFailure(() => fail(new MapsUnavailableError('auth').message));
    drawMap(apiKey, element.current, {
      zoom: ROUTE_MAP_ZOOM,
      markers: [
        { point: pickup, label: 'P', color: 'green', title: 'Pharmacy (Pickup)' },
        ...stops.map((stop, index) => ({ point: stop, label: String(index + 1), color: 'red' as const, title: `Stop ${index + 1}` })),
      ],
      path,
    }).then(
      () => live && setView('map'),
      (error: unknown) => fail(error instanceof MapsUnavailableError ? error.message : null),
    );
    return () => {
      live = false;
      stopListening();
    };
  }, [apiKey, pickup, stops, path]);

  const description = `Route from the pharmacy through ${stops.length} stop${stops.length === 1 ? '' : 's'}`;
  if (!apiKey) return <StaticRouteMap pickup={pickup} stops={stops} path={path} description={description} />;
  return (
    <div className="relative h-full min-h-64">
      {view === 'failed' ? (
        <div className="flex h-full flex-col gap-2">
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">Map Load Error</p>
            <p>Failed to load route. Please check addresses and try again.</p>
            {reason ? <p className="mt-1 text-xs">{reason}</p> : null}
          </div>
          <StaticRouteMap pickup={pickup} stops={stops} path={path} description={description} />
        </div>
      ) : null}
      <div ref={element} className={view === 'failed' ? 'hidden' : 'h-full min-h-64 w-full rounded-md bg-slate-100'} data-testid="route-map" />
      {view === 'loading' ? <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">Loading route map...</p> : null}
    </div>
  );
}
