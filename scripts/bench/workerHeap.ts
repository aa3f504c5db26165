/**
 * The Worker's JavaScript heap, read over wrangler dev's V8 inspector (Chrome DevTools
 * Protocol), so the memory a single request takes is measured in the isolate that serves
 * it rather than as workerd's whole resident size (issue 19).
 *
 * Garbage is collected before each measurement by taking a heap snapshot (V8 collects all
 * garbage first; the snapshot's chunks are ignored): workerd does not answer
 * HeapProfiler.collectGarbage (it hung or took the process down when tried), while
 * takeHeapSnapshot works.
 */
export interface HeapGrowth {
  /** Heap in use after garbage collection, before the request (MB). */
  baselineMB: number;
  /** The most in use while the request ran, garbage not yet collected included (MB). */
  peakMB: number;
  /** In use after the request and another collection: what it left behind (MB). */
  retainedMB: number;
  /** How many times the heap was read while the request ran. */
  samples: number;
}

const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 100) / 100;

export async function connectWorkerHeap(inspectorPort: number) {
  // The inspector refuses connections without an Origin of this machine's.
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`, { headers: { Origin: 'http://localhost' } } as unknown as string[]);
  const waiting = new Map<number, (result: unknown) => void>();
  let nextId = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id != null && waiting.has(message.id)) {
      waiting.get(message.id)!(message.result);
      waiting.delete(message.id);
    }
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the Worker's inspector on port ${inspectorPort}`)), { once: true });
  });
  const call = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const usedMB = async () => (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize / MB;
  const collected = async () => {
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return usedMB();
  };
  return {
    /** Runs `request` once, reading the heap as often as the inspector answers while it runs. */
    async during(request: () => Promise<unknown>): Promise<HeapGrowth> {
      const baselineMB = await collected();
      let peakMB = baselineMB;
      let samples = 0;
      let finished = false;
      const running = request().finally(() => (finished = true));
      while (!finished) {
        peakMB = Math.max(peakMB, await usedMB());
        samples++;
      }
      await running;
      return { baselineMB: round(baselineMB), peakMB: round(peakMB), retainedMB: round(await collected()), samples };
    },
    close: () => socket.close(),
  };
}
