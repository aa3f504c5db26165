/// <reference types="google.maps" />
/**
 * The maps service's Places library, loaded once per page with
 * @googlemaps/js-api-loader. A script that fails to load is retried 3 times, waiting
 * n × 2^n ms before the n-th retry (spec 1 §7.9, §9); after that the promise rejects and
 * callers fall back to plain text (spec 1 §8.6).
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';

export const MAPS_RETRIES = 3;
export const retryDelayMs = (retry: number) => retry * 2 ** retry;

let places: Promise<google.maps.PlacesLibrary> | null = null;

export function loadPlaces(apiKey: string): Promise<google.maps.PlacesLibrary> {
  places ??= (async () => {
    setOptions({ key: apiKey, v: 'weekly' });
    for (let retry = 0; ; retry++) {
      try {
        // After a failed script, the loader injects a fresh one on the next import.
        return await importLibrary('places');
      } catch (error) {
        if (retry >= MAPS_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(retry + 1)));
      }
    }
  })();
  return places;
}
