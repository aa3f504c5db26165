/**
 * /api/v1/docs (issue 17): the API reference, rendered on the server from the OpenAPI
 * document itself, so the page and the machine-readable description never differ. No
 * script and nothing from another host: it reads offline and under the page CSP.
 */
import { Fragment, type ReactNode } from 'react';
import { Document } from './Document';

// The OpenAPI document as JSON: any shape JSON Schema allows, read defensively below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an arbitrary JSON Schema; typing every keyword buys nothing here
type Json = Record<string, any>;

const METHOD_TONES: Record<string, string> = { get: 'bg-sky-100 text-sky-800', post: 'bg-emerald-100 text-emerald-800' };
const COMPONENT = '#/components/schemas/';

// ---------------------------------------------------------------------------
// A little Markdown: headings, paragraphs, code fences, `code`, **bold**, [links](url)
// ---------------------------------------------------------------------------

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1])
      parts.push(
        <code key={match.index} className="rounded bg-slate-100 px-1 py-0.5 text-[0.85em]">
          {match[1]}
        </code>,
      );
    else if (match[2]) parts.push(<strong key={match.index}>{match[2]}</strong>);
    else
      parts.push(
        <a key={match.index} href={match[4]} className="text-brand-700 underline">
          {match[3]}
        </a>,
      );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

type Block = { kind: 'h2' | 'h3' | 'p' | 'code'; text: string };

/** Lines into blocks: "## " and "### " headings, ``` fences, paragraphs separated by blank lines. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let code: string[] | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (code) {
      if (line.startsWith('```')) {
        blocks.push({ kind: 'code', text: code.join('\n') });
        code = null;
      } else code.push(line);
    } else if (line.startsWith('```')) {
      endParagraph();
      code = [];
    } else if (/^#{2,3} /.test(line)) {
      endParagraph();
      blocks.push({ kind: line.startsWith('### ') ? 'h3' : 'h2', text: line.replace(/^#+ /, '') });
    } else if (line.trim() === '') endParagraph();
    else paragraph.push(line.trim());
  }
  endParagraph();
  return blocks;
}

function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-sm leading-6 text-slate-700">
      {blocksOf(text).map((block, index) => {
        switch (block.kind) {
          case 'code':
            return (
              <pre key={index} className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-5 text-slate-100">
                <code>{block.text}</code>
              </pre>
            );
          case 'h2':
            return (
              <h3 key={index} id={block.text.toLowerCase().replace(/[^a-z0-9]+/g, '-')} className="pt-2 text-base font-semibold text-slate-900">
                {block.text}
              </h3>
            );
          case 'h3':
            return (
              <h4 key={index} className="pt-1 font-semibold text-slate-900">
                {block.text}
              </h4>
            );
          default:
            return <p key={index}>{inline(block.text)}</p>;
        }
      })}
    </div>
  );
}

// ---------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------

const refName = (ref: string) => ref.slice(COMPONENT.length);

function TypeLabel({ schema }: { schema: Json }): ReactNode {
  if (schema.$ref)
    return (
      <a href={`#schema-${refName(schema.$ref)}`} className="font-medium text-brand-700 underline">
        {refName(schema.$ref)}
      </a>
    );
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return <Alternatives items={alternatives as Json[]} />;
  if (schema.const !== undefined) return <code>{JSON.stringify(schema.const)}</code>;
  if (Array.isArray(schema.type)) return <Alternatives items={schema.type.map((type: string) => ({ ...schema, type }))} />;
  if (schema.type === 'array')
    return (
      <>
        array of <TypeLabel schema={schema.items ?? {}} />
      </>
    );
  if (schema.type === 'string' && schema.format) return <>{schema.format === 'uri' ? 'URL' : schema.format}</>;
  if (schema.enum)
    return (
      <>
        {schema.type ?? 'value'}:{' '}
        {(schema.enum as unknown[]).map((value, index) => (
          <Fragment key={index}>
            {index ? ', ' : ''}
            <code>{String(value)}</code>
          </Fragment>
        ))}
      </>
    );
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object')
    return (
      <>
        object of <TypeLabel schema={schema.additionalProperties} />
      </>
    );
  return <>{schema.type ?? 'any'}</>;
}

function Alternatives({ items }: { items: Json[] }) {
  return (
    <>
      {items.map((item, index) => (
        <Fragment key={index}>
          {index ? ' or ' : ''}
          <TypeLabel schema={item} />
        </Fragment>
      ))}
    </>
  );
}

function limits(schema: Json): string {
  const notes: string[] = [];
  if (schema.minLength != null && schema.minLength > 0) notes.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength != null) notes.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems != null) notes.push(`at least ${schema.minItems}`);
  if (schema.maxItems != null) notes.push(`at most ${schema.maxItems}`);
  return notes.join(', ');
}

/** An object's fields, nested inline objects as dotted names. */
function fieldRows(schema: Json, prefix = ''): Array<{ name: string; schema: Json; required: boolean }> {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Json>).flatMap(([name, field]) => {
    const row = { name: prefix + name, schema: field, required: required.has(name) };
    if (field.type === 'object' && field.properties) return [row, ...fieldRows(field, `${prefix}${name}.`)];
    if (field.type === 'array' && field.items?.properties) return [row, ...fieldRows(field.items, `${prefix}${name}[].`)];
    return [row];
  });
}

