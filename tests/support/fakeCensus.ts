/**
 * A stand-in for the US Census Bureau geocoder (onelineaddress, JSON), started by the
 * tests that point a Worker's CENSUS_GEOCODER_URL at it: it answers the addresses it was
 * given, matches nothing else, and records what it was asked. `delayMs` makes it slow.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCensus {
  /** The base to configure: `${url}/locations/onelineaddress` is what the Worker calls. */
  url: string;
  requests: Array<{ path: string; address: string | null; benchmark: string | null; format: string | null }>;
  delayMs: number;
  stop(): Promise<void>;
}

/** Known addresses (matched case-insensitively on their start) and where they are. */
export async function startFakeCensus(known: Record<string, { lat: number; lng: number }>): Promise<FakeCensus> {
  const fake: FakeCensus = { url: '', requests: [], delayMs: 0, stop: async () => {} };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://census.test');
    const address = url.searchParams.get('address');
    fake.requests.push({ path: url.pathname, address, benchmark: url.searchParams.get('benchmark'), format: url.searchParams.get('format') });
    const found = Object.entries(known).find(([start]) => address?.toLowerCase().startsWith(start.toLowerCase()));
    const body = {
      result: {
        input: { address: { address }, benchmark: { benchmarkName: url.searchParams.get('benchmark') } },
        addressMatches: found
          ? [{ matchedAddress: found[0].toUpperCase(), coordinates: { x: found[1].lng, y: found[1].lat }, tigerLine: { side: 'L', tigerLineId: '1' } }]
          : [],
      },
    };
    setTimeout(() => {
      if (response.destroyed) return;
      response.writeHead(url.pathname === '/geocoder/locations/onelineaddress' ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    }, fake.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoder`;
  fake.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
