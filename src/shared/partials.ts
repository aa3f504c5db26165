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
