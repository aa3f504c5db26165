/// <reference types="google.maps" />
/**
 * The map widget (spec 2-business-area.md §2.14): pickup P and delivery D on a map (zoom 12) with the
 * driving distance and duration. Without the maps service, the open map over
 * MAP_TILES_URL when both places are known; the static P to D illustration with a
 * distance under the rules of spec 2-business-area.md §9.6 until its tiles load, when they cannot, and
 * when the maps service fails. When directions fail, the straight line is drawn and its
 * distance used.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { METERS_PER_MILE, type LatLng } from '../src/domain/geo';
import { APPROXIMATE_LOCATION, isApproximate, type LocationPrecision } from '../src/domain/location';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import { geocodeQuery, pseudoRandomNear, widgetDistance } from '../src/domain/mapWidget';
import { drawMap } from './business/maps';
import { loadMapsLibrary, MAPS_NOT_CONFIGURED, MapsUnavailableError, onMapsAuthFailure } from './lib/maps';
import { approximateTitle, type MapMarker } from './lib/openMap/markers';
import { OpenMap } from './lib/openMap/OpenMap';
import { StaticPickupToDelivery } from './business/StaticMaps';

export interface MapWidgetProps {
  apiKey: string | null;
  openMap: OpenMapConfig;
  pickup: { address: string; point: LatLng | null; precision?: LocationPrecision };
  delivery: { address: string; point: LatLng | null; precision?: LocationPrecision };
  /** A multi-stop order's route distance, shown as 'X.X mi (multi-stop)'. */
  multiStopMiles: number | null;
}

export const MAP_WIDGET_ZOOM = 12;
const MAP_FAILED = 'Could not load the map. Please check addresses.';

type View = { kind: 'static' } | { kind: 'loading' } | { kind: 'map'; distance: string; duration: string | null } | { kind: 'failed'; message: string };

/** The address's coordinates from the geocoder, else a fixed point near the service centre (spec 2-business-area.md §9.6). */
async function locate(key: string, address: string): Promise<LatLng> {
  try {
    const { Geocoder } = await loadMapsLibrary(key, 'geocoding');
    const { results } = await new Geocoder().geocode({ address: geocodeQuery(address) });
    const location = results[0]?.geometry.location;
    if (location) return { lat: location.lat(), lng: location.lng() };
  } catch (error) {
    if (error instanceof MapsUnavailableError) throw error;
  }
  return pseudoRandomNear(address);
}

