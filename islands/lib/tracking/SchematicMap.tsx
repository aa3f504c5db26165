/** The GPS page's map without the maps service: drawn here, so the page works without a key. */
import { useMemo } from 'react';
import { SERVICE_CENTER } from '../../../src/domain/geo';
import { gpsFreshness } from '../../../src/domain/indicators';
import { COLORS, RU } from './strings';
import { pointsOf, type MapProps, type Point } from './types';

/** A drawn map: positions projected around the service area, markers coloured by freshness. */
export function SchematicMap({ couriers, orders, now, selectedId, track, onSelect }: MapProps) {
  const width = 800;
  const height = 520;
  const restaurants = pointsOf(orders, 'restaurant');
  const customers = pointsOf(orders, 'customer');
  const everything: Point[] = [...couriers.map((courier) => ({ latitude: courier.latitude!, longitude: courier.longitude! })), ...restaurants, ...customers];
  const project = useMemo(() => projection(everything, width, height), [JSON.stringify(everything)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-[60dvh] w-full bg-slate-50" role="img" aria-label={RU.map} data-testid="schematic-map">
      <defs>
        <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#e2e8f0" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={width} height={height} fill="url(#grid)" />
      {track.length > 1 ? (
        <polyline points={track.map((point) => project(point).join(',')).join(' ')} fill="none" stroke="#1d63db" strokeWidth="3" strokeOpacity="0.6" aria-label={RU.track} />
      ) : null}
      {restaurants.map((point, index) => {
        const [x, y] = project(point);
        return <rect key={`r${index}`} x={x - 5} y={y - 5} width="10" height="10" rx="2" fill="#2563eb" />;
      })}
      {customers.map((point, index) => {
        const [x, y] = project(point);
        return <circle key={`c${index}`} cx={x} cy={y} r="4" fill="#ef4444" fillOpacity="0.7" />;
      })}
      {couriers.map((courier) => {
        const [x, y] = project({ latitude: courier.latitude!, longitude: courier.longitude! });
        const selected = courier.id === selectedId;
        return (
          <g key={courier.id} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`} data-courier-marker={courier.id} className="cursor-pointer" onClick={() => onSelect(courier.id)}>
            <title>{courier.name}</title>
            {selected ? <circle r="13" fill="none" stroke="#1d63db" strokeWidth="3" /> : null}
            <circle r="8" fill={COLORS[gpsFreshness(courier.lastLocationUpdateTime, now)]} stroke="#fff" strokeWidth="2" />
          </g>
        );
      })}
    </svg>
  );
}

/** Equirectangular projection fitting the points (or the service area when there are none). */
function projection(points: Point[], width: number, height: number): (point: Point) => [number, number] {
  const source = points.length ? points : [{ latitude: SERVICE_CENTER.lat, longitude: SERVICE_CENTER.lng }];
  const lats = source.map((point) => point.latitude);
  const lngs = source.map((point) => point.longitude);
  const pad = 0.02;
  const minLat = Math.min(...lats) - pad;
  const maxLat = Math.max(...lats) + pad;
  const minLng = Math.min(...lngs) - pad;
  const maxLng = Math.max(...lngs) + pad;
  const squash = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = Math.min(width / ((maxLng - minLng) * squash), height / (maxLat - minLat)) * 0.92;
  const centerLat = (minLat + maxLat) / 2;
  const centerLng = (minLng + maxLng) / 2;
  return ({ latitude, longitude }) => [width / 2 + (longitude - centerLng) * squash * scale, height / 2 - (latitude - centerLat) * scale];
}
