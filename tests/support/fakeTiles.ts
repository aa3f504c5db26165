/**
 * A stand-in raster tile server ({z}/{x}/{y}.png), started by the tests that point a
 * Worker's MAP_TILES_URL at it: every tile is a 256 px PNG of pale "streets" on a
 * grid, so screenshots show a map; it records which tiles were asked for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { encodePng } from '../../scripts/lib/png';
import { startWorker } from '../../scripts/lib/stack';
import { OFFLINE_VARS, testSources } from './stack';

export interface FakeTiles {
  /** The MAP_TILES_URL to configure. */
  url: string;
  requests: string[];
  stop(): Promise<void>;
}

const TILE = encodePng(256, 256, (x, y) => (x % 64 < 3 || y % 64 < 3 ? [255, 255, 255] : (x + y) % 128 < 2 ? [250, 204, 21] : [226, 232, 240]));

export async function startFakeTiles(): Promise<FakeTiles> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
    response.end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiles/{z}/{x}/{y}.png`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TiledWorker {
  /** The second Worker's origin (same database as the shared stack). */
  url: string;
  tiles: FakeTiles;
  stop(): Promise<void>;
}

/** A fake tile server and a second Worker on the shared database whose MAP_TILES_URL points at it. */
export async function startTiledWorker(): Promise<TiledWorker> {
  const tiles = await startFakeTiles();
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-tiles-'));
  const worker = await startWorker({
    persistDir: dir,
    vars: { DATABASE_URL: process.env.TEST_DATABASE_URL!, ...OFFLINE_VARS, MAP_TILES_URL: tiles.url },
    sourceDir: await testSources(),
  });
  return {
    url: worker.url,
    tiles,
    async stop() {
      await worker.stop();
      await tiles.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
