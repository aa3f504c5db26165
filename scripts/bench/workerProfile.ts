/**
 * Where a page's time goes inside the Worker: a CPU profile of its isolate (V8 inspector) over
 * many requests made one at a time, summed by function. What is not CPU (waiting on the
 * database, the network) shows as the isolate idle, so "CPU per request" is the Worker's own
 * share of a page's time beyond its round trips (issue 31).
 */
import { writeFileSync } from 'node:fs';
import { connectInspector } from './inspector';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface WorkerProfile {
  requests: number;
  /** CPU the isolate spent per request (ms), idle excluded. */
  cpuPerRequestMs: number;
  /** The functions that spent it, most first: own time per request (ms), and with what they called. */
  top: Array<{ name: string; selfMs: number; totalMs: number }>;
}

const IDLE = new Set(['(idle)', '(program)']);

/** `save`: a file to write the raw profile to (.cpuprofile, for Chrome DevTools). */
export async function profileRequests(inspectorPort: number, request: () => Promise<unknown>, count: number, save?: string): Promise<WorkerProfile> {
  const inspector = await connectInspector(inspectorPort);
  try {
    await inspector.call('Profiler.enable');
    await inspector.call('Profiler.setSamplingInterval', { interval: 100 });
    await inspector.call('Profiler.start');
    for (let i = 0; i < count; i++) await request();
    const { profile } = await inspector.call<{ profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } }>('Profiler.stop');
    if (save) writeFileSync(save, JSON.stringify(profile));
    const selfUs = new Map<number, number>();
    profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const nameOf = (node: ProfileNode) => {
      const file = node.callFrame.url.split('/').pop() ?? '';
      return `${node.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${node.callFrame.lineNumber + 1}` : ''}`;
    };
    // Total = own time plus the callees'; a function met again below itself (recursion) counts once.
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const walk = (id: number, above: Set<string>): number => {
      const node = byId.get(id)!;
      const name = nameOf(node);
      const own = IDLE.has(node.callFrame.functionName) ? 0 : (selfUs.get(id) ?? 0);
      const inner = new Set(above).add(name);
      const sum = own + (node.children ?? []).reduce((acc, child) => acc + walk(child, inner), 0);
      self.set(name, (self.get(name) ?? 0) + own);
      if (!above.has(name)) total.set(name, (total.get(name) ?? 0) + sum);
      return sum;
    };
    const cpuUs = walk(profile.nodes[0].id, new Set());
    const perRequest = (us: number) => Math.round((us / count / 1000) * 100) / 100;
    const top = [...self.entries()]
      .filter(([name]) => !name.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, us]) => ({ name, selfMs: perRequest(us), totalMs: perRequest(total.get(name) ?? 0) }));
    return { requests: count, cpuPerRequestMs: perRequest(cpuUs), top };
  } finally {
    await inspector.call('Profiler.disable').catch(() => undefined);
    inspector.close();
  }
}
