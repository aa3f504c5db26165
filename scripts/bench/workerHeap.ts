/**
 * The Worker's JavaScript heap, read over wrangler dev's V8 inspector (Chrome DevTools
 * Protocol), so the memory a single request takes is measured in the isolate that serves
 * it rather than as workerd's whole resident size (issue 19).
 *
 * Garbage is not collected on demand: workerd did not answer HeapProfiler.collectGarbage
 * (it hung, and once took workerd down), and a heap snapshot (which collects first) of the
 * Worker after the load run wedged workerd for minutes. So the growth is measured from the
 * heap in use just before the request, garbage included, to the most in use while it ran:
 * an upper bound on what the request needs, unless V8 collects during the request.
 */
export interface HeapGrowth {
  /** Heap in use just before the request (MB). */
  baselineMB: number;
  /** The most in use while the request ran, garbage not yet collected included (MB). */
  peakMB: number;
  /** In use a second after the request (MB). */
  afterMB: number;
  /** How many times the heap was read while the request ran. */
  samples: number;
}

import { connectInspector } from './inspector';

const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 100) / 100;

export async function connectWorkerHeap(inspectorPort: number) {
  const { call, close } = await connectInspector(inspectorPort);
  const usedMB = async () => (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize / MB;
  return {
    /** Runs `request` once, reading the heap as often as the inspector answers while it runs. */
    async during(request: () => Promise<unknown>): Promise<HeapGrowth> {
      // A quiet second first: what the previous request started has finished.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const baselineMB = await usedMB();
      let peakMB = baselineMB;
      let samples = 0;
      let finished = false;
      const running = request().finally(() => (finished = true));
      while (!finished) {
        peakMB = Math.max(peakMB, await usedMB());
        samples++;
      }
      await running;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return { baselineMB: round(baselineMB), peakMB: round(peakMB), afterMB: round(await usedMB()), samples };
    },
    close,
  };
}
