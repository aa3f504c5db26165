/**
 * The map widget (spec 2-business-area.md §2.14): pickup P and delivery D on a map (zoom 12) with the
 * driving distance and duration. Without the maps service, the open map over
 * MAP_TILES_URL when both places are known; the static P to D illustration with a
 * distance under the rules of spec 2-business-area.md §9.6 until its tiles load, when they cannot, and
 * when the maps service fails. When directions fail, the straight line is drawn and its
 * distance used (business/drivingMap.ts).
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { APPROXIMATE_LOCATION } from '../src/domain/location';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import { widgetDistance } from '../src/domain/mapWidget';
import { drivingRoute, failureMessage } from './business/drivingMap';
import { drawMap } from './business/maps';
import { isEitherApproximate, pickupDeliveryLine, pickupDeliveryMarkers, type WidgetPlace } from './business/pickupAndDelivery';
import { StaticPickupToDelivery } from './business/StaticMaps';
import { MAPS_NOT_CONFIGURED, onMapsAuthFailure } from './lib/maps';
import { OpenMap } from './lib/openMap/OpenMap';

export interface MapWidgetProps {
  apiKey: string | null;
  openMap: OpenMapConfig;
  pickup: WidgetPlace;
  delivery: WidgetPlace;
  /** A multi-stop order's route distance, shown as 'X.X mi (multi-stop)'. */
  multiStopMiles: number | null;
}

export const MAP_WIDGET_ZOOM = 12;

export default function MapWidget({ apiKey, openMap, pickup, delivery, multiStopMiles }: MapWidgetProps) {
  // The distance without the maps service, for the illustration and the open map.
  const distance = widgetDistance({
    pickupAddress: pickup.address,
    deliveryAddress: delivery.address,
    pickup: pickup.point,
    delivery: delivery.point,
    multiStopMiles,
  }).label;
  const illustration = <StaticPickupToDelivery distance={distance} pickupAddress={pickup.address} deliveryAddress={delivery.address} />;
  if (!apiKey) return <OpenMapWidget config={openMap} pickup={pickup} delivery={delivery} distance={distance} illustration={illustration} />;
  return <DrivingMapWidget apiKey={apiKey} pickup={pickup} delivery={delivery} multiStopMiles={multiStopMiles} illustration={illustration} />;
}

/** Without the maps service: the open map when P and D are both placed, else the illustration. */
function OpenMapWidget({
  config,
  pickup,
  delivery,
  distance,
  illustration,
}: {
  config: OpenMapConfig;
  pickup: WidgetPlace;
  delivery: WidgetPlace;
  distance: string;
  illustration: ReactNode;
}) {
  const markers = pickupDeliveryMarkers(pickup, delivery);
  return (
    <div className="space-y-2" data-map-widget="static">
      {markers ? (
        <OpenMap
          config={config}
          markers={markers}
          lines={pickupDeliveryLine(markers)}
          label={`Pickup to delivery: ${distance}`}
          schematic={illustration}
          tilesClassName="h-56 overflow-hidden rounded-md border border-slate-200"
          caption={<p className="text-sm font-medium text-slate-700">{distance}</p>}
        />
      ) : (
        illustration
      )}
      {isEitherApproximate(pickup, delivery) ? (
        <p className="text-xs text-amber-800" data-approximate-location="">
          {`Placed at its ZIP code's centre (${APPROXIMATE_LOCATION}): the distance is approximate.`}
        </p>
      ) : null}
    </div>
  );
}

type DrivingView = { kind: 'loading' } | { kind: 'map'; distance: string; duration: string | null } | { kind: 'failed'; message: string };

/** With the maps service: the driving route drawn on its map, or why it cannot be and the illustration. */
function DrivingMapWidget({
  apiKey,
  pickup,
  delivery,
  multiStopMiles,
  illustration,
}: {
  apiKey: string;
  pickup: WidgetPlace;
  delivery: WidgetPlace;
  multiStopMiles: number | null;
  illustration: ReactNode;
}) {
  const element = useRef<HTMLDivElement>(null);
  const view = useDrivingMap(apiKey, pickup, delivery, multiStopMiles, element);
  return (
    <div className="space-y-2" data-map-widget={view.kind}>
      {view.kind === 'failed' ? (
        <>
          <p role="status" className="text-xs text-amber-800">
            {view.message}
          </p>
          {illustration}
        </>
      ) : (
        <div className="relative h-56 overflow-hidden rounded-md border border-slate-200 bg-slate-100">
          <div ref={element} className="h-full w-full" />
          {view.kind === 'loading' ? <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">Loading map...</p> : null}
        </div>
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

/** Finds the route (business/drivingMap.ts) and draws it in element; a key refused at any moment fails the map. */
function useDrivingMap(apiKey: string, pickup: WidgetPlace, delivery: WidgetPlace, multiStopMiles: number | null, element: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState<DrivingView>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const show = (next: DrivingView) => live && setView(next);
    const stopListening = onMapsAuthFailure(() => show({ kind: 'failed', message: MAPS_NOT_CONFIGURED }));
    void (async () => {
      try {
        const route = await drivingRoute(apiKey, pickup, delivery, multiStopMiles);
        if (!live || !element.current) return;
        await drawMap(apiKey, element.current, {
          zoom: MAP_WIDGET_ZOOM,
          markers: [
            { point: route.from, label: 'P', color: 'green', title: `Pickup: ${pickup.address}` },
            { point: route.to, label: 'D', color: 'red', title: `Delivery: ${delivery.address}` },
          ],
          path: route.path,
        });
        show({ kind: 'map', distance: route.distance, duration: route.duration });
      } catch (error) {
        show({ kind: 'failed', message: failureMessage(error) });
      }
    })();
    return () => {
      live = false;
      stopListening();
    };
  }, [apiKey, pickup, delivery, multiStopMiles, element]);
  return view;
}
