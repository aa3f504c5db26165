/**
 * Rendering: pages stream from React (renderToReadableStream, with the response's CSP
 * nonce on React's inline scripts). A page is made of named partials; a request with
 * `X-Partial: <name>` gets that region alone, or 304 when its ETag still holds.
 */
import type { Context } from 'hono';
import { Suspense, use, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { AppEnv } from '../env';
import { PARTIAL_HEADER } from '../../islands/lib/events';
import { assets } from './assets';
import { ViewContext, type RequestView } from './context';

export function viewOf(c: Context<AppEnv>): RequestView {
  let islandCount = 0;
  return {
    nonce: c.var.nonce,
    timeZone: c.var.timeZone,
    courierBase: c.var.courierBase,
    path: new URL(c.req.url).pathname,
    user: c.var.user,
    assets,
    mapsApiKey: c.env.MAPS_API_KEY || null,
    nextIslandId: () => ++islandCount,
  };
}

const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };

async function stream(c: Context<AppEnv>, node: ReactNode, waitForAll: boolean): Promise<ReadableStream> {
  const result = await renderToReadableStream(<ViewContext.Provider value={viewOf(c)}>{node}</ViewContext.Provider>, {
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
  /** Shown while the region's data streams in. */
  fallback?: ReactNode;
  /** Shown in place of the region when its data fails while the page streams (a generic notice by default). */
  error?: ReactNode;
  className?: string;
}

function Await({ promise }: { promise: Promise<ReactNode> }) {
  return use(promise);
}

function Region({ name, spec, etag, children }: { name: string; spec: PartialSpec; etag?: string; children: ReactNode }) {
  return (
    <div
      data-partial={name}
      data-poll={spec.poll}
      data-partial-src={spec.src}
      data-history={spec.history ? '' : undefined}
      data-etag={etag}
      className={spec.className}
    >
      {children}
    </div>
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
 * ETag). `page` places each region with slot(name).
 */
export async function respond(
  c: Context<AppEnv>,
  partials: Record<string, PartialSpec>,
  page: (slot: (name: string) => ReactNode) => ReactNode,
): Promise<Response> {
  const requested = c.req.header(PARTIAL_HEADER);
  if (requested && Object.hasOwn(partials, requested)) {
    const spec = partials[requested];
    const etag = await spec.etag?.();
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-cache',
      Vary: `${PARTIAL_HEADER}, Cookie`,
    };
    if (etag) headers.ETag = etag;
    if (etag && c.req.header('If-None-Match') === etag) return new Response(null, { status: 304, headers });
    const content = await spec.render();
    const region = (
      <Region name={requested} spec={spec} etag={etag}>
        {content}
      </Region>
    );
    return new Response(await stream(c, region, true), { headers });
  }

  const names = Object.keys(partials);
  const etags = await Promise.all(names.map((name) => partials[name].etag?.()));
  const contents = new Map(
    names.map((name) => [
      name,
      partials[name].render().catch((error: unknown) => {
        // Streaming already answered 200; a failed region explains itself in place.
        console.error(`partial ${name} failed`, error);
        return partials[name].error ?? <RegionError />;
      }),
    ]),
  );
  const slot = (name: string) => {
    const spec = partials[name];
    return (
      <Region name={name} spec={spec} etag={etags[names.indexOf(name)]}>
        <Suspense fallback={spec.fallback ?? <div className="skeleton h-24 w-full" aria-label="Loading" />}>
          <Await promise={contents.get(name)!} />
        </Suspense>
      </Region>
    );
  };
  return renderPage(c, page(slot));
}
