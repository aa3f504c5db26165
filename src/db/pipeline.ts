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
 * statements keep their own atomicity. Statement ids (`sql_id`, stored SQL) are numbered per
 * stream by each caller, so each pipeline's ids are shifted past the previous one's.
 */

type HranaRequest = { type: string; sql_id?: number; stmt?: { sql_id?: number }; batch?: { steps: Array<{ stmt: { sql_id?: number } }> } };
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

/** A pipeline that opens its stream and closes it: it can share an HTTP request with others. */
function selfContained(body: PipelineBody | null): body is PipelineBody {
  return !!body && body.baton == null && Array.isArray(body.requests) && body.requests.at(-1)?.type === 'close';
}

function parse(text: string): PipelineBody | null {
  try {
    return JSON.parse(text) as PipelineBody;
  } catch {
    return null;
  }
}

/** The highest sql_id a pipeline uses, -1 when none. */
function highestSqlId(requests: HranaRequest[]): number {
  let highest = -1;
  const see = (id: number | undefined) => {
    if (typeof id === 'number' && id > highest) highest = id;
  };
  for (const request of requests) {
    see(request.sql_id);
    see(request.stmt?.sql_id);
    for (const step of request.batch?.steps ?? []) see(step.stmt.sql_id);
  }
  return highest;
}

function shiftSqlIds(requests: HranaRequest[], offset: number): HranaRequest[] {
  if (offset === 0) return requests;
  const shift = <T extends { sql_id?: number }>(holder: T): T => (typeof holder.sql_id === 'number' ? { ...holder, sql_id: holder.sql_id + offset } : holder);
  return requests.map((request) => {
    const shifted = shift(request);
    if (request.stmt) shifted.stmt = shift(request.stmt);
    if (request.batch) shifted.batch = { ...request.batch, steps: request.batch.steps.map((step) => ({ ...step, stmt: shift(step.stmt) })) };
    return shifted;
  });
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

  async function flush(): Promise<void> {
    const group = waiting;
    waiting = [];
    const texts = await Promise.all(group.map((entry) => entry.body.catch(() => '')));
    const bodies = texts.map(parse);
    const shared = group.flatMap((entry, index) => (selfContained(bodies[index]) ? [{ entry, body: bodies[index] }] : []));
    for (const [index, entry] of group.entries()) if (!selfContained(bodies[index])) void sendAlone(entry, texts[index]);
    if (shared.length === 0) return;
    if (shared.length === 1) return sendAlone(shared[0].entry, texts[group.indexOf(shared[0].entry)]);

    // Every pipeline without its close, then one close for the shared stream.
    const requests: HranaRequest[] = [];
    const spans: number[] = [];
    let offset = 0;
    for (const { body } of shared) {
      const own = body.requests.slice(0, -1);
      requests.push(...shiftSqlIds(own, offset));
      spans.push(own.length);
      offset += highestSqlId(own) + 1;
    }
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
    let start = 0;
    for (const [index, { entry }] of shared.entries()) {
      const results = [...answer.results.slice(start, start + spans[index]), closed];
      start += spans[index];
      entry.resolve(json({ baton: null, base_url: answer.base_url, results }));
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
