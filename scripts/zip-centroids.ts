/**
 * Loads the centre of every US ZIP code into zip_centroids (migration 0008), from the npm
 * package `zipcodes` (US Census ZCTA centroids, BSD licence). The geocoding chain reads
 * one row when neither the maps service nor the Census geocoder can place an address
 * (src/maps/geocoding.ts). About 42,000 rows, too many to bundle into the Worker; run by
 * `npm run db:migrate` (and so by `npm start` and the test stacks), and only when the
 * table does not already hold this dataset.
 */
import { createRequire } from 'node:module';
import { count } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { zipCentroids } from '../src/db/schema';
import { ZIP_PATTERN } from '../src/domain/address';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/** Rows per INSERT: 5 values each, well under SQLite's limit on bound values. */
const ROWS_PER_STATEMENT = 500;

/** The US ZIP codes with a usable centre (the package's Canadian codes and blank positions left out). */
export function zipDataset(): ZipRecord[] {
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRecord> };
  return Object.values(codes)
    .filter(
      (row) => ZIP_PATTERN.test(row.zip) && Number.isFinite(row.latitude) && Number.isFinite(row.longitude) && !(row.latitude === 0 && row.longitude === 0),
    )
    .map(({ zip, latitude, longitude, city, state }) => ({ zip, latitude, longitude, city, state }));
}

/** Fills zip_centroids unless it already holds the dataset; returns how many rows were written. */
export async function loadZipCentroids(db: Db): Promise<number> {
  const rows = zipDataset();
  const [{ stored }] = await db.select({ stored: count() }).from(zipCentroids);
  if (stored === rows.length) return 0;
  const inserts = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    inserts.push(db.insert(zipCentroids).values(rows.slice(start, start + ROWS_PER_STATEMENT)));
  }
  // One transaction (replacing an older dataset whole): a database never holds half of one.
  await db.batch([db.delete(zipCentroids), ...inserts] as [ReturnType<typeof db.delete>, ...typeof inserts]);
  return rows.length;
}
