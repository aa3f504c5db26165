/**
 * The route on the courier's screens (spec 3-courier-area.md §2.14; issue 13): pickup (P) and delivery
 * (D), or the numbered stops, placed by their coordinates, with the distance. The open
 * map over MAP_TILES_URL when its tiles load; the labelled schematic until then and
 * whenever they cannot (phones lose their network). A drop-off known only by its ZIP
 * code's centre is marked, and the caption says "approximate location".
 */
import { estimatedRoadMiles } from '../../../src/domain/geo';
import { APPROXIMATE_LOCATION, isApproximate } from '../../../src/domain/location';
import type { OpenMapConfig } from '../../../src/domain/mapTiles';
import { approximateTitle, type MapMarker } from '../openMap/markers';
import { OpenMap } from '../openMap/OpenMap';
import { Schematic } from '../openMap/Schematic';
import type { CourierOrder } from './types';

function markersOf(order: CourierOrder): MapMarker[] {
  const pickup: MapMarker[] =
    order.pickupLatitude != null && order.pickupLongitude != null
      ? [
          {
            key: 'pickup',
            point: { lat: order.pickupLatitude, lng: order.pickupLongitude },
            kind: 'pickup',
            label: 'P',
            title: approximateTitle(`Pickup: ${order.restaurantName}`, isApproximate(order.pickupLocationPrecision)),
            approximate: isApproximate(order.pickupLocationPrecision),
          },
        ]
      : [];
  const drops: MapMarker[] = order.stops.length
    ? order.stops.flatMap((stop) =>
        stop.latitude != null && stop.longitude != null
          ? [
              {
                key: `stop-${stop.id}`,
                point: { lat: stop.latitude, lng: stop.longitude },
                kind: 'stop' as const,
                label: String(stop.sequence),
                title: approximateTitle(`Stop ${stop.sequence}: ${stop.customerName}`, isApproximate(stop.locationPrecision)),
                approximate: isApproximate(stop.locationPrecision),
              },
            ]
          : [],
      )
    : order.customerLatitude != null && order.customerLongitude != null
      ? [
          {
            key: 'delivery',
            point: { lat: order.customerLatitude, lng: order.customerLongitude },
            kind: 'stop',
            label: 'D',
            title: approximateTitle(`Delivery: ${order.customerName}`, isApproximate(order.customerLocationPrecision)),
            approximate: isApproximate(order.customerLocationPrecision),
          },
        ]
      : [];
  return [...pickup, ...drops];
}

/** The route's miles in the order the courier drives it: after they reordered its stops, that route's, else the priced one. */
export const drivenMiles = (order: CourierOrder) => order.routeMiles ?? order.totalDistanceMiles;

/** "3.4 mi", or "6.1 mi (multi-stop)"; the stored route distance when there is one. */
export function routeDistance(order: CourierOrder): string | null {
  const markers = markersOf(order);
  const placed = markers.length >= 2 && markers[0].kind === 'pickup';
  const miles = drivenMiles(order) ?? (placed ? estimatedRoadMiles(markers.map((marker) => marker.point)) : null);
  if (miles == null) return null;
  return `${miles.toFixed(1)} mi${order.stops.length > 1 ? ' (multi-stop)' : ''}`;
}

export function RouteMap({ order, openMap }: { order: CourierOrder; openMap: OpenMapConfig }) {
  const markers = markersOf(order);
  const distance = routeDistance(order);
  const approximate = markers.some((marker) => marker.approximate);
  const label = `Route map: pickup at ${order.restaurantName}, ${order.stops.length > 1 ? `${order.stops.length} stops` : 'one drop-off'}${distance ? `, ${distance}` : ''}`;
  const line = [{ key: 'route', points: markers.map((marker) => marker.point), color: '#1d63db', dashed: true }];
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {markers.length >= 2 ? (
        <OpenMap
          config={openMap}
          markers={markers}
          lines={line}
          label={label}
          schematic={<Schematic markers={markers} lines={line} label={label} width={320} height={150} className="h-36 w-full" />}
          tilesClassName="h-48"
        />
      ) : (
        <div className="flex h-24 items-center justify-center gap-3 text-sm font-semibold text-slate-600" role="img" aria-label={label}>
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-emerald-600 text-white">P</span>
          <span className="h-0.5 w-24 border-t-2 border-dashed border-brand-600" />
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-red-600 text-white">D</span>
        </div>
      )}
      {distance || approximate ? (
        <figcaption className="border-t border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700">
          {distance ? `Distance: ${distance}` : null}
          {approximate ? (
            <span
              className="block text-xs text-amber-800"
              data-approximate-location=""
            >{`A place is shown at its ZIP code's centre (${APPROXIMATE_LOCATION}).`}</span>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
