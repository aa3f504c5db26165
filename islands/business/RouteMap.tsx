/**
 * The route modal's map (spec 2-business-area.md §2.13): the pharmacy as a green marker, the stops as red
 * numbered markers, the route line from the returned encoded polyline, zoom 11. With the
 * maps service, its map; without it, the open map over MAP_TILES_URL, and the same route
 * as a labelled schematic when tiles cannot load or the maps service fails.
 */
import { isApproximate } from '../../src/domain/location';
import { decodePolyline as decode } from '../../src/domain/polyline';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LatLng } from '../../src/domain/geo';
import type { PlacedPrecision } from '../../src/domain/location';
import type { OpenMapConfig } from '../../src/domain/mapTiles';
import { MapsUnavailableError, onMapsAuthFailure } from '../lib/maps';
import { approximateTitle, type MapLine, type MapMarker } from '../lib/openMap/markers';
import { OpenMap } from '../lib/openMap/OpenMap';
import { Schematic } from '../lib/openMap/Schematic';
import { drawMap } from './maps';

export const ROUTE_MAP_ZOOM = 11;

type View = 'loading' | 'map' | 'failed';

export interface RouteMapProps {
  apiKey: string | null;
  openMap: OpenMapConfig;
  pickup: LatLng & { precision?: PlacedPrecision };
  stops: ReadonlyArray<LatLng & { precision?: PlacedPrecision }>;
  polyline: string;
}

export function RouteMap({ apiKey, openMap, pickup, stops, polyline }: RouteMapProps) {
  const [view, setView] = useState<View>('loading');
  const [reason, setReason] = useState<string | null>(null);
  const element = useRef<HTMLDivElement>(null);
  const path = useMemo(() => decode(polyline, 5).map(([lat, lng]) => ({ lat, lng })), [polyline]);
  const markers = useMemo<MapMarker[]>(
    () => [
      {
        key: 'pickup',
        point: pickup,
        kind: 'pickup',
        label: 'P',
        title: approximateTitle('Pharmacy (Pickup)', isApproximate(pickup.precision)),
        approximate: isApproximate(pickup.precision),
      },
      ...stops.map((stop, index): MapMarker => {
        const approximate = isApproximate(stop.precision);
        return {
          key: `stop-${index}`,
          point: stop,
          kind: 'stop',
          label: String(index + 1),
          title: approximateTitle(`Stop ${index + 1}`, approximate),
          approximate,
        };
      }),
    ],
    [pickup, stops],
  );
  const lines = useMemo<MapLine[]>(() => [{ key: 'route', points: path.length > 1 ? path : [pickup, ...stops], color: '#1d63db' }], [path, pickup, stops]);

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
      markers: markers.map((marker) => ({ point: marker.point, label: marker.label, color: marker.kind === 'pickup' ? 'green' : 'red', title: marker.title })),
      path,
    }).then(
      () => live && setView('map'),
      (error: unknown) => fail(error instanceof MapsUnavailableError ? error.message : null),
    );
    return () => {
      live = false;
      stopListening();
    };
  }, [apiKey, markers, path]);

  const description = `Route from the pharmacy through ${stops.length} stop${stops.length === 1 ? '' : 's'}`;
  const schematic = (
    <Schematic
      markers={markers}
      lines={lines}
      label={description}
      width={480}
      height={320}
      testId="static-route-map"
      className="h-full min-h-64 w-full rounded-md"
    />
  );
  if (!apiKey) return <OpenMap config={openMap} markers={markers} lines={lines} label={description} schematic={schematic} className="h-full min-h-64" />;
  return (
    <div className="relative h-full min-h-64">
      {view === 'failed' ? (
        <div className="flex h-full flex-col gap-2">
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-semibold">Map Load Error</p>
            <p>Failed to load route. Please check addresses and try again.</p>
            {reason ? <p className="mt-1 text-xs">{reason}</p> : null}
          </div>
          {schematic}
        </div>
      ) : null}
      <div ref={element} className={view === 'failed' ? 'hidden' : 'h-full min-h-64 w-full rounded-md bg-slate-100'} data-testid="route-map" />
      {view === 'loading' ? <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">Loading route map...</p> : null}
    </div>
  );
}
