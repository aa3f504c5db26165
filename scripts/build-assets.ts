/**
 * Builds what browsers download into public/assets/, every file content-hashed (served
 * with a one-year immutable cache, see public/_headers):
 * - app.<hash>.css: Tailwind v4 over src/ and islands/;
 * - runtime.<hash>.js: the small vanilla runtime every page loads (partials, island
 *   loader, toasts, actions); no React;
 * - islands/<Name>.<hash>.js: one entry per file in islands/*.tsx, code-split so React and
 *   shared code are fetched once, and only by pages that contain an island;
 * - open-map.<hash>.js: Leaflet and its stylesheet (islands/lib/openMap/leaflet.ts),
 *   imported by an island only when a map comes on screen (never part of a page's weight);
 * - courier-sw.<hash>.js: the courier area's service worker (islands/serviceWorker/courier.ts),
 *   a classic script that `<courier base>/sw.js` imports (src/routes/courier/app.ts).
 * It writes src/generated/assets.json, which the Worker imports to link them, and
 * src/generated/islands.ts, the registry of every island by name, which the server renders
 * them from: a new file in islands/ is an island without another list to keep.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { AssetManifest } from '../src/views/assets';
import { ROOT } from './lib/stack';

const OUT = join(ROOT, 'public/assets');
const ISLANDS_DIR = join(ROOT, 'islands');

const hash = (content: string | Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 10);
const publicUrl = (file: string) => `/${relative(join(ROOT, 'public'), file).split('\\').join('/')}`;

function islandNames(): string[] {
  return readdirSync(ISLANDS_DIR)
    .filter((file) => /^[A-Z][A-Za-z0-9]*\.tsx$/.test(file) && !file.endsWith('.test.tsx'))
    .map((file) => basename(file, '.tsx'))
    .sort();
}

function buildCss(): string {
  const tmp = join(ROOT, 'node_modules/.cache/dispatch-app.css');
  mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
  execFileSync(join(ROOT, 'node_modules/.bin/tailwindcss'), ['-i', join(ROOT, 'src/views/styles.css'), '-o', tmp, '--minify'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const css = readFileSync(tmp);
  const file = join(OUT, `app.${hash(css)}.css`);
  writeFileSync(file, css);
  return publicUrl(file);
}

/** Each island gets a tiny generated entry that hydrates its markers with the component. */
const islandEntries: esbuild.Plugin = {
  name: 'island-entries',
  setup(build) {
    build.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice('island-entry:'.length), namespace: 'island-entry' }));
    build.onLoad({ filter: /.*/, namespace: 'island-entry' }, (args) => ({
      contents: [
        `import Component from ${JSON.stringify(join(ISLANDS_DIR, `${args.path}.tsx`))};`,
        `import { mountIsland } from ${JSON.stringify(join(ISLANDS_DIR, 'lib/mount.tsx'))};`,
        'export function hydrate(element) { mountIsland(element, Component); }',
      ].join('\n'),
      resolveDir: ISLANDS_DIR,
      loader: 'tsx',
    }));
  },
};

