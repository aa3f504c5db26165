/**
 * Loading the maps service in the browser (spec 1 §7.9, §9): only with a configured key,
 * retried up to 3 times, waiting n × 2^n ms before the n-th retry. Callers treat a
 * rejection as "the maps service is unavailable" and show their fallback.
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';

export const MAPS_RETRIES = 3;

let configuredKey: string | null = null;

/** The delay before the n-th retry (n from 1): n × 2^n ms. */
export const retryDelay = (n: number) => n * 2 ** n;

export async function loadMapsLibrary<Name extends keyof google.maps.ImportLibraryMap>(
  apiKey: string,
  name: Name,
): Promise<google.maps.ImportLibraryMap[Name]> {
  if (configuredKey !== apiKey) {
    if (configuredKey === null) setOptions({ key: apiKey, v: 'weekly' });
    configuredKey = apiKey;
  }
  let lastError: unknown;
  for (let attempt = 0; attempt <= MAPS_RETRIES; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
    try {
      return await importLibrary(name);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('The maps service could not be loaded');
}
