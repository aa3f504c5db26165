/**
 * npm run deploy: builds the assets and deploys the Worker (with its static assets,
 * R2 binding and Durable Object migrations from wrangler.toml) to Cloudflare.
 *   npm run deploy -- --dry-run    builds the production bundle and prints its size only
 * Database migrations are separate: DATABASE_URL=libsql://… DATABASE_AUTH_TOKEN=… npm run db:migrate
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAssets } from './build-assets';
import { ROOT } from './lib/stack';

const dryRun = process.argv.includes('--dry-run');
await buildAssets({ clean: true });
const outdir = dryRun ? mkdtempSync(join(tmpdir(), 'dispatch-bundle-')) : null;
const args = ['deploy', '--minify', ...(outdir ? ['--dry-run', '--outdir', outdir] : [])];
const result = spawnSync(join(ROOT, 'node_modules/.bin/wrangler'), args, {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, WRANGLER_SEND_METRICS: 'false' },
});
if (outdir) rmSync(outdir, { recursive: true, force: true });
process.exit(result.status ?? 1);
