/**
 * Long lists as streamed responses: rows are read in keyset batches and written as they
 * arrive, so a month of 10,000 orders never sits in the Worker's memory whole. Batches
 * grow, from a small first one (the first bytes leave soon) to a bounded largest one
 * (few round trips for a long list, and the memory of one batch at most: decision P31-3).
 */

/** Rows per read: the first batch, and the most any batch reads (each batch reads twice the last, up to it). */
export interface BatchSizes {
  first: number;
  largest: number;
}

/** The size of batch `index` (from 0). */
export const batchSizeAt = ({ first, largest }: BatchSizes, index: number): number => Math.min(largest, first * 2 ** index);

export interface BatchStream<Row> {
  /** Up to `limit` rows after `last` (the final row of the previous batch; undefined for the first). */
  next: (last: Row | undefined, limit: number) => Promise<Row[]>;
  /** A batch shorter than its size ends the stream. */
  sizes: BatchSizes;
  encode: (row: Row) => string;
  head?: string;
  separator?: string;
  tail?: string;
}

export function streamBatches<Row>({ next, sizes, encode, head = '', separator = '', tail = '' }: BatchStream<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | undefined;
  let written = 0;
  let batch = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (head) controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const size = batchSizeAt(sizes, batch++);
      const rows = await next(last, size);
      const text = rows.map((row) => (written++ > 0 ? separator : '') + encode(row)).join('');
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < size) {
        if (tail) controller.enqueue(encoder.encode(tail));
        controller.close();
      } else {
        last = rows[rows.length - 1];
      }
    },
  });
}
