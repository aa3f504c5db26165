/** The built asset manifest (scripts/build-assets.ts writes it before the Worker is bundled, with this type). */
import manifest from '../generated/assets.json';
import { mapTilesOf, type OpenMapConfig } from '../domain/mapTiles';
import type { Env } from '../env';

export interface AssetManifest {
  css: string;
  runtime: string;
  /** The open map's script (Leaflet), imported by islands when a map comes on screen. */
  openMap: string;
  /** The courier area's service worker, imported by `<courier base>/sw.js`. */
  courierServiceWorker: string;
  /**
   * Each island's entry, the chunks it imports (preloaded with it) and the chunks it may
   * load later (`import()` of a screen opened on demand, and what those import): a phone
   * that stores an island for offline use stores both.
   */
  islands: Record<string, { src: string; imports: string[]; lazy: string[] }>;
}

export const assets: AssetManifest = manifest;

/** What islands need to draw maps without the maps service: the map script and the configured tiles. */
export const openMapConfig = (env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>): OpenMapConfig => ({ script: assets.openMap, tiles: mapTilesOf(env) });
