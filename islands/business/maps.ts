/// <reference types="google.maps" />
/**
 * The maps service in the browser (spec 2 §2.11–2.14, spec 1 §7.9): loaded only when a
 * browser key is configured and a widget asks for it, with up to 3 retries (n × 2^n ms
 * before the n-th). An authentication refusal (gm_authFailure) and load failures become
 * MapsUnavailableError, so every caller can fall back to what works without the service.
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import type { LatLng } from '../../src/domain/geo';
import type { ChosenPlace } from '../../src/domain/places';

export const MAPS_RETRIES = 3;
export const MAPS_NOT_CONFIGURED =
  'The maps service is not properly configured. Please check the API key and make sure billing is enabled for the project.';
export const MAPS_NOT_LOADED = 'The maps service could not be loaded.';

export class MapsUnavailableError extends Error {
  constructor(readonly reason: 'auth' | 'load') {
    super(reason === 'auth' ? MAPS_NOT_CONFIGURED : MAPS_NOT_LOADED);
    this.name = 'MapsUnavailableError';
  }
}

let configured = false;
let authFailed = false;
const authListeners = new Set<() => void>();

function configure(key: string): void {
  if (configured) return;
  configured = true;
  // The maps script calls this global when the key is refused (wrong key, no billing).
  (window as unknown as { gm_authFailure: () => void }).gm_authFailure = () => {
    authFailed = true;
    for (const listener of authListeners) listener();
  };
  setOptions({ key, v: 'weekly' });
}

/** Called if the service refuses the key later (it may load first and refuse on use). */
export function onMapsAuthFailure(listener: () => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}

const pause = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export async function loadMapsLibrary<Name extends keyof google.maps.ImportLibraryMap>(key: string, name: Name): Promise<google.maps.ImportLibraryMap[Name]> {
  configure(key);
  for (let attempt = 0; ; attempt++) {
    if (authFailed) throw new MapsUnavailableError('auth');
    try {
      return (await importLibrary(name)) as google.maps.ImportLibraryMap[Name];
    } catch {
      if (attempt >= MAPS_RETRIES) throw new MapsUnavailableError('load');
      const n = attempt + 1;
      await pause(n * 2 ** n);
    }
  }
}

export interface MapsPrediction {
  description: string;
  choose: () => Promise<ChosenPlace | null>;
}

const component = (place: google.maps.places.Place, type: string) => place.addressComponents?.find((part) => part.types.includes(type));

/** Reads a chosen place: street number + route, locality, first-level area, postal code and location; none without a location. */
function readPlace(place: google.maps.places.Place, description: string): ChosenPlace | null {
  const location = place.location;
  if (!location) return null;
  const house = component(place, 'street_number')?.longText ?? null;
  const route = component(place, 'route')?.longText ?? '';
  return {
    description: place.formattedAddress ?? description,
    street: [house, route].filter(Boolean).join(' '),
    house,
    city: (component(place, 'locality') ?? component(place, 'sublocality') ?? component(place, 'postal_town'))?.longText ?? '',
    state: component(place, 'administrative_area_level_1')?.longText ?? '',
    zip: component(place, 'postal_code')?.longText ?? '',
    latitude: location.lat(),
    longitude: location.lng(),
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

/** Draws markers and a path on a new map in element (spec 2 §2.13, §2.14). */
export async function drawMap(
  key: string,
  element: HTMLElement,
  options: { zoom: number; markers: Array<{ point: LatLng; label: string; color: 'green' | 'red'; title: string }>; path: LatLng[] },
): Promise<google.maps.Map> {
  const [{ Map, Polyline }, { Marker }] = await Promise.all([loadMapsLibrary(key, 'maps'), loadMapsLibrary(key, 'marker')]);
  const map = new Map(element, { zoom: options.zoom, center: toLatLng(options.markers[0]?.point ?? options.path[0]), disableDefaultUI: true, zoomControl: true });
  for (const marker of options.markers) {
    new Marker({
      map,
      position: toLatLng(marker.point),
      title: marker.title,
      label: { text: marker.label, color: '#ffffff', fontWeight: '600' },
      icon: { path: 0 /* google.maps.SymbolPath.CIRCLE */, scale: 12, fillColor: marker.color === 'green' ? '#16a34a' : '#dc2626', fillOpacity: 1, strokeColor: '#ffffff', strokeWeight: 2 },
    });
  }
  if (options.path.length > 1) new Polyline({ map, path: options.path.map(toLatLng), strokeColor: '#1d63db', strokeWeight: 4, strokeOpacity: 0.85 });
  return map;
}