export default function MapWidget({ apiKey, openMap, pickup, delivery, multiStopMiles }: MapWidgetProps) {
  const [view, setView] = useState<View>(apiKey ? { kind: 'loading' } : { kind: 'static' });
  const mapElement = useRef<HTMLDivElement>(null);
  const fallback = widgetDistance({
    pickupAddress: pickup.address,
    deliveryAddress: delivery.address,
    pickup: pickup.point,
    delivery: delivery.point,
    multiStopMiles,
  });
  const approximate = isApproximate(pickup.precision) || isApproximate(delivery.precision);
  const markers = useMemo<MapMarker[] | null>(
    () =>
      pickup.point && delivery.point
        ? [
            {
              key: 'pickup',
              point: pickup.point,
              kind: 'pickup',
              label: 'P',
              title: approximateTitle(`Pickup: ${pickup.address}`, isApproximate(pickup.precision)),
              approximate: isApproximate(pickup.precision),
            },
            {
              key: 'delivery',
              point: delivery.point,
              kind: 'stop',
              label: 'D',
              title: approximateTitle(`Delivery: ${delivery.address}`, isApproximate(delivery.precision)),
              approximate: isApproximate(delivery.precision),
            },
          ]
        : null,
    [pickup.point, pickup.address, pickup.precision, delivery.point, delivery.address, delivery.precision],
  );

  useEffect(() => {
    if (!apiKey) return;
    let live = true;
    const show = (next: View) => live && setView(next);
    const stopListening = onMapsAuthFailure(() => show({ kind: 'failed', message: MAPS_NOT_CONFIGURED }));
    void (async () => {
      try {
        const [from, to] = await Promise.all([pickup.point ?? locate(apiKey, pickup.address), delivery.point ?? locate(apiKey, delivery.address)]);
        let path: LatLng[] = [from, to];
        let distance = widgetDistance({ pickupAddress: pickup.address, deliveryAddress: delivery.address, pickup: from, delivery: to, multiStopMiles }).label;
        let duration: string | null = null;
        try {
          const { DirectionsService } = await loadMapsLibrary(apiKey, 'routes');
          const result = await new DirectionsService().route({ origin: from, destination: to, travelMode: 'DRIVING' as google.maps.TravelMode });
          const route = result.routes[0];
          const leg = route?.legs[0];
          if (route && leg?.distance) {
            path = route.overview_path.map((point) => ({ lat: point.lat(), lng: point.lng() }));
            distance = multiStopMiles != null ? distance : `${(leg.distance.value / METERS_PER_MILE).toFixed(1)} mi`;
            duration = leg.duration?.text ?? null;
          }
        } catch (error) {
          // Directions failed: the straight line stays, with its distance.
          if (error instanceof MapsUnavailableError) throw error;
        }
        if (!live || !mapElement.current) return;
        await drawMap(apiKey, mapElement.current, {
          zoom: MAP_WIDGET_ZOOM,
          markers: [
            { point: from, label: 'P', color: 'green', title: `Pickup: ${pickup.address}` },
            { point: to, label: 'D', color: 'red', title: `Delivery: ${delivery.address}` },
          ],
          path,
        });
        show({ kind: 'map', distance, duration });
      } catch (error) {
        show({ kind: 'failed', message: error instanceof MapsUnavailableError ? error.message : MAP_FAILED });
      }
    })();
    return () => {
      live = false;
      stopListening();
    };
  }, [apiKey, pickup.address, pickup.point, delivery.address, delivery.point, multiStopMiles]);

  const illustration = <StaticPickupToDelivery distance={fallback.label} pickupAddress={pickup.address} deliveryAddress={delivery.address} />;
  const note = approximate ? (
    <p className="text-xs text-amber-800" data-approximate-location="">
      {`Placed at its ZIP code's centre (${APPROXIMATE_LOCATION}): the distance is approximate.`}
    </p>
  ) : null;
  if (view.kind === 'static') {
    if (!markers)
      return (
        <div className="space-y-2" data-map-widget="static">
          {illustration}
          {note}
        </div>
      );
    const line = [{ key: 'p-to-d', points: markers.map((marker) => marker.point), color: '#1d63db', dashed: true }];
    return (
      <div className="space-y-2" data-map-widget="static">
        <OpenMap
          config={openMap}
          markers={markers}
          lines={line}
          label={`Pickup to delivery: ${fallback.label}`}
          schematic={illustration}
          tilesClassName="h-56 overflow-hidden rounded-md border border-slate-200"
          caption={<p className="text-sm font-medium text-slate-700">{fallback.label}</p>}
        />
        {note}
      </div>
    );
  }
  const mapShown = view.kind === 'loading' || view.kind === 'map';
  return (
    <div className="space-y-2" data-map-widget={view.kind}>
      {mapShown ? (
        <div className="relative h-56 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
          <div ref={mapElement} className="h-full w-full" />
          {view.kind === 'loading' ? <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">Loading map...</p> : null}
        </div>
      ) : (
        <>
          {view.kind === 'failed' ? (
            <p role="status" className="text-xs text-amber-800">
              {view.message}
            </p>
          ) : null}
          {illustration}
        </>
      )}
      {view.kind === 'map' ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">{view.distance}</span>
          {view.duration ? <span className="text-slate-500"> · {view.duration} driving</span> : null}
        </p>
      ) : null}
    </div>
  );
}
