/**
 * A stand-in for the maps service's browser script, served by the tests in place of
 * https://maps.googleapis.com/maps/api/js (Playwright page.route): just enough of
 * google.maps for the islands' integration code, recording every call in
 * window.__fakeMaps so tests can check what was drawn and asked.
 */
import type { Page } from '@playwright/test';

export interface FakeMapsLog {
  maps: Array<{ zoom: number; center: { lat: number; lng: number } }>;
  markers: Array<{ label: string; title: string; color: string; position: { lat: number; lng: number } }>;
  polylines: Array<{ path: Array<{ lat: number; lng: number }> }>;
  directions: Array<{ origin: { lat: number; lng: number }; destination: { lat: number; lng: number } }>;
  geocodes: string[];
  autocomplete: Array<{ input: string; includedRegionCodes: string[] }>;
}

/** The script. `authFailure` makes it refuse the key the way the real one does (gm_authFailure). */
function fakeMapsScript(options: { authFailure?: boolean }): string {
  return `(() => {
  const log = (window.__fakeMaps = window.__fakeMaps || { maps: [], markers: [], polylines: [], directions: [], geocodes: [], autocomplete: [] });
  class LatLng {
    constructor(lat, lng) { this._lat = lat; this._lng = lng; }
    lat() { return this._lat; }
    lng() { return this._lng; }
  }
  const plain = (point) => (typeof point.lat === 'function' ? { lat: point.lat(), lng: point.lng() } : { lat: point.lat, lng: point.lng });
  class FakeMap {
    constructor(element, options) {
      element.setAttribute('data-fake-map', String(options.zoom));
      element.textContent = 'map';
      log.maps.push({ zoom: options.zoom, center: plain(options.center) });
    }
  }
  class Marker {
    constructor(options) {
      log.markers.push({ label: options.label.text, title: options.title, color: options.icon.fillColor, position: plain(options.position) });
    }
  }
  class Polyline {
    constructor(options) { log.polylines.push({ path: options.path.map(plain) }); }
  }
  class Geocoder {
    async geocode(request) {
      log.geocodes.push(request.address);
      return { results: [{ geometry: { location: new LatLng(27.95, -82.46) } }] };
    }
  }
  class DirectionsService {
    async route(request) {
      log.directions.push({ origin: plain(request.origin), destination: plain(request.destination) });
      if (window.__fakeDirectionsFail) throw new Error('ZERO_RESULTS');
      return { routes: [{ overview_path: [new LatLng(request.origin.lat, request.origin.lng), new LatLng(27.95, -82.47), new LatLng(request.destination.lat, request.destination.lng)],
        legs: [{ distance: { value: 8046.72 }, duration: { text: '14 mins' } }] }] };
    }
  }
  const PLACES = [
    { text: '100 Main St, Tampa, FL 33602, USA', lat: 27.9471, lng: -82.4588,
      parts: [['street_number', '100'], ['route', 'Main Street'], ['locality', 'Tampa'], ['administrative_area_level_1', 'Florida', 'FL'], ['postal_code', '33602']] },
    { text: '200 Main Ave, Brandon, FL 33511, USA', lat: 27.9378, lng: -82.2859,
      parts: [['street_number', '200'], ['route', 'Main Avenue'], ['locality', 'Brandon'], ['administrative_area_level_1', 'Florida', 'FL'], ['postal_code', '33511']] },
  ];
  class AutocompleteSessionToken {}
  class AutocompleteSuggestion {
    static async fetchAutocompleteSuggestions(request) {
      log.autocomplete.push({ input: request.input, includedRegionCodes: request.includedRegionCodes });
      const found = PLACES.filter((place) => place.text.toLowerCase().includes(request.input.toLowerCase()));
      return { suggestions: found.map((place) => ({ placePrediction: { text: { text: place.text }, toPlace: () => ({
        fetchFields: async () => ({ place: { formattedAddress: place.text, location: new LatLng(place.lat, place.lng),
          addressComponents: place.parts.map(([type, longText, shortText]) => ({ types: [type], longText, shortText: shortText || longText })) } }),
      }) } })) };
    }
  }
  const libraries = { core: { LatLng }, maps: { Map: FakeMap, Polyline }, marker: { Marker }, geocoding: { Geocoder }, routes: { DirectionsService },
    places: { AutocompleteSuggestion, AutocompleteSessionToken } };
  // The loader keeps a reference to google.maps: add to it rather than replace it.
  Object.assign(window.google.maps, { LatLng, importLibrary: async (name) => libraries[name] });
  window.google.maps.__ib__();
  ${options.authFailure ? 'setTimeout(() => window.gm_authFailure && window.gm_authFailure(), 50);' : ''}
})();`;
}

/** Serves the fake for every request of the maps script; returns how many requests were made. */
export async function serveFakeMaps(page: Page, options: { authFailure?: boolean; unreachable?: boolean } = {}): Promise<() => number> {
  let requests = 0;
  await page.route('https://maps.googleapis.com/maps/api/js**', (route) => {
    requests++;
    if (options.unreachable) return route.abort('connectionrefused');
    return route.fulfill({ contentType: 'text/javascript', body: fakeMapsScript(options) });
  });
  return () => requests;
}

export const fakeMapsLog = (page: Page) => page.evaluate(() => (window as unknown as { __fakeMaps?: FakeMapsLog }).__fakeMaps ?? null);
