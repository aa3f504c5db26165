/**
 * What a server component may know about the request it renders for. Components read
 * it with useView(); islands never see it (they get JSON props).
 */
import { createContext, useContext } from 'react';
import type { SessionUser } from '../auth/session';
import type { OpenMapConfig } from '../domain/mapTiles';
import type { AssetManifest } from './assets';

export interface RequestView {
  nonce: string;
  timeZone: string;
  courierBase: string;
  path: string;
  /** The origin the client called (absolute links the user copies: tracking links). */
  origin: string;
  user: SessionUser | null;
  assets: AssetManifest;
  mapsApiKey: string | null;
  /** How islands draw maps without the maps service (Leaflet's script, the tiles). */
  openMap: OpenMapConfig;
  /** Island instances on this response get distinct useId prefixes. */
  nextIslandId: () => number;
}

export const ViewContext = createContext<RequestView | null>(null);

export function useView(): RequestView {
  const view = useContext(ViewContext);
  if (!view) throw new Error('useView() outside a rendered page');
  return view;
}
