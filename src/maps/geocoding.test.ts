import { describe, expect, it, vi } from 'vitest';
import { CENSUS_BENCHMARK, censusUrl, GEOCODE_URL, placeAddress, type Geocoder } from './geocoding';

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const CENSUS = 'http://census.test/geocoder';
const TAMPA_33602 = { lat: 27.9614, lng: -82.4597 };
const censusMatch = (x: number, y: number) => ({
  result: { addressMatches: [{ coordinates: { x, y }, matchedAddress: '401 E JACKSON ST, TAMPA, FL, 33602' }] },
});
const googleMatch = (lat: number, lng: number) => ({ status: 'OK', results: [{ geometry: { location: { lat, lng } } }] });

function chain(fetch: Geocoder['fetch'], options: Partial<Geocoder> = {}): Geocoder {
  return { fetch, census: CENSUS, zipCentroid: async (zip) => (zip === '33602' ? TAMPA_33602 : null), ...options };
}

const ADDRESS = '401 E Jackson St, Tampa, FL 33602';

describe('placeAddress', () => {
  it('asks the maps service first when a key is configured, and nothing else when it answers', async () => {
    const fetch = vi.fn(() => answer(googleMatch(27.95123456789, -82.4589)));
    expect(await placeAddress(chain(fetch, { key: 'k' }), ADDRESS)).toEqual({ point: { lat: 27.9512346, lng: -82.4589 }, precision: 'address' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL((fetch.mock.calls[0] as unknown as [string])[0]);
    expect(url.origin + url.pathname).toBe(GEOCODE_URL);
    expect(url.searchParams.get('components')).toBe('country:US');
  });

  it('asks the Census geocoder without a key (x is the longitude)', async () => {
    const fetch = vi.fn(() => answer(censusMatch(-82.45612, 27.95044)));
    expect(await placeAddress(chain(fetch), ADDRESS)).toEqual({ point: { lat: 27.95044, lng: -82.45612 }, precision: 'address' });
    const url = new URL((fetch.mock.calls[0] as unknown as [string])[0]);
    expect(url.origin + url.pathname).toBe(`${CENSUS}/locations/onelineaddress`);
    expect(url.searchParams.get('address')).toBe(ADDRESS);
    expect(url.searchParams.get('benchmark')).toBe(CENSUS_BENCHMARK);
    expect(url.searchParams.get('format')).toBe('json');
  });

  it('goes on to the Census geocoder when the maps service finds nothing or fails', async () => {
    for (const google of [() => answer({ status: 'ZERO_RESULTS', results: [] }), () => answer({}, 403), () => Promise.reject(new TypeError('offline'))]) {
      const fetch = vi.fn((url: string) => (url.startsWith(GEOCODE_URL) ? google() : answer(censusMatch(-82.456, 27.95))));
      expect(await placeAddress(chain(fetch as Geocoder['fetch'], { key: 'k' }), ADDRESS)).toEqual({
        point: { lat: 27.95, lng: -82.456 },
        precision: 'address',
      });
      expect(fetch).toHaveBeenCalledTimes(2);
    }
  });

  it("falls back to the ZIP code's centre when no geocoder can answer", async () => {
    const unmatched = vi.fn(() => answer({ result: { addressMatches: [] } }));
    expect(await placeAddress(chain(unmatched), ADDRESS)).toEqual({ point: TAMPA_33602, precision: 'zip' });
    const offline = vi.fn(() => Promise.reject(new TypeError('getaddrinfo ENOTFOUND')));
    expect(await placeAddress(chain(offline), ADDRESS)).toEqual({ point: TAMPA_33602, precision: 'zip' });
    // The ZIP may come as its own field.
    expect(await placeAddress(chain(offline), '401 E Jackson St, Tampa, Florida', '33602')).toEqual({ point: TAMPA_33602, precision: 'zip' });
  });

  it('gives up on a slow geocoder after its timeout', async () => {
    const slow: Geocoder['fetch'] = (_url, init) =>
      new Promise((_resolve, reject) => (init?.signal as AbortSignal).addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError'))));
    const started = Date.now();
    expect(await placeAddress(chain(slow, { timeoutMs: 50 }), ADDRESS)).toEqual({ point: TAMPA_33602, precision: 'zip' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('has no coordinates when nothing can place the address', async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError('offline')));
    expect(await placeAddress(chain(offline), '401 E Jackson St, Tampa, Florida')).toEqual({ point: null, precision: 'none' });
    expect(await placeAddress(chain(offline), '1 Nowhere Rd, 99999')).toEqual({ point: null, precision: 'none' });
    expect(await placeAddress(chain(offline, { census: null }), '')).toEqual({ point: null, precision: 'none' });
    expect(offline).toHaveBeenCalledTimes(2);
  });
});

describe('censusUrl', () => {
  it('is the public service unless configured, and none when off', () => {
    expect(censusUrl(undefined)).toBe('https://geocoding.geo.census.gov/geocoder');
    expect(censusUrl('')).toBe('https://geocoding.geo.census.gov/geocoder');
    expect(censusUrl('http://127.0.0.1:9999/geocoder')).toBe('http://127.0.0.1:9999/geocoder');
    expect(censusUrl('off')).toBeNull();
  });
});
