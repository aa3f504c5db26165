/**
 * The route as a drawing (spec 3-courier-area.md §2.14's static fallback): pickup (P) and delivery (D),
 * or the numbered stops, placed by their coordinates, with the distance. The maps
 * service cannot be reached from every phone; this always works.
 */
import { estimatedRoadMiles, type LatLng } from '../../../src/domain/geo';
import type { CourierOrder } from './types';

const WIDTH = 320;
const HEIGHT = 150;
const PAD = 22;

interface Point extends LatLng {
  label: string;
}

function placesOf(order: CourierOrder): { pickup: Point | null; drops: Point[] } {
  const pickup = order.pickupLatitude != null && order.pickupLongitude != null ? { lat: order.pickupLatitude, lng: order.pickupLongitude, label: 'P' } : null;
  const drops = order.stops.length
    ? order.stops.filter((stop) => stop.latitude != null && stop.longitude != null).map((stop) => ({ lat: stop.latitude!, lng: stop.longitude!, label: String(stop.sequence) }))
    : order.customerLatitude != null && order.customerLongitude != null
      ? [{ lat: order.customerLatitude, lng: order.customerLongitude, label: 'D' }]
      : [];
  return { pickup, drops };
}

/** "3.4 mi", or "6.1 mi (multi-stop)"; the stored route distance when there is one. */
export function routeDistance(order: CourierOrder): string | null {
  const { pickup, drops } = placesOf(order);
  const miles = order.totalDistanceMiles ?? (pickup && drops.length ? estimatedRoadMiles([pickup, ...drops]) : null);
  if (miles == null) return null;
  return `${miles.toFixed(1)} mi${order.stops.length > 1 ? ' (multi-stop)' : ''}`;
}

export function RouteMap({ order }: { order: CourierOrder }) {
  const { pickup, drops } = placesOf(order);
  const points = pickup ? [pickup, ...drops] : drops;
  const distance = routeDistance(order);
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const span = Math.max(Math.max(...lats) - Math.min(...lats), Math.max(...lngs) - Math.min(...lngs), 0.005);
  const x = (lng: number) => PAD + ((lng - Math.min(...lngs)) / span) * (WIDTH - 2 * PAD);
  const y = (lat: number) => HEIGHT - PAD - ((lat - Math.min(...lats)) / span) * (HEIGHT - 2 * PAD);
  const label = `Route map: pickup at ${order.restaurantName}, ${order.stops.length > 1 ? `${order.stops.length} stops` : 'one drop-off'}${distance ? `, ${distance}` : ''}`;
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {points.length >= 2 ? (
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-36 w-full" role="img" aria-label={label}>
          <polyline
            points={points.map((point) => `${x(point.lng)},${y(point.lat)}`).join(' ')}
            fill="none"
            stroke="#1d63db"
            strokeWidth="2.5"
            strokeDasharray="6 5"
          />
          {points.map((point, i) => (
            <g key={i}>
              <circle cx={x(point.lng)} cy={y(point.lat)} r="11" fill={point.label === 'P' ? '#059669' : '#dc2626'} />
              <text x={x(point.lng)} y={y(point.lat) + 4} textAnchor="middle" fontSize="11" fontWeight="700" fill="white">
                {point.label}
              </text>
            </g>
          ))}
        </svg>
      ) : (
        <div className="flex h-24 items-center justify-center gap-3 text-sm font-semibold text-slate-600" role="img" aria-label={label}>
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-emerald-600 text-white">P</span>
          <span className="h-0.5 w-24 border-t-2 border-dashed border-brand-600" />
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-red-600 text-white">D</span>
        </div>
      )}
      {distance ? <figcaption className="border-t border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700">Distance: {distance}</figcaption> : null}
    </figure>
  );
}