async function buildScripts(): Promise<Pick<AssetManifest, 'runtime' | 'openMap' | 'islands'>> {
  const names = islandNames();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [
      { in: join(ISLANDS_DIR, 'runtime/main.ts'), out: 'runtime' },
      { in: join(ISLANDS_DIR, 'lib/openMap/leaflet.ts'), out: 'open-map' },
      ...names.map((name) => ({ in: `island-entry:${name}`, out: `islands/${name}` })),
    ],
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'safari16'],
    minify: true,
    sourcemap: false,
    entryNames: '[dir]/[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    // Leaflet's stylesheet travels inside the map script (islands/lib/openMap/leaflet.ts).
    loader: { '.css': 'text' },
    metafile: true,
    plugins: [islandEntries],
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const byEntry = new Map<string, string>();
  for (const [file, output] of Object.entries(outputs)) {
    if (output.entryPoint) byEntry.set(output.entryPoint, file);
  }
  /** Every chunk an entry imports of the given kinds, directly or not. */
  const reached = (file: string, kinds: ReadonlySet<string>, seen = new Set<string>()): Set<string> => {
    for (const imported of outputs[file].imports) {
      if (kinds.has(imported.kind) && !seen.has(imported.path) && outputs[imported.path]) {
        seen.add(imported.path);
        reached(imported.path, kinds, seen);
      }
    }
    return seen;
  };
  const STATIC = new Set(['import-statement']);
  const ANY = new Set(['import-statement', 'dynamic-import']);
  /** Preloaded with the island: what it imports statically. Stored for offline use too: what it may import() later. */
  const importsOf = (file: string) => [...reached(file, STATIC)];
  const lazyOf = (file: string) => {
    const now = reached(file, STATIC);
    return [...reached(file, ANY)].filter((chunk) => !now.has(chunk));
  };
  const runtimeFile = byEntry.get(relative(ROOT, join(ISLANDS_DIR, 'runtime/main.ts')))!;
  const islands: AssetManifest['islands'] = {};
  for (const name of names) {
    const file = byEntry.get(`island-entry:${name}`)!;
    const url = (chunk: string) => publicUrl(join(ROOT, chunk));
    islands[name] = { src: url(file), imports: importsOf(file).map(url), lazy: lazyOf(file).map(url) };
  }
  const openMapFile = byEntry.get(relative(ROOT, join(ISLANDS_DIR, 'lib/openMap/leaflet.ts')))!;
  return { runtime: publicUrl(join(ROOT, runtimeFile)), openMap: publicUrl(join(ROOT, openMapFile)), islands };
}

/** A service worker is a classic script (importScripts), so it is built on its own, without splitting. */
async function buildServiceWorker(): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [{ in: join(ISLANDS_DIR, 'serviceWorker/courier.ts'), out: 'courier-sw' }],
    outdir: OUT,
    bundle: true,
    format: 'iife',
    target: ['es2022', 'safari16'],
    minify: true,
    entryNames: '[name].[hash]',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  return publicUrl(join(ROOT, Object.keys(result.metafile.outputs)[0]));
}

/** The server's registry of islands: each file of islands/ by its name, typed with its props. */
function islandRegistry(names: string[]): string {
  return [
    '// Generated by scripts/build-assets.ts from the files in islands/: do not edit.',
    ...names.map((name) => `import ${name} from '../../islands/${name}';`),
    '',
    `export const islands = { ${names.join(', ')} } as const;`,
    '',
    'export type IslandName = keyof typeof islands;',
    '',
  ].join('\n');
}

/** Rewriting an unchanged file would wake wrangler's watcher (npm start) for nothing. */
function writeIfChanged(file: string, content: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return;
  writeFileSync(file, content);
}

/**
 * Builds the assets. Files of earlier builds are kept unless `clean` is set: a running
 * server (npm start, a test stack) may still serve pages that link them, and hashed
 * names never collide. A deploy builds clean, so only current files are uploaded.
 */
export async function buildAssets(options: { clean?: boolean } = {}): Promise<AssetManifest> {
  if (options.clean) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const [css, scripts, courierServiceWorker] = await Promise.all([Promise.resolve(buildCss()), buildScripts(), buildServiceWorker()]);
  const manifest: AssetManifest = { css, ...scripts, courierServiceWorker };
  mkdirSync(join(ROOT, 'src/generated'), { recursive: true });
  writeIfChanged(join(ROOT, 'src/generated/assets.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeIfChanged(join(ROOT, 'src/generated/islands.ts'), islandRegistry(Object.keys(manifest.islands)));
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const manifest = await buildAssets({ clean: process.argv.includes('--clean') });
  console.log(`Assets built in ${Date.now() - started} ms: ${Object.keys(manifest.islands).length} islands`);
}
