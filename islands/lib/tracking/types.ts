/** What the GPS page's map renderers draw. */
import type { TrackedCourier } from '../../../src/domain/live';
import type { OpenMapConfig } from '../../../src/domain/mapTiles';
import type { MapOrder } from './data';

export interface MapProps {
  apiKey: string | null;
  openMap: OpenMapConfig;
  couriers: TrackedCourier[];
  orders: MapOrder[];
  now: number;
  selectedId: number | null;
  track: Array<{ latitude: number; longitude: number }>;
  onSelect: (id: number) => void;
}
