/**
 * A map without the maps service (issue 13): the labelled schematic at once (and for
 * good when tiles cannot load, as with no network), covered by the Leaflet tile map
 * (leaflet.ts) as soon as its first tile has loaded. Leaflet's script is fetched only
 * when the map comes on screen.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OpenMapConfig } from '../../../src/domain/mapTiles';
import type { MapLine, MapMarker, OpenMapHandle, OpenMapModule } from './markers';

export interface OpenMapProps {
  config: OpenMapConfig;
  markers: readonly MapMarker[];
  lines?: readonly MapLine[];
  /** Names the map for assistive technology. */
  label: string;
  /** What shows until tiles load, and instead of them when they cannot. */
  schematic: ReactNode;
  /** Frame every point again when they change (a route); otherwise only the first time (the live map). */
  refit?: boolean;
  onSelect?: (key: string) => void;
  /** Told when the map switches between schematic, tiles and failed tiles. */
  onView?: (view: OpenMapView) => void;
  className?: string;
  /** Added once tiles show (a size for a map whose schematic is smaller than it). */
  tilesClassName?: string;
  /** Under the tile map only (what the schematic says itself, such as a distance). */
  caption?: ReactNode;
}

export type OpenMapView = 'schematic' | 'tiles' | 'failed';

const NO_LINES: readonly MapLine[] = [];

export function OpenMap({
  config,
  markers,
  lines = NO_LINES,
  label,
  schematic,
  refit = true,
  onSelect,
  onView,
  className = '',
  tilesClassName = '',
  caption,
}: OpenMapProps) {
  const [view, setView] = useState<OpenMapView>('schematic');
  const wrapper = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<OpenMapHandle | null>(null);
  const select = useRef(onSelect);
  select.current = onSelect;
  const [ready, setReady] = useState(false);

  // Load Leaflet once the map is on screen.
  useEffect(() => {
    const target = wrapper.current;
    if (!target || !element.current) return;
    let live = true;
    const start = () => {
      void (import(/* webpackIgnore: true */ config.script) as Promise<OpenMapModule>).then(
        ({ createOpenMap }) => {
          if (!live || !element.current) return;
          handle.current = createOpenMap(element.current, {
            tiles: config.tiles,
            label,
            onTiles: () => live && setView('tiles'),
            onTilesFailed: () => live && setView('failed'),
            onSelect: (key) => select.current?.(key),
          });
          setReady(true);
        },
        () => live && setView('failed'),
      );
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    });
    observer.observe(target);
    return () => {
      live = false;
      observer.disconnect();
      handle.current?.destroy();
      handle.current = null;
    };
  }, [config.script, config.tiles, label]);

  const shape = JSON.stringify([markers.map((marker) => [marker.key, marker.point]), lines.map((line) => line.points)]);
  const framed = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !handle.current) return;
    handle.current.update(markers, lines, refit && framed.current !== shape);
    framed.current = shape;
  }, [ready, markers, lines, refit, shape]);

  const showTiles = view === 'tiles';
  // The tile map may be larger than the schematic it covered (tilesClassName).
  useEffect(() => {
    if (showTiles) handle.current?.resize();
  }, [showTiles]);
  useEffect(() => onView?.(view), [onView, view]);
  return (
    <>
      <div ref={wrapper} className={`relative isolate ${className} ${showTiles ? tilesClassName : ''}`} data-open-map={view}>
        {/* Kept in place under the tiles, so the map keeps the schematic's size. */}
        <div className={showTiles ? 'invisible' : undefined} aria-hidden={showTiles ? true : undefined}>
          {schematic}
        </div>
        <div className={`absolute inset-0 z-0 overflow-hidden rounded-md ${showTiles ? '' : 'invisible'}`} aria-hidden={showTiles ? undefined : true}>
          {/* Leaflet adds its own classes to this element: React must never re-render its className. */}
          <div ref={element} role="region" aria-label={label} className="h-full w-full" data-testid="open-map" />
        </div>
      </div>
      {showTiles ? caption : null}
    </>
  );
}
