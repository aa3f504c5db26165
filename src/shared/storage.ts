/**
 * What the browser keeps on the device under a name the server also writes: the logout
 * button (a server view) clears what the courier islands stored.
 */

/** The courier's delivery under way, re-opened when the app opens (spec 3-courier-area.md §3.8). */
export const ACTIVE_ORDER_STORAGE_KEY = 'courier-active-order-id';
