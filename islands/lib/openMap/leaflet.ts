/**
 * The open map (issue 13): Leaflet over raster tiles from MAP_TILES_URL, with the markers
 * and lines of markers.ts. Built as its own script (scripts/build-assets.ts) and imported
 * by OpenMap.tsx only when a map comes on screen, so no page pays for it until then and
 * the Worker never bundles it. It reports the first tile that loads (the map can be
 * shown) and tiles that keep failing (the schematic stays).
 */
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css';
import { SERVICE_CENTER, type LatLng } from '../../../src/domain/geo';
import { MARKER_STYLE, markerColor, spreadShared, type MapMarker, type OpenMapHandle, type OpenMapOptions } from './markers';

/** Tiles that fail before any loads: after this many, the map is given up. */
const FAILURES_BEFORE_GIVING_UP = 4;
const MAX_FIT_ZOOM = 15;
/** Before anything is shown: the service area (the GPS map's centre and zoom, spec 1 §2.12). */
const START_ZOOM = 11;

let styled = false;
function addStylesheet(): void {
  if (styled) return;
  styled = true;
  const style = document.createElement('style');
  style.dataset.leaflet = '';
  style.textContent = leafletCss;
  document.head.append(style);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function icon(marker: MapMarker): L.DivIcon {
  const { shape } = MARKER_STYLE[marker.kind];
  const classes = ['map-pin', `map-pin-${shape}`, marker.selected ? 'map-pin-selected' : '', marker.approximate ? 'map-pin-approximate' : '']
    .filter(Boolean)
    .join(' ');
  const name = marker.name ? `<span class="map-pin-name">${escape(marker.name)}</span>` : '';
  return L.divIcon({
    className: 'map-marker',
    html: `<span class="${classes}" style="--pin:${markerColor(marker)}"><span class="map-pin-label">${escape(marker.label)}</span></span>${name}`,
    iconSize: [24, 24],
    iconAnchor: [12 - (marker.nudge?.x ?? 0), 12 - (marker.nudge?.y ?? 0)],
  });
}

const toLeaflet = (point: LatLng): L.LatLngTuple => [point.lat, point.lng];

export function createOpenMap(container: HTMLElement, options: OpenMapOptions): OpenMapHandle {
  addStylesheet();
  const map = L.map(container, { zoomControl: true, attributionControl: true, scrollWheelZoom: false }).setView(toLeaflet(SERVICE_CENTER), START_ZOOM);
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  container.setAttribute('aria-label', options.label);
  let loaded = false;
  let failures = 0;
  L.tileLayer(options.tiles.url, { attribution: options.tiles.attribution, maxZoom: 19, crossOrigin: false })
    .on('tileload', () => {
      if (loaded) return;
      loaded = true;
      options.onTiles();
    })
    .on('tileerror', () => {
      if (!loaded && ++failures === FAILURES_BEFORE_GIVING_UP) options.onTilesFailed();
    })
    // Every tile on screen has been tried and none loaded: a small map may ask for fewer tiles than the threshold.
    .on('load', () => {
      if (!loaded && failures > 0 && failures < FAILURES_BEFORE_GIVING_UP) {
        failures = FAILURES_BEFORE_GIVING_UP;
        options.onTilesFailed();
      }
    })
    .addTo(map);

  const markers = new Map<string, L.Marker>();
  const lines = new Map<string, L.Polyline>();
  let framed = false;
  let bounds: L.LatLngBounds | null = null;

  return {
    update(nextMarkers, nextLines, refit) {
      const wanted = new Set(nextMarkers.map((marker) => marker.key));
      for (const [key, layer] of markers) {
        if (!wanted.has(key)) {
          layer.remove();
          markers.delete(key);
        }
      }
      for (const marker of spreadShared(nextMarkers)) {
        const existing = markers.get(marker.key);
        if (existing) {
          existing.setLatLng(toLeaflet(marker.point));
          existing.setIcon(icon(marker));
          existing.getElement()?.setAttribute('title', marker.title);
        } else {
          const layer = L.marker(toLeaflet(marker.point), {
            icon: icon(marker),
            title: marker.title,
            keyboard: options.onSelect != null && marker.kind === 'courier',
          });
          if (options.onSelect && marker.kind === 'courier') layer.on('click', () => options.onSelect!(marker.key));
          markers.set(marker.key, layer.addTo(map));
        }
      }
      const wantedLines = new Set(nextLines.map((line) => line.key));
      for (const [key, layer] of lines) {
        if (!wantedLines.has(key)) {
          layer.remove();
          lines.delete(key);
        }
      }
      for (const line of nextLines) {
        const style = { color: line.color, weight: 4, opacity: 0.8, dashArray: line.dashed ? '6 6' : undefined };
        const existing = lines.get(line.key);
        if (existing) existing.setLatLngs(line.points.map(toLeaflet)).setStyle(style);
        else lines.set(line.key, L.polyline(line.points.map(toLeaflet), style).addTo(map));
      }
      if (refit || !framed) {
        const points = [...nextMarkers.map((marker) => marker.point), ...nextLines.flatMap((line) => line.points)].map(toLeaflet);
        if (points.length > 0) {
          bounds = L.latLngBounds(points);
          map.fitBounds(bounds, { padding: [32, 32], maxZoom: MAX_FIT_ZOOM, animate: false });
          framed = true;
        }
      }
    },
    resize() {
      map.invalidateSize({ animate: false });
      if (bounds) map.fitBounds(bounds, { padding: [32, 32], maxZoom: MAX_FIT_ZOOM, animate: false });
    },
    destroy() {
      map.remove();
    },
  };
}
