/** A streamed list reads growing batches (issue 31): few round trips, one bounded batch in memory at a time. */
import { describe, expect, it } from 'vitest';
import { STREAM_BATCHES } from '../routes/api/reports';
import { streamBatches } from './stream';

/** Streams `total` numbered rows as the earnings CSV does; answers what was written and each read's size. */
async function streamed(total: number) {
  const rows = Array.from({ length: total }, (_, i) => i);
  const reads: Array<{ limit: number; got: number }> = [];
  const body = streamBatches<number>({
    next: async (last, limit) => {
      const from = last === undefined ? 0 : last + 1;
      const batch = rows.slice(from, from + limit);
      reads.push({ limit, got: batch.length });
      return batch;
    },
    sizes: STREAM_BATCHES,
    encode: (row) => `${row}\n`,
    head: 'n\n',
  });
  return { text: await new Response(body).text(), reads };
}

describe('the earnings CSV, streamed', () => {
  it('reads a month of 17,406 orders in 5 round trips, no batch over 8,000 rows, every row once and in order', async () => {
    const { text, reads } = await streamed(17_406);
    expect(reads.map((read) => read.limit)).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(Math.max(...reads.map((read) => read.got))).toBeLessThanOrEqual(8000);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('n');
    expect(lines.slice(1).map(Number)).toEqual(Array.from({ length: 17_406 }, (_, i) => i));
  });

  it('ends after a short batch, or an empty one when the last batch was full', async () => {
    expect((await streamed(0)).reads).toEqual([{ limit: 1000, got: 0 }]);
    expect((await streamed(3000)).reads.map((read) => read.got)).toEqual([1000, 2000, 0]);
    // 15,000 in the first four, then 8,000 a read.
    expect((await streamed(200_000)).reads.length).toBe(4 + Math.ceil(185_000 / 8000));
  });
});