/** A bordered table that scrolls sideways on a narrow screen; rows are [key, cells]. */
function Table({ head, rows, framed = true }: { head: string[]; rows: Array<[string, ReactNode[]]>; framed?: boolean }) {
  return (
    <div className={framed ? 'overflow-x-auto rounded-md border border-slate-200' : 'overflow-x-auto'}>
      <table className="table">
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, cells]) => (
            <tr key={key}>
              {cells.map((cell, index) => (
                <td key={index} className={index === 0 ? 'font-mono text-xs whitespace-nowrap' : 'text-xs text-slate-700'}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Name = ({ name, required }: { name: string; required?: boolean }) => (
  <>
    {name}
    {required ? (
      <span className="ml-1 text-red-700" title="required">
        *
      </span>
    ) : null}
  </>
);

function Fields({ schema }: { schema: Json }) {
  const rows = fieldRows(schema);
  if (rows.length === 0)
    return (
      <p className="text-sm text-slate-600">
        Type: <TypeLabel schema={schema} />
      </p>
    );
  return (
    <Table
      head={['Field', 'Type', 'Description']}
      rows={rows.map((row) => [
        row.name,
        [
          <Name name={row.name} required={row.required} />,
          row.schema.type === 'object' && row.schema.properties ? 'object' : <TypeLabel schema={row.schema} />,
          <>
            {row.schema.description ?? ''}
            {limits(row.schema) ? <span className="block text-slate-500">{limits(row.schema)}</span> : null}
          </>,
        ],
      ])}
    />
  );
}

// ---------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------

function curl(server: string, method: string, path: string, operation: Json): string {
  const lines = [`curl ${method === 'get' ? '' : `-X ${method.toUpperCase()} `}"${server}${path.replace(/\{(\w+)\}/g, (_, name) => `<${name}>`)}"`];
  if (!operation.security) lines.push('  -H "Authorization: Bearer $DISPATCH_API_KEY"');
  const example =
    Object.values(operation.requestBody?.content?.['application/json']?.examples ?? {})[1] ??
    Object.values(operation.requestBody?.content?.['application/json']?.examples ?? {})[0];
  if (operation.parameters?.some((parameter: Json) => parameter.name === 'Idempotency-Key')) lines.push('  -H "Idempotency-Key: $(uuidgen)"');
  if (example) lines.push('  -H "Content-Type: application/json"', `  -d '${JSON.stringify((example as Json).value, null, 2)}'`);
  return lines.join(' \\\n');
}

function Operation({ server, method, path, operation }: { server: string; method: string; path: string; operation: Json }) {
  const parameters = (operation.parameters ?? []) as Json[];
  const body = operation.requestBody?.content?.['application/json'];
  return (
    <section id={operation.operationId} className="card scroll-mt-4 space-y-4 p-5" aria-labelledby={`${operation.operationId}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge font-mono uppercase ${METHOD_TONES[method] ?? 'bg-slate-100'}`}>{method}</span>
        <code className="text-sm font-semibold break-all">{`/api/v1${path}`}</code>
      </div>
      <h3 id={`${operation.operationId}-title`} className="text-lg font-semibold">
        {operation.summary}
      </h3>
      <p className="text-sm leading-6 text-slate-700">{inline(operation.description ?? '')}</p>
      {operation.security ? <p className="text-xs text-slate-500">No key needed.</p> : null}
      {parameters.length ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold">Parameters</h4>
          <Table
            head={['Name', 'In', 'Type', 'Description']}
            rows={parameters.map((parameter) => [
              `${parameter.in}-${parameter.name}`,
              [
                <Name name={parameter.name} required={parameter.required} />,
                parameter.in,
                <TypeLabel schema={parameter.schema ?? {}} />,
                parameter.description,
              ],
            ])}
          />
        </div>
      ) : null}
      {body ? (
        <div>
          <h4 className="mb-2 text-sm font-semibold">
            Body: <TypeLabel schema={body.schema} />
          </h4>
        </div>
      ) : null}
      <div>
        <h4 className="mb-2 text-sm font-semibold">Answers</h4>
        <ul className="space-y-1 text-sm">
          {Object.entries(operation.responses as Record<string, Json>).map(([status, answer]) => {
            const [mediaType, content] = Object.entries((answer.content ?? {}) as Record<string, Json>)[0] ?? [];
            return (
              <li key={status} className="flex flex-wrap gap-x-2">
                <span className={`font-mono font-semibold ${status.startsWith('2') ? 'text-emerald-700' : 'text-slate-700'}`}>{status}</span>
                <span className="text-slate-700">{inline(answer.description ?? '')}</span>
                {content?.schema ? (
                  <span className="text-slate-500">
                    (<TypeLabel schema={content.schema} />)
                  </span>
                ) : mediaType ? (
                  <span className="text-slate-500">({mediaType})</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <h4 className="mb-2 text-sm font-semibold">Example</h4>
        <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-5 text-slate-100">
          <code>{curl(server, method, path, operation)}</code>
        </pre>
      </div>
    </section>
  );
}

export function ApiReference({ document }: { document: Json }) {
  const server = document.servers?.[0]?.url ?? '/api/v1';
  const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const webhooks = Object.entries(document.webhooks as Record<string, { post: Json }>);
  const schemas = Object.entries(document.components.schemas as Record<string, Json>);
  const nav = [
    { href: '#introduction', label: 'Introduction' },
    ...operations.map(({ operation }) => ({ href: `#${operation.operationId}`, label: operation.summary as string })),
    { href: '#webhooks', label: 'Webhooks' },
    { href: '#schemas', label: 'Schemas' },
  ];
  return (
    <Document title="API reference">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold tracking-tight">{`${document.info.title} reference`}</h1>
            <p className="text-sm text-slate-600">
              Version {document.info.version} · Base URL <code className="break-all">{server}</code>
            </p>
          </div>
          <a className="btn btn-outline btn-sm" href="/api/v1/openapi.json">
            OpenAPI 3.1 document
          </a>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Reference" className="lg:sticky lg:top-4 lg:self-start">
          <ul className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
            {nav.map((item) => (
              <li key={item.href}>
                <a className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-100" href={item.href}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 space-y-8">
          <section id="introduction" className="card p-5" aria-label="Introduction">
            <Markdown text={document.info.description} />
          </section>
          <section className="space-y-4" aria-label="Operations">
            {operations.map(({ path, method, operation }) => (
              <Operation key={`${method} ${path}`} server={server} method={method} path={path} operation={operation} />
            ))}
          </section>
          <section id="webhooks" className="space-y-4" aria-labelledby="webhooks-title">
            <h2 id="webhooks-title" className="text-lg font-semibold">
              Webhooks
            </h2>
            <div className="card p-5">
              <h3 className="mb-2 text-sm font-semibold">Headers of every delivery</h3>
              <ul className="space-y-1 text-sm">
                {((webhooks[0]?.[1].post.parameters as Json[] | undefined) ?? []).map((header) => (
                  <li key={header.name}>
                    <code className="font-semibold">{header.name}</code> <span className="text-slate-600">{header.description}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="card p-0">
              <Table
                framed={false}
                head={['Event', 'When', 'Body']}
                rows={webhooks.map(([type, { post }]) => [
                  type,
                  [type, post.description, <TypeLabel schema={post.requestBody.content['application/json'].schema} />],
                ])}
              />
            </div>
          </section>
          <section id="schemas" className="space-y-4" aria-labelledby="schemas-title">
            <h2 id="schemas-title" className="text-lg font-semibold">
              Schemas
            </h2>
            {schemas.map(([name, schema]) => (
              <section key={name} id={`schema-${name}`} className="card scroll-mt-4 space-y-3 p-5" aria-labelledby={`schema-${name}-title`}>
                <h3 id={`schema-${name}-title`} className="font-mono text-base font-semibold">
                  {name}
                </h3>
                {schema.description ? <p className="text-sm text-slate-700">{schema.description}</p> : null}
                <Fields schema={schema} />
              </section>
            ))}
          </section>
        </main>
      </div>
    </Document>
  );
}
