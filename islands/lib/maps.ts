/// <reference types="google.maps" />
/**
 * The maps service in the browser (spec 1-foundations-and-admin.md §7.9, §9; spec 2-business-area.md §2.11–2.14), shared by every
 * area: loaded only when a browser key is configured and a widget asks for it, with up
 * to 3 retries (n × 2^n ms before the n-th). An authentication refusal (gm_authFailure)
 * and load failures become MapsUnavailableError, so every caller can fall back to what
 * works without the service.
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';

export const MAPS_RETRIES = 3;
export const MAPS_NOT_CONFIGURED = 'The maps service is not properly configured. Please check the API key and make sure billing is enabled for the project.';
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
