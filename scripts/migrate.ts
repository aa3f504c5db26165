/**
 * Applies the SQL migrations in migrations/ to a libSQL database, then loads the data
 * the migrations' tables expect (the ZIP centroids, scripts/zip-centroids.ts).
 *   npm run db:migrate                      (DATABASE_URL, DATABASE_AUTH_TOKEN from the environment)
 *   npm run db:migrate -- --url libsql://x.turso.io
 */
import { migrate } from 'drizzle-orm/libsql/migrator';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb } from '../src/db/client';
import { ROOT } from './lib/stack';
import { loadZipCentroids } from './zip-centroids';

export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const db = createDb(url, authToken, 60_000);
  await migrate(db, { migrationsFolder: join(ROOT, 'migrations') });
  await loadZipCentroids(db);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.indexOf('--url');
  const url = flag > 0 ? process.argv[flag + 1] : process.env.DATABASE_URL;
  if (!url) {
    console.error('Give the database: DATABASE_URL=libsql://… npm run db:migrate (or -- --url …)');
    process.exit(2);
  }
  await migrateDatabase(url, process.env.DATABASE_AUTH_TOKEN);
  console.log(`Migrations applied to ${new URL(url).host}`);
}
