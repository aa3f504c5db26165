/**
 * What is drawn when the maps service is not available (spec 2-business-area.md §2.14, §8.4): the P to D
 * illustration of the map widget, and the route drawn to scale from its coordinates
 * (the pickup in green, numbered stops in red, the route line from the polyline).
 */
import type { LatLng } from '../../src/domain/geo';

const WIDTH = 320;
const HEIGHT = 200;
const PADDING = 24;

/** Fits points into the drawing, keeping their proportions (longitude shrinks with latitude). */
function project(points: readonly LatLng[]): (point: LatLng) => [number, number] {
  const lats = points.map((point) => point.lat);
  const meanLat = lats.reduce((sum, lat) => sum + lat, 0) / Math.max(1, lats.length);
  const xs = points.map((point) => point.lng * Math.cos((meanLat * Math.PI) / 180));
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...lats), Math.max(...lats)];
  const scale = Math.min((WIDTH - 2 * PADDING) / Math.max(maxX - minX, 1e-6), (HEIGHT - 2 * PADDING) / Math.max(maxY - minY, 1e-6));
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  return (point) => [offsetX + (point.lng * Math.cos((meanLat * Math.PI) / 180) - minX) * scale, HEIGHT - offsetY - (point.lat - minY) * scale];
}

function Pin({ at: [x, y], label, color }: { at: [number, number]; label: string; color: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r="10" fill={color} stroke="#fff" strokeWidth="2" />
      <text x={x} y={y + 4} textAnchor="middle" fontSize="11" fontWeight="600" fill="#fff">
        {label}
      </text>
    </g>
  );
}

export function StaticRouteMap({ pickup, stops, path, description }: { pickup: LatLng; stops: readonly LatLng[]; path: readonly LatLng[]; description: string }) {
  const place = project([pickup, ...stops, ...path]);
  const line = (path.length > 1 ? path : [pickup, ...stops]).map((point) => place(point).map((value) => value.toFixed(1)).join(',')).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} className="h-full w-full rounded-md bg-slate-100" data-testid="static-route-map">
      <polyline points={line} fill="none" stroke="#1d63db" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" opacity="0.85" />
      {stops.map((stop, index) => (
        <Pin key={index} at={place(stop)} label={String(index + 1)} color="#dc2626" />
      ))}
      <Pin at={place(pickup)} label="P" color="#16a34a" />
    </svg>
  );
}

/** The map widget's fallback: pickup P to delivery D, with the distance. */
export function StaticPickupToDelivery({ distance, pickupAddress, deliveryAddress }: { distance: string; pickupAddress: string; deliveryAddress: string }) {
  return (
    <figure className="rounded-md border border-slate-200 bg-slate-50 p-4" data-testid="static-p-to-d">
      <svg viewBox="0 0 320 60" role="img" aria-label={`Pickup to delivery: ${distance}`} className="w-full">
        <line x1="36" y1="30" x2="284" y2="30" stroke="#94a3b8" strokeWidth="3" strokeDasharray="6 6" />
        <Pin at={[24, 30]} label="P" color="#16a34a" />
        <Pin at={[296, 30]} label="D" color="#dc2626" />
        <text x="160" y="22" textAnchor="middle" fontSize="13" fontWeight="600" fill="#0f172a">
          {distance}
        </text>
      </svg>
      <figcaption className="mt-2 grid gap-1 text-xs text-slate-600 sm:grid-cols-2">
        <span>
          <strong className="text-emerald-700">P</strong> {pickupAddress}
        </span>
        <span className="sm:text-right">
          <strong className="text-red-700">D</strong> {deliveryAddress}
        </span>
      </figcaption>
    </figure>
  );
}
