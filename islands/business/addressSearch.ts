/// <reference types="google.maps" />
/**
 * Where the business address field's suggestions come from (decision B8): the places this
 * business has delivered to (GET /api/places/suggestions, no maps service needed), then,
 * while the maps service works, its US places.
 */
import type { ChosenPlace } from '../../src/domain/places';
import { apiRequest } from '../lib/api';
import { MapsUnavailableError } from '../lib/maps';
import { mapsPredictions } from './maps';
import { mergeSuggestions, type AddressSuggestion } from './suggestions';

/** The maps service is asked from this many characters on; past addresses from the first. */
const MAPS_MIN_CHARS = 3;

export interface MapsSearch {
  key: string;
  session: { token?: google.maps.places.AutocompleteSessionToken };
  /** The service cannot be used (no load, key refused): it is not asked again. */
  onUnavailable: () => void;
}

/**
 * Searches text and answers twice: with the past addresses (a failure is none), then with
 * the maps service's places added (none without maps, under MAPS_MIN_CHARS, or on failure).
 * Both are asked at once, so the first answer does not wait for the maps service.
 */
export async function searchAddresses(text: string, maps: MapsSearch | null, answer: (items: AddressSuggestion[], complete: boolean) => void): Promise<void> {
  const query = text.trim();
  const own = pastAddresses(query);
  const fromMaps = maps && query.length >= MAPS_MIN_CHARS ? mapsPlaces(query, maps) : Promise.resolve([]);
  const past = await own;
  answer(past, false);
  answer(mergeSuggestions(past, await fromMaps), true);
}

function pastAddresses(query: string): Promise<AddressSuggestion[]> {
  return apiRequest<ChosenPlace[]>('GET', `/api/places/suggestions?q=${encodeURIComponent(query)}`).then(
    (places) => places.map((place, index) => ({ key: `h${index}`, description: place.description, source: 'history', choose: async () => place })),
    () => [],
  );
}

function mapsPlaces(query: string, maps: MapsSearch): Promise<AddressSuggestion[]> {
  return mapsPredictions(maps.key, query, maps.session).then(
    (predictions) => predictions.map((prediction, index) => ({ key: `m${index}`, source: 'maps', ...prediction })),
    (failure: unknown) => {
      // Past addresses keep working without it.
      if (failure instanceof MapsUnavailableError) maps.onUnavailable();
      return [];
    },
  );
}
