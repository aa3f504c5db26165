/**
 * The database client sends what a request issues in one turn as one HTTP request to sqld
 * (src/db/pipeline.ts, issue 19), and each caller still gets exactly its own results.
 */
import { eq, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { createDb, DbMeter } from '../../src/db/client';
import { zones } from '../../src/db/schema';
import { insertZone } from '../support/factories';

function metered() {
  const meter = new DbMeter();
  return { meter, db: createDb(inject('databaseUrl'), undefined, 30_000, meter) };
}

describe('statements issued together', () => {
  it('share one round trip and each get their own rows', async () => {
    const { meter, db: seed } = metered();
    const [a, b] = await Promise.all([insertZone(seed), insertZone(seed)]);
    const { meter: reads, db } = metered();
    const [first, second, both, counted] = await Promise.all([
      db.select().from(zones).where(eq(zones.id, a.id)),
      db.select({ name: zones.name }).from(zones).where(eq(zones.id, b.id)),
      // A batch stores its statements' SQL under ids of its own stream: they must not collide with the other batch's.
      db.batch([db.select({ id: zones.id }).from(zones).where(eq(zones.id, a.id)), db.select({ id: zones.id }).from(zones).where(eq(zones.id, b.id))]),
      db.batch([
        db
          .select({ n: sql<number>`count(*)` })
          .from(zones)
          .where(eq(zones.id, b.id)),
        db.select({ id: zones.id }).from(zones).where(eq(zones.id, a.id)),
      ]),
    ]);
    expect(reads.roundTrips).toBe(1);
    expect(first).toEqual([a]);
    expect(second).toEqual([{ name: b.name }]);
    expect(both).toEqual([[{ id: a.id }], [{ id: b.id }]]);
    expect(counted).toEqual([[{ n: 1 }], [{ id: a.id }]]);
    expect(meter.roundTrips).toBeGreaterThan(0);
  });

  it('keep a failure to the caller whose statement failed', async () => {
    const { meter, db } = metered();
    const zone = await insertZone(db);
    const before = meter.roundTrips;
    const [good, bad, alsoGood] = await Promise.allSettled([
      db.select({ id: zones.id }).from(zones).where(eq(zones.id, zone.id)),
      db.run(sql`select * from no_such_table`),
      db.batch([db.select({ id: zones.id }).from(zones).where(eq(zones.id, zone.id))]),
    ]);
    expect(meter.roundTrips - before).toBe(1);
    expect(good).toEqual({ status: 'fulfilled', value: [{ id: zone.id }] });
    expect(bad.status).toBe('rejected');
    expect(String((bad as PromiseRejectedResult).reason?.cause ?? (bad as PromiseRejectedResult).reason)).toMatch(/no such table/);
    expect(alsoGood).toEqual({ status: 'fulfilled', value: [[{ id: zone.id }]] });
  });

  it('keep a failed write batch atomic while the reads beside it succeed', async () => {
    const { db } = metered();
    const zone = await insertZone(db);
    const renamed = `${zone.name} renamed`;
    const [write, read] = await Promise.allSettled([
      // The second statement fails (no such column): the first must be rolled back with it.
      db.batch([db.update(zones).set({ name: renamed }).where(eq(zones.id, zone.id)), db.run(sql`update zones set no_such_column = 1`)]),
      db.select({ name: zones.name }).from(zones).where(eq(zones.id, zone.id)),
    ]);
    expect(write.status).toBe('rejected');
    expect(read).toEqual({ status: 'fulfilled', value: [{ name: zone.name }] });
    expect(await db.select({ name: zones.name }).from(zones).where(eq(zones.id, zone.id))).toEqual([{ name: zone.name }]);
  });

  it('share one round trip however many batches of stored statements join', async () => {
    const { meter, db } = metered();
    const zone = await insertZone(db);
    const before = meter.roundTrips;
    // 20 batches (the client runs 20 at once) of 6 statements, each numbering its stored SQL from 0.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db.batch([
          db.select({ id: zones.id }).from(zones).where(eq(zones.id, zone.id)),
          db
            .select({ n: sql<number>`${index}` })
            .from(zones)
            .where(eq(zones.id, zone.id)),
          db
            .select({ n: sql<number>`${index} + 1` })
            .from(zones)
            .where(eq(zones.id, zone.id)),
          db
            .select({ n: sql<number>`${index} + 2` })
            .from(zones)
            .where(eq(zones.id, zone.id)),
          db
            .select({ n: sql<number>`${index} + 3` })
            .from(zones)
            .where(eq(zones.id, zone.id)),
          db.select({ name: zones.name }).from(zones).where(eq(zones.id, zone.id)),
        ]),
      ),
    );
    expect(meter.roundTrips - before).toBe(1);
    results.forEach((result, index) =>
      expect(result).toEqual([[{ id: zone.id }], [{ n: index }], [{ n: index + 1 }], [{ n: index + 2 }], [{ n: index + 3 }], [{ name: zone.name }]]),
    );
  });

  it('run one after another when each waits for the last', async () => {
    const { meter, db } = metered();
    const zone = await insertZone(db);
    const before = meter.roundTrips;
    await db.select().from(zones).where(eq(zones.id, zone.id));
    await db.select().from(zones).where(eq(zones.id, zone.id));
    expect(meter.roundTrips - before).toBe(2);
  });
});
