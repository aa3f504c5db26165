/**
 * What the maps drawn without the maps service show, in one vocabulary for the tile map
 * (leaflet.ts) and the schematic drawn when tiles cannot load (Schematic.tsx): pickups
 * are squares marked P, stops red circles with their number, couriers circles in their
 * freshness colour with their name beside, customers violet diamonds. A place known only
 * by its ZIP code's centre has a dashed outline and says "approximate location".
 */
import type { LatLng } from '../../../src/domain/geo';
import { APPROXIMATE_LOCATION } from '../../../src/domain/location';
import type { MapTiles } from '../../../src/domain/mapTiles';

export type MarkerKind = 'pickup' | 'stop' | 'courier' | 'customer';
export type MarkerShape = 'square' | 'circle' | 'diamond';

export interface MapMarker {
  key: string;
  point: LatLng;
  kind: MarkerKind;
  /** Inside the marker: P, a stop number, D. */
  label: string;
  /** Spoken and shown on hover; says "approximate location" itself where it applies (approximateTitle). */
  title: string;
  /** Beside the marker (a courier's name). */
  name?: string;
  /** Overrides the kind's colour (a courier's freshness). */
  color?: string;
  selected?: boolean;
  approximate?: boolean;
  /** Pixels from its point, when it shares the point with others (spreadShared). */
  nudge?: { x: number; y: number };
}

/** Markers that share a point (stops placed at one ZIP code's centre) sit side by side this far apart, so each is seen. */
const SPREAD_PX = 26;

/**
 * The markers, with those at the same point spread out side by side around it (pixels, so
 * they stay apart at any zoom): two stops at one ZIP code's centre are two markers, not one.
 */
export function spreadShared(markers: readonly MapMarker[]): MapMarker[] {
  const groups = new Map<string, number[]>();
  markers.forEach((marker, index) => {
    const at = `${marker.point.lat.toFixed(6)},${marker.point.lng.toFixed(6)}`;
    groups.set(at, [...(groups.get(at) ?? []), index]);
  });
  const spread = [...markers];
  for (const indexes of groups.values()) {
    if (indexes.length < 2) continue;
    indexes.forEach((index, place) => {
      spread[index] = { ...markers[index], nudge: { x: (place - (indexes.length - 1) / 2) * SPREAD_PX, y: 0 } };
    });
  }
  return spread;
}

export interface MapLine {
  key: string;
  points: LatLng[];
  color: string;
  dashed?: boolean;
  /** Names the line for assistive technology (the selected courier's track). */
  label?: string;
}

export const MARKER_STYLE: Record<MarkerKind, { shape: MarkerShape; color: string }> = {
  pickup: { shape: 'square', color: '#16a34a' },
  stop: { shape: 'circle', color: '#dc2626' },
  courier: { shape: 'circle', color: '#16a34a' },
  customer: { shape: 'diamond', color: '#7c3aed' },
};

export const markerColor = (marker: MapMarker) => marker.color ?? MARKER_STYLE[marker.kind].color;

/** A title that says when the place is only approximate. */
export const approximateTitle = (title: string, approximate: boolean, words = APPROXIMATE_LOCATION) => (approximate ? `${title} (${words})` : title);

/** The open map's script (leaflet.ts), as OpenMap.tsx imports it. */
export interface OpenMapModule {
  createOpenMap(container: HTMLElement, options: OpenMapOptions): OpenMapHandle;
}

export interface OpenMapHandle {
  /** Shows these markers and lines; `refit` frames them all. */
  update(markers: readonly MapMarker[], lines: readonly MapLine[], refit: boolean): void;
  /** The container changed size. */
  resize(): void;
  destroy(): void;
}

export interface OpenMapOptions {
  tiles: MapTiles;
  label: string;
  /** The first tile loaded: the map can be shown. */
  onTiles: () => void;
  /** Tiles keep failing: the schematic stays. */
  onTilesFailed: () => void;
  onSelect?: (key: string) => void;
}
