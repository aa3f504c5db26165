/**
 * The network between the Worker and its database, as production has it (issue 19): an HTTP
 * proxy in front of sqld that holds each request `delayMs` before forwarding it and each
 * answer `delayMs` before returning it, so every round trip costs 2 × delayMs, as one to
 * Turso from the edge does. It also counts what it forwards: each HTTP request is one
 * database round trip (a Hrana pipeline, a batch included), whatever the Worker's own
 * meter says, so whole streamed pages and work done after the answer are counted too.
 *
 * It runs in a process of its own (forked from the benchmark), so its timers never wait
 * behind the load generator's work. The benchmark talks to it over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** What the proxy has forwarded since it started. */
export interface ProxyCount {
  /** Round trips forwarded (requests received from the Worker). */
  forwarded: number;
  /** Round trips not yet answered. */
  inFlight: number;
  /** When the last one arrived (ms, this machine's clock). */
  lastAt: number;
}

/** When a round trip reached the proxy and when its answer left (ms since the epoch, sub-millisecond: comparable across processes). */
type Span = [start: number, end: number];
type Command = { id: number; from?: number };
type Reply = { id: number; count: ProxyCount; spans?: Span[] };

/**
 * Round trips one after another: those that overlap in time were made together (Promise.all,
 * a page's streamed regions) and cost one trip's latency, not one each.
 */
function inSequence(spans: Span[]): number {
  let waves = 0;
  let waveEnd = -Infinity;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (start >= waveEnd) waves++;
    waveEnd = Math.max(waveEnd, end);
  }
  return waves;
}

const now = () => performance.timeOrigin + performance.now();

/** How long at least one of the spans was open. */
function covered(spans: Span[]): number {
  let total = 0;
  let wave: Span | undefined;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (!wave || start > wave[1]) {
      if (wave) total += wave[1] - wave[0];
      wave = [start, end];
    } else wave[1] = Math.max(wave[1], end);
  }
  return total + (wave ? wave[1] - wave[0] : 0);
}

/** The proxy itself, in the forked process. */
function serve(target: URL, delayMs: number): void {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const count: ProxyCount = { forwarded: 0, inFlight: 0, lastAt: 0 };
  const spans: Span[] = [];
  const later = (work: () => void) => (delayMs > 0 ? setTimeout(work, delayMs) : work());
  const server = createServer((incoming, outgoing) => {
    const body: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => body.push(chunk));
    incoming.on('end', () => {
      count.forwarded++;
      count.inFlight++;
      count.lastAt = Date.now();
      const span: Span = [now(), Infinity];
      spans.push(span);
      const done = () => {
        count.inFlight--;
        span[1] = now();
      };
      later(() => {
        const upstream = forward(
          { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: target.host }, agent },
          (answer) => {
            const answerBody: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => answerBody.push(chunk));
            answer.on('end', () =>
              later(() => {
                const headers = { ...answer.headers };
                // The body goes back whole, with its length.
                delete headers['transfer-encoding'];
                outgoing.writeHead(answer.statusCode ?? 502, headers);
                outgoing.end(Buffer.concat(answerBody));
                done();
              }),
            );
          },
        );
        upstream.on('error', (error) => {
          outgoing.writeHead(502, { 'Content-Type': 'text/plain' });
          outgoing.end(`latency proxy: ${error.message}`);
          done();
        });
        upstream.end(Buffer.concat(body));
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('message', (message: Command) =>
    process.send!({ id: message.id, count, spans: message.from == null ? undefined : spans.slice(message.from) } satisfies Reply),
  );
  process.on('disconnect', () => process.exit(0));
}

export interface LatencyProxy {
  /** The URL the Worker's DATABASE_URL points at. */
  url: string;
  delayMs: number;
  count(): Promise<ProxyCount>;
  /** Waits until nothing has been in flight or arrived for `quietMs`; answers the count then. */
  quiet(quietMs?: number): Promise<ProxyCount>;
  /**
   * Round trips whose answers reached the Worker before `work` (a request, its body read to
   * the end) finished (`during`: only those can have been part of the answer), how many of
   * those came one after another (`inSequence`: trips made together count once), and the
   * others until the proxy went quiet (`after`: work after the answer, such as waitUntil's), and
   * the time those trips spent beyond the added latency (`databaseMs`: sqld running the
   * statements, and the hop through this proxy): what of a page's time is the database's.
   */
  roundTripsOf(work: () => Promise<unknown>): Promise<{ during: number; inSequence: number; after: number; databaseMs: number }>;
  stop(): Promise<void>;
}

/** Starts the proxy in its own process, forwarding to the libSQL server at `target`. */
export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['serve', target, String(delayMs)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the latency proxy exited (${code})`)));
  });
  let nextId = 0;
  const waiting = new Map<number, (reply: Reply) => void>();
  child.on('message', (message: Reply) => {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const ask = (from?: number) =>
    new Promise<Reply>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      child.send({ id, from } satisfies Command);
    });
  const count = async () => (await ask()).count;
  const quiet = async (quietMs = 300) => {
    for (;;) {
      const now = await count();
      if (now.inFlight === 0 && Date.now() - now.lastAt >= quietMs) return now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    delayMs,
    count,
    quiet,
    async roundTripsOf(work) {
      const before = (await quiet()).forwarded;
      await work();
      const finished = now();
      await quiet();
      const spans = (await ask(before)).spans!;
      const answered = spans.filter(([, end]) => end <= finished);
      const waves = inSequence(answered);
      return {
        during: answered.length,
        inSequence: waves,
        after: spans.length - answered.length,
        databaseMs: Math.max(0, covered(answered) - waves * 2 * delayMs),
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

if (process.argv[2] === 'serve' && process.send) serve(new URL(process.argv[3]), Number(process.argv[4]));
