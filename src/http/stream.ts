/**
 * Long lists as streamed responses: rows are read in keyset batches and written as they
 * arrive, so a month of 10,000 orders never sits in the Worker's memory whole.
 */

export interface BatchStream<Row> {
  /** The batch after `last` (the final row of the previous batch; undefined for the first). */
  next: (last: Row | undefined) => Promise<Row[]>;
  /** Rows per read: a shorter batch ends the stream. */
  batchSize: number;
  encode: (row: Row) => string;
  head?: string;
  separator?: string;
  tail?: string;
}

export function streamBatches<Row>({ next, batchSize, encode, head = '', separator = '', tail = '' }: BatchStream<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | undefined;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (head) controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const rows = await next(last);
      const text = rows.map((row) => (written++ > 0 ? separator : '') + encode(row)).join('');
      if (text) controller.enqueue(encoder.encode(text));
      if (rows.length < batchSize) {
        if (tail) controller.enqueue(encoder.encode(tail));
        controller.close();
      } else {
        last = rows[rows.length - 1];
      }
    },
  });
}
