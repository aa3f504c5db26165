/** What the GPS page's map renderers draw. */
import type { OpenMapConfig } from '../../../src/domain/mapTiles';
import type { MapCourier, MapOrder } from '../../../src/shared/mapOrder';
import type { MapWords } from './strings';

export interface MapProps {
  /** The page's language: the GPS page's Russian, the dispatch board's English. */
  words: MapWords;
  /** The map's height (a Tailwind class): most of the screen on the GPS page, a panel beside the queue. */
  heightClass?: string;
  apiKey: string | null;
  openMap: OpenMapConfig;
  couriers: MapCourier[];
  orders: MapOrder[];
  now: number;
  selectedId: number | null;
  track: Array<{ latitude: number; longitude: number }>;
  onSelect: (id: number) => void;
}
