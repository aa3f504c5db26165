/**
 * The raster tiles under the maps drawn without the maps service (issue 13): any
 * {z}/{x}/{y} tile server, OpenStreetMap's by default. MAP_TILES_URL (and its credit,
 * MAP_TILES_ATTRIBUTION) point the app at another, such as a paid provider or the
 * company's own; the page's Content-Security-Policy admits exactly that origin.
 */

export interface MapTiles {
  /** A Leaflet tile URL template: {z}/{x}/{y}, optionally {s} (subdomains) and {r}. */
  url: string;
  attribution: string;
}

export const OSM_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

/** The configured tiles, OpenStreetMap's when none are (with their credit unless another is given). */
export function mapTilesOf(config: { MAP_TILES_URL?: string; MAP_TILES_ATTRIBUTION?: string }): MapTiles {
  const url = config.MAP_TILES_URL?.trim();
  if (!url) return { url: OSM_TILES.url, attribution: config.MAP_TILES_ATTRIBUTION?.trim() || OSM_TILES.attribution };
  return { url, attribution: config.MAP_TILES_ATTRIBUTION?.trim() || '' };
}

/**
 * The CSP source that admits the tiles: their origin, with a wildcard host for {s}
 * subdomains ("https://*.tile.example.org"); null for a URL that cannot be read.
 */
export function tilesSource(tiles: MapTiles): string | null {
  try {
    const url = new URL(tiles.url.replace(/\{s\}/g, 'a').replace(/\{[^}]*\}/g, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = /\{s\}\./.test(tiles.url) ? url.host.replace(/^a\./, '*.') : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

/** How the browser draws maps without the maps service: the map script (built with the assets) and the tiles. */
export interface OpenMapConfig {
  script: string;
  tiles: MapTiles;
}
