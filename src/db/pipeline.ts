/**
 * One HTTP request for all the statements a request issues at once (issue 19).
 *
 * libSQL's HTTP client speaks Hrana over HTTP: every execute or batch opens a stream, runs and
 * closes it in one pipeline request (`POST /v2/pipeline`, `{ baton: null, requests: [..., close] }`).
 * A page's regions, a session read and the page's queries all start in the same turn of the
 * event loop, but each would cost its own round trip to Turso. Pipelines that begin and end in
 * that turn are sent as one: their requests run one after another on one stream, and each caller
 * gets the results of its own requests back, as if it had been alone.
 *
 * Only self-contained pipelines are merged (no baton: no interactive transaction spans them).
 * A batch is one request whose steps begin and end its transaction, so merged batches and
 * statements keep their own atomicity. Stored SQL belongs to one stream: it is written in place.
 */

type Statement = { sql_id?: number; sql?: string };
type HranaRequest = { type: string; sql_id?: number; sql?: string; stmt?: Statement; batch?: { steps: Array<{ stmt: Statement }> } };
interface PipelineBody {
  /** Absent (or null) when the pipeline opens a new stream. */
  baton?: string | null;
  requests: HranaRequest[];
}
interface PipelineResponse {
  baton: string | null;
  base_url: string | null;
  results: unknown[];
}

type Send = (request: Request) => Promise<Response>;

interface Waiting {
  request: Request;
  body: Promise<string>;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

const PIPELINE_PATH = /\/v2\/pipeline$/;

/**
 * Requests that leave a shared stream as they found it: a `sequence` (a script) could leave a
 * transaction open for the next caller's statements, so it is never merged.
 */
const SHAREABLE = new Set(['execute', 'batch', 'store_sql', 'close_sql', 'describe']);

/** A pipeline that opens its stream and closes it: it can share an HTTP request with others. */
function selfContained(body: PipelineBody | null): body is PipelineBody {
  if (!body || body.baton != null || !Array.isArray(body.requests) || body.requests.at(-1)?.type !== 'close') return false;
  return body.requests.slice(0, -1).every((request) => SHAREABLE.has(request.type));
}

function parse(text: string): PipelineBody | null {
  try {
    return JSON.parse(text) as PipelineBody;
  } catch {
    return null;
  }
}

/**
 * A pipeline's requests with its stored SQL written in place: statements that name a
 * `sql_id` get the text its `store_sql` gave, and store_sql/close_sql are answered here.
 * Stored SQL is per stream (ids collide across pipelines, and a stream holds a limited
 * number), so a shared stream carries none.
 */
function inlineStoredSql(requests: HranaRequest[]): { sent: HranaRequest[]; answeredHere: Array<unknown | null> } {
  const stored = new Map<number, string>();
  const inline = <T extends { sql_id?: number; sql?: string }>(holder: T): T => {
    if (typeof holder.sql_id !== 'number') return holder;
    const { sql_id: id, ...rest } = holder;
    return { ...rest, sql: stored.get(id) } as T;
  };
  const sent: HranaRequest[] = [];
  const answeredHere: Array<unknown | null> = [];
  for (const request of requests) {
    if (request.type === 'store_sql' && typeof request.sql_id === 'number') {
      stored.set(request.sql_id, request.sql ?? '');
      answeredHere.push({ type: 'ok', response: { type: 'store_sql' } });
    } else if (request.type === 'close_sql') {
      answeredHere.push({ type: 'ok', response: { type: 'close_sql' } });
    } else {
      const written = inline(request);
      if (request.stmt) written.stmt = inline(request.stmt);
      if (request.batch) written.batch = { ...request.batch, steps: request.batch.steps.map((step) => ({ ...step, stmt: inline(step.stmt) })) };
      sent.push(written);
      answeredHere.push(null);
    }
  }
  return { sent, answeredHere };
}

/**
 * A caller's share of a merged answer, already parsed: the client reads it with .json()
 * (@libsql/hrana-client's JSON encoding), so it is handed over as the object rather than
 * written out and parsed again (each row of a merged answer was parsed, written and parsed
 * again: JSON work was the largest share of an admin orders page's CPU, `npm run bench --
 * --sections profile`). .text() writes it out when asked.
 */
function parsedAnswer(body: unknown): Response {
  const response = new Response(null, { headers: { 'content-type': 'application/json' } });
  return Object.assign(response, { json: () => Promise.resolve(body), text: () => Promise.resolve(JSON.stringify(body)) });
}

/**
 * Wraps the client's fetch: pipelines started in the same turn leave together after it
 * (a zero-delay timer runs once every promise chain of the turn has issued its queries).
 */
export function coalescingFetch(send: Send): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  let waiting: Waiting[] = [];

  async function sendAlone(entry: Waiting, text: string): Promise<void> {
    try {
      entry.resolve(await send(new Request(entry.request.url, { method: 'POST', headers: entry.request.headers, body: text })));
    } catch (error) {
      entry.reject(error);
    }
  }

  /** Sends what waited; whatever goes wrong here reaches every caller not yet answered (a settled promise ignores it). */
  async function flush(): Promise<void> {
    const group = waiting;
    waiting = [];
    try {
      await sendGroup(group);
    } catch (error) {
      for (const entry of group) entry.reject(error);
    }
  }

  async function sendGroup(group: Waiting[]): Promise<void> {
    const texts = await Promise.all(group.map((entry) => entry.body.catch(() => '')));
    const bodies = texts.map(parse);
    const shared = group.flatMap((entry, index) => (selfContained(bodies[index]) ? [{ entry, body: bodies[index] }] : []));
    for (const [index, entry] of group.entries()) if (!selfContained(bodies[index])) void sendAlone(entry, texts[index]);
    if (shared.length === 0) return;
    if (shared.length === 1) return sendAlone(shared[0].entry, texts[group.indexOf(shared[0].entry)]);

    // Every pipeline without its close and with its SQL in place, then one close for the shared stream.
    const requests: HranaRequest[] = [];
    const plans = shared.map(({ body }) => {
      const plan = inlineStoredSql(body.requests.slice(0, -1));
      requests.push(...plan.sent);
      return plan;
    });
    requests.push({ type: 'close' });
    const first = shared[0].entry.request;
    let response: Response;
    try {
      response = await send(new Request(first.url, { method: 'POST', headers: first.headers, body: JSON.stringify({ baton: null, requests }) }));
    } catch (error) {
      for (const { entry } of shared) entry.reject(error);
      return;
    }
    const text = await response.text().catch(() => '');
    let answer: PipelineResponse | null = null;
    try {
      answer = response.ok ? (JSON.parse(text) as PipelineResponse) : null;
    } catch {
      answer = null;
    }
    if (!answer || answer.results?.length !== requests.length) {
      // An error for the whole request (or an answer we cannot split): every caller gets it as it came.
      for (const { entry } of shared) entry.resolve(new Response(text, { status: response.status, headers: response.headers }));
      return;
    }
    const closed = answer.results.at(-1);
    let next = 0;
    for (const [index, { entry }] of shared.entries()) {
      const results = plans[index].answeredHere.map((here) => here ?? answer.results[next++]);
      entry.resolve(parsedAnswer({ baton: null, base_url: answer.base_url, results: [...results, closed] }));
    }
  }

  return (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'POST' || !PIPELINE_PATH.test(new URL(request.url).pathname)) return send(request);
    return new Promise<Response>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(() => void flush(), 0);
      waiting.push({ request, body: request.text(), resolve, reject });
    });
  };
}
