/// <reference types="google.maps" />
/**
 * The business area's use of the maps service: US address predictions for its address
 * fields, and maps with markers and a path (spec 2-business-area.md §2.11–2.14). Loading the service is
 * islands/lib/maps.ts.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '../../src/domain/geo';
import type { ChosenPlace } from '../../src/domain/places';
import { loadMapsLibrary, onMapsAuthFailure } from '../lib/maps';

/**
 * The browser key while the maps service works: null without a key, and from the moment
 * the service fails to load or refuses the key. The forms then switch their address
 * fields to typed parts (islands/business/address.ts). The second value reports a
 * failure found while using the service.
 */
export function useMapsKey(key: string | null): [string | null, () => void] {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!key) return;
    let live = true;
    const fail = () => live && setDown(true);
    const stopListening = onMapsAuthFailure(fail);
    loadMapsLibrary(key, 'places').catch(fail);
    return () => {
      live = false;
      stopListening();
    };
  }, [key]);
  return [key && !down ? key : null, useCallback(() => setDown(true), [])];
}

/**
 * Tells a form when its addresses become typed parts (useMapsKey answered null, at once or
 * once the service failed), so that what was typed in each becomes its street (toTyped).
 */
export function useAddressesTyped(typed: boolean, dispatch: (action: { type: 'addressesTyped' }) => void): void {
  useEffect(() => {
    if (typed) dispatch({ type: 'addressesTyped' });
  }, [typed, dispatch]);
}

export interface MapsPrediction {
  description: string;
  choose: () => Promise<ChosenPlace | null>;
}

const component = (place: google.maps.places.Place, type: string) => place.addressComponents?.find((part) => part.types.includes(type));

/** Reads a chosen place: street number + route, unit, locality, first-level area, postal code and location; none without a location. */
function readPlace(place: google.maps.places.Place, description: string): ChosenPlace | null {
  const location = place.location;
  if (!location) return null;
  const house = component(place, 'street_number')?.longText ?? null;
  const route = component(place, 'route')?.longText ?? '';
  return {
    description: place.formattedAddress ?? description,
    street: [house, route].filter(Boolean).join(' '),
    house,
    apartment: component(place, 'subpremise')?.longText ?? '',
    city: (component(place, 'locality') ?? component(place, 'sublocality') ?? component(place, 'postal_town'))?.longText ?? '',
    state: component(place, 'administrative_area_level_1')?.longText ?? '',
    zip: component(place, 'postal_code')?.longText ?? '',
    latitude: location.lat(),
    longitude: location.lng(),
    precision: 'address',
  };
}

/** US address suggestions from the maps service for the text typed so far. */
export async function mapsPredictions(key: string, input: string, session: { token?: google.maps.places.AutocompleteSessionToken }): Promise<MapsPrediction[]> {
  const { AutocompleteSuggestion, AutocompleteSessionToken } = await loadMapsLibrary(key, 'places');
  session.token ??= new AutocompleteSessionToken();
  const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({ input, sessionToken: session.token, includedRegionCodes: ['us'] });
  return suggestions.flatMap((suggestion) => {
    const prediction = suggestion.placePrediction;
    if (!prediction) return [];
    const description = prediction.text.text;
    return [
      {
        description,
        choose: async () => {
          session.token = undefined; // a choice ends the billing session
          const { place } = await prediction.toPlace().fetchFields({ fields: ['addressComponents', 'formattedAddress', 'location'] });
          return readPlace(place, description);
        },
      },
    ];
  });
}

const toLatLng = (point: LatLng) => ({ lat: point.lat, lng: point.lng });

/** Draws markers and a path on a new map in element (spec 2-business-area.md §2.13, §2.14). */
export async function drawMap(
  key: string,
  element: HTMLElement,
  options: { zoom: number; markers: Array<{ point: LatLng; label: string; color: 'green' | 'red'; title: string }>; path: LatLng[] },
): Promise<google.maps.Map> {
  const [{ Map, Polyline }, { Marker }] = await Promise.all([loadMapsLibrary(key, 'maps'), loadMapsLibrary(key, 'marker')]);
  const map = new Map(element, {
    zoom: options.zoom,
    center: toLatLng(options.markers[0]?.point ?? options.path[0]),
    disableDefaultUI: true,
    zoomControl: true,
  });
  for (const marker of options.markers) {
    new Marker({
      map,
      position: toLatLng(marker.point),
      title: marker.title,
      label: { text: marker.label, color: '#ffffff', fontWeight: '600' },
      icon: {
        path: 0 /* google.maps.SymbolPath.CIRCLE */,
        scale: 12,
        fillColor: marker.color === 'green' ? '#16a34a' : '#dc2626',
        fillOpacity: 1,
        strokeColor: '#ffffff',
        strokeWeight: 2,
      },
    });
  }
  if (options.path.length > 1) new Polyline({ map, path: options.path.map(toLatLng), strokeColor: '#1d63db', strokeWeight: 4, strokeOpacity: 0.85 });
  return map;
}
