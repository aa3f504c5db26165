/**
 * Calls to the map services the server uses (the maps service's routing and geocoding,
 * the Census geocoder): each with a deadline, so a slow service costs seconds, never a
 * hung request. The caller gives the fetch: a request's waits for its session check
 * (src/http/effects.ts), tests pass their own.
 */

export interface MapsServer {
  /** MAPS_SERVER_KEY; without it nothing is sent to the maps service. */
  key?: string;
  /** Where the Routes API answers (MAPS_ROUTES_ORIGIN; tests point it at a fake server). */
  routesOrigin?: string;
  fetch: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 4000;

export async function callMaps(maps: Pick<MapsServer, 'fetch' | 'timeoutMs'>, url: string, init: RequestInit): Promise<unknown> {
  const response = await maps.fetch(url, { ...init, signal: AbortSignal.timeout(maps.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  return response.json();
}
