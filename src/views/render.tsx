/**
 * Rendering: pages stream from React (renderToReadableStream, with the response's CSP
 * nonce on React's inline scripts). A page is made of named partials; a request with
 * `X-Partial: <name>` gets that region alone, or 304 when its ETag still holds.
 */
import type { Context } from 'hono';
import { Suspense, use, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { SessionNotConfirmed, type SessionUser } from '../auth/session';
import type { AppEnv } from '../env';
import { PARTIAL_HEADER, PARTIAL_TITLE_HEADER, type RegionName } from '../shared/partials';
import { assets, openMapConfig } from './assets';
import { ViewContext, type RequestView } from './context';
import { documentTitle } from './Document';

export function viewOf(c: Context<AppEnv>, user: SessionUser | null): RequestView {
  let islandCount = 0;
  return {
    nonce: c.var.nonce,
    timeZone: c.var.timeZone,
    courierBase: c.var.courierBase,
    path: new URL(c.req.url).pathname,
    origin: new URL(c.req.url).origin,
    user,
    assets,
    mapsApiKey: c.env.MAPS_API_KEY || null,
    openMap: openMapConfig(c.env),
    nextIslandId: () => ++islandCount,
  };
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };

async function stream(c: Context<AppEnv>, node: ReactNode, waitForAll: boolean): Promise<ReadableStream> {
  // Nothing is rendered for a session the check has not confirmed (src/http/context.ts).
  const user = await c.var.session;
  if (!(await c.var.sessionVerified)) throw new SessionNotConfirmed();
  const result = await renderToReadableStream(<ViewContext.Provider value={viewOf(c, user)}>{node}</ViewContext.Provider>, {
    nonce: c.var.nonce,
    onError(error) {
      console.error('render error', error);
    },
  });
  if (waitForAll) await result.allReady;
  return result;
}

/** A whole page, streamed: the shell goes out at once, Suspense regions follow as their data arrives. */
export async function renderPage(c: Context<AppEnv>, page: ReactNode, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  return new Response(await stream(c, page, false), { status, headers: { ...HTML_HEADERS, ...headers } });
}

export interface PartialSpec {
  /** The region's content; may query the database. */
  render: () => Promise<ReactNode>;
  /** A cheap fingerprint of everything the content depends on (db/versions.ts): polls get 304 while it holds. */
  etag?: () => Promise<string>;
  /** Poll interval in ms. */
  poll?: number;
  /** Poll this URL rather than the page's. */
  src?: string;
  /** The region navigation targets: Back and Forward reload it. */
  history?: boolean;
  /** A list someone clicks in: background updates wait while the pointer or focus is in it (islands/runtime/hold.ts). */
  hold?: boolean;
  /** Shown while the region's data streams in. */
  fallback?: ReactNode;
  /** Shown in place of the region when its data fails while the page streams (a generic notice by default). */
  error?: ReactNode;
  className?: string;
}

function Await({ promise }: { promise: Promise<ReactNode> }) {
  return use(promise);
}

function Region({ name, spec, etag, children }: { name: RegionName; spec: PartialSpec; etag?: string; children: ReactNode }) {
  return (
    <div
      data-partial={name}
      data-poll={spec.poll}
      data-partial-src={spec.src}
      data-history={spec.history ? '' : undefined}
      data-hold={spec.hold ? '' : undefined}
      data-etag={etag}
      className={spec.className}
    >
      {children}
    </div>
  );
}

/** A region of a whole page: its ETag comes with the shell, its content when its data arrives. */
function PlacedRegion({
  name,
  spec,
  etags,
  content,
}: {
  name: RegionName;
  spec: PartialSpec;
  etags: Promise<Map<RegionName, string | undefined>>;
  content: Promise<ReactNode>;
}) {
  return (
    <Region name={name} spec={spec} etag={use(etags).get(name)}>
      <Suspense fallback={spec.fallback ?? <div className="skeleton h-24 w-full" aria-label="Loading" />}>
        <Await promise={content} />
      </Suspense>
    </Region>
  );
}

/** A region whose data failed while streaming: say so in place instead of breaking the page. */
function RegionError() {
  return (
    <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      This section could not be loaded. It will retry shortly; reload the page if it does not.
    </p>
  );
}

/**
 * Answers a page request (all regions, streamed) or a partial request (one region, with
 * ETag, and the page's title so a navigation can show it). `page` places each region with
 * slot(name).
 */
export type Regions = Partial<Record<RegionName, PartialSpec>>;
export type Slot = (name: RegionName) => ReactNode;

export async function respond(
  c: Context<AppEnv>,
  partials: Regions,
  page: (slot: Slot) => ReactNode | Promise<ReactNode>,
  meta: { title?: string } = {},
): Promise<Response> {
  const requested = c.req.header(PARTIAL_HEADER) as RegionName | undefined;
  const spec = requested && Object.hasOwn(partials, requested) ? partials[requested] : undefined;
  if (requested && spec) {
    // A poll asks with its ETag, and most polls find nothing changed: their region's queries
    // wait for the counters (one round trip for a 304, a second when it changed). A region
    // asked for without one (a navigation) cannot be unchanged: its queries leave at once.
    const ifNoneMatch = c.req.header('If-None-Match');
    const rendering = ifNoneMatch ? undefined : spec.render();
    rendering?.catch(() => undefined);
    const etag = await spec.etag?.();
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-cache',
      Vary: `${PARTIAL_HEADER}, Cookie`,
    };
    if (etag) headers.ETag = etag;
    if (meta.title) headers[PARTIAL_TITLE_HEADER] = encodeURIComponent(documentTitle(meta.title));
    if (etag && ifNoneMatch === etag) return new Response(null, { status: 304, headers });
    const content = await (rendering ?? spec.render());
    const region = (
      <Region name={requested} spec={spec} etag={etag}>
        {content}
      </Region>
    );
    return new Response(await stream(c, region, true), { headers });
  }

  // Every region's queries, its ETag's and the page's own leave together, in one round trip.
  const specs = Object.entries(partials) as Array<[RegionName, PartialSpec]>;
  const contents = new Map(
    specs.map(([name, spec]) => [
      name,
      spec.render().catch((error: unknown) => {
        // Streaming already answered 200; a failed region explains itself in place.
        console.error(`partial ${name} failed`, error);
        return spec.error ?? <RegionError />;
      }),
    ]),
  );
  const etags = Promise.all(specs.map(async ([name, spec]) => [name, await spec.etag?.()] as const)).then((read) => new Map(read));
  // The shell reports their failure; a page that fails before using them leaves it handled.
  etags.catch(() => undefined);
  const slot: Slot = (name) => {
    const spec = partials[name];
    if (!spec) throw new Error(`The page places region ${name} but does not define it`);
    return <PlacedRegion name={name} spec={spec} etags={etags} content={contents.get(name)!} />;
  };
  const body = await page(slot);
  return renderPage(c, body);
}
