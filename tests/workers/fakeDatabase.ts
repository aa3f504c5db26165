/**
 * The libSQL server the Durable Objects write through to, faked at the edge of workerd
 * (miniflare's outboundService): every Hrana pipeline statement succeeds with no rows, and
 * the statements are kept so a test can ask which were sent (GET http://database.test/sent).
 */
type Statement = { sql?: string; sql_id?: number };
interface HranaRequest {
  type: string;
  sql?: string;
  sql_id?: number;
  stmt?: Statement;
  batch?: { steps: Array<{ stmt: Statement }> };
}

const sent: string[] = [];
/** SQL the client stored once and names by id (the pipeline's store_sql). */
const stored = new Map<number, string>();
const sqlOf = (statement: Statement | undefined) => statement?.sql ?? stored.get(statement?.sql_id ?? -1) ?? '';
const EMPTY = {
  cols: [],
  rows: [],
  affected_row_count: 1,
  last_insert_rowid: null,
  replication_index: null,
  rows_read: 0,
  rows_written: 1,
  query_duration_ms: 0,
};

function answer(request: HranaRequest) {
  switch (request.type) {
    case 'store_sql':
      stored.set(request.sql_id!, request.sql!);
      return { type: 'ok', response: { type: 'store_sql' } };
    case 'execute':
      sent.push(sqlOf(request.stmt));
      return { type: 'ok', response: { type: 'execute', result: EMPTY } };
    case 'batch':
      sent.push(...(request.batch?.steps ?? []).map((step) => sqlOf(step.stmt)));
      return {
        type: 'ok',
        response: {
          type: 'batch',
          result: { step_results: (request.batch?.steps ?? []).map(() => EMPTY), step_errors: (request.batch?.steps ?? []).map(() => null) },
        },
      };
    default:
      return { type: 'ok', response: { type: request.type } };
  }
}

export async function fakeDatabase(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/sent') return Response.json(sent.splice(0));
  if (!url.pathname.endsWith('/v2/pipeline')) return new Response('Not found', { status: 404 });
  const body = (await request.json()) as { requests: HranaRequest[] };
  return Response.json({ baton: null, base_url: null, results: body.requests.map(answer) });
}
