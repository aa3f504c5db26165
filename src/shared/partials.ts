/**
 * The partials protocol between the server (src/views/render.tsx) and the page runtime
 * (islands/runtime/partials.ts): the headers they exchange.
 */

/** Request: the name of the one region wanted. Response: varies on it. */
export const PARTIAL_HEADER = 'X-Partial';
/**
 * Response to a partial request: leave the page for this URL (a full navigation), for
 * example the sign-in page when the session has ended.
 */
export const PARTIAL_LOCATION_HEADER = 'X-Partial-Location';
/** Response to a partial request: the document title of the page it belongs to, URI-encoded. */
export const PARTIAL_TITLE_HEADER = 'X-Partial-Title';

/**
 * Every region a page is made of, by name: the server's respond() builds them, and the
 * links, forms, buttons and islands that target one name it with this type, so a typo is
 * a type error rather than a silent full-page load.
 */
export type RegionName =
  | 'active-indicator'
  | 'active-orders'
  | 'api-keys'
  | 'assign'
  | 'board'
  | 'courier-dialog'
  | 'couriers'
  | 'details'
  | 'dialog'
  | 'documents-to-verify'
  | 'earnings'
  | 'eta-accuracy'
  | 'form'
  | 'map'
  | 'messages'
  | 'notifications'
  | 'orders'
  | 'plan'
  | 'queue'
  | 'restaurant-dialog'
  | 'restaurants'
  | 'stats'
  | 'totals'
  | 'tracking'
  | 'webhook-deliveries'
  | 'webhook-endpoint'
  | 'zones';

/** Regions refreshed together after a change, as data-refresh lists them: "a,b,c". */
export type RegionList = RegionName | `${RegionName},${RegionName}` | `${RegionName},${RegionName},${RegionName}`;

declare module 'react' {
  // Typed data attributes of the partials runtime (islands/runtime): where a link or GET
  // form loads (data-partial-target) and what an API button refreshes (data-refresh).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged with React's HTMLAttributes<T>, so it names the same parameter
  interface HTMLAttributes<T> {
    'data-partial-target'?: RegionName;
    'data-refresh'?: RegionList;
  }
}
