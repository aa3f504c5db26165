/**
 * Hypermedia partials: named regions (<div data-partial="name">) that the server can
 * render alone. A request carries `X-Partial: name` (and, in the background, the region's
 * ETag); the server answers 304 when nothing changed, or the region's new markup.
 *
 * - Navigation: links and GET forms with data-partial-target load their URL into that
 *   region and push it onto history, keeping the scroll position of the entry they leave;
 *   Back and Forward load the region again and restore it. The title follows the page.
 * - Background: a region with data-poll="ms" re-requests its data-partial-src (or the
 *   page URL) while the tab is visible; refreshRegions() re-reads regions after a change.
 * - One load per region at a time. A user's navigation cancels whatever was loading the
 *   region; a background load yields to a navigation (a refresh asked for meanwhile runs
 *   after it) and never swaps markup over a region that changed since it started.
 * - A reply that was redirected, tells us to leave (the session ended), or lacks the
 *   region becomes a full navigation.
 * - Swapping keeps focus, open popovers and <details>, and islands whose props did not
 *   change; it leaves a region alone while someone is typing in it or has a picker open,
 *   and a data-hold region while the pointer or focus is in it (hold.ts).
 * - A failed background load keeps the old content and says "Updates paused — retrying".
 */
import { buildErrorMessage } from '../../src/domain/errors';
import { PARTIAL_HEADER, PARTIAL_LOCATION_HEADER, PARTIAL_TITLE_HEADER } from '../../src/shared/partials';
import { EVENTS } from '../lib/events';
import { hydrateIslands, unmountIslands } from './islands';
import { showToast } from './toast';

/** navigate: a user asked for it. refresh: the page knows the data changed. poll: a timer. */
type Mode = 'navigate' | 'refresh' | 'poll';

interface Load {
  name: string;
  mode: Mode;
  controller: AbortController;
}

type Reply = { type: 'unchanged' } | { type: 'content'; region: HTMLElement; title: string | null } | { type: 'elsewhere'; url: string };

/** What a history entry made by the runtime remembers. */
interface EntryState {
  partial?: string;
  scroll?: [number, number];
  /** Entries an island made for itself (the courier's order view) are its own. */
  island?: string;
}

export const STALE_NOTICE = 'Updates paused — retrying';
/** A region without a poll of its own tries again this long after a failed refresh. */
export const RETRY_MS = 5000;
const NAVIGATION_FAILED = 'Could not load this view. Check your connection and try again.';

const loads = new Map<string, Load>();
/** Refreshes that waited for a navigation of their region to finish. */
const waiting = new Set<string>();
const pollTimers = new Map<string, number>();
const retryTimers = new Map<string, number>();

const regionSelector = (name: string) => `[data-partial="${CSS.escape(name)}"]`;
export const findRegion = (name: string) => document.querySelector<HTMLElement>(regionSelector(name));

class HttpError extends Error {}

/** Leaves the page for url: a full navigation. */
function leave(url: string): void {
  window.location.assign(url);
}

/** Starts a load of a region, or returns null when it yields to the one in flight. */
function begin(name: string, mode: Mode): Load | null {
  const running = loads.get(name);
  if (running && mode === 'poll') return null;
  if (running?.mode === 'navigate' && mode === 'refresh') {
    waiting.add(name);
    return null;
  }
  running?.controller.abort();
  const load = { name, mode, controller: new AbortController() };
  loads.set(name, load);
  findRegion(name)?.setAttribute('aria-busy', 'true');
  return load;
}

const isCurrent = (load: Load) => loads.get(load.name) === load;

function end(load: Load): void {
  if (!isCurrent(load)) return;
  loads.delete(load.name);
  findRegion(load.name)?.removeAttribute('aria-busy');
  if (waiting.delete(load.name)) void refreshRegion(load.name);
}

/** Cancels whatever is loading the region (its content is going away). */
export function cancelLoads(name: string): void {
  loads.get(name)?.controller.abort();
  loads.delete(name);
  waiting.delete(name);
}

async function request(load: Load, url: string, etag?: string): Promise<Reply> {
  const headers: Record<string, string> = { [PARTIAL_HEADER]: load.name };
  if (etag) headers['If-None-Match'] = etag;
  const response = await fetch(url, { headers, credentials: 'same-origin', signal: load.controller.signal });
  const location = response.headers.get(PARTIAL_LOCATION_HEADER);
  if (location) return { type: 'elsewhere', url: location };
  if (response.redirected) return { type: 'elsewhere', url: response.url };
  if (response.status === 304) return { type: 'unchanged' };
  if (!response.ok) throw new HttpError(buildErrorMessage(response.status, response.statusText, await response.text()));
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  const region = template.content.querySelector<HTMLElement>(regionSelector(load.name));
  if (!region) return { type: 'elsewhere', url };
  const newEtag = response.headers.get('ETag');
  if (newEtag) region.dataset.etag = newEtag;
  const title = response.headers.get(PARTIAL_TITLE_HEADER);
  return { type: 'content', region, title: title ? decodeURIComponent(title) : null };
}

/**
 * Loads a region and hands its reply to `apply`, unless a newer load of the region
 * started meanwhile. A navigation's failure is told in a toast; a background one marks
 * the region stale and retries.
 */
export async function runLoad(
  name: string,
  url: string,
  mode: Mode,
  apply: (reply: Exclude<Reply, { type: 'elsewhere' }>) => void,
  etag?: string,
): Promise<void> {
  const load = begin(name, mode);
  if (!load) return;
  try {
    const reply = await request(load, url, etag);
    if (!isCurrent(load)) return;
    if (reply.type === 'elsewhere') leave(reply.url);
    else apply(reply);
  } catch (error) {
    if (!isCurrent(load) || (error as Error).name === 'AbortError') return;
    if (mode === 'navigate') {
      showToast({ title: 'Error', description: error instanceof HttpError ? error.message : NAVIGATION_FAILED, variant: 'destructive' });
    } else {
      markStale(name);
    }
  } finally {
    end(load);
  }
}

/**
 * Someone is using the region: typing in it, or holding open a menu or picker that one of
 * its controls opened (aria-expanded, e.g. a month picker). A background refresh waits
 * rather than pull it from under them.
 */
function isBusy(region: Element): boolean {
  const active = document.activeElement;
  const typing = !!active && region.contains(active) && active.matches('input, textarea, select, [contenteditable="true"]');
  return typing || region.querySelector('[aria-expanded="true"]') !== null;
}

// ---------------------------------------------------------------------------
// Swapping
// ---------------------------------------------------------------------------

const islandKey = (island: HTMLElement) => `${island.dataset.island}\n${island.dataset.props}`;

/**
 * Islands of the old content whose name and props reappear in the new one stay as they
 * are (state, focus, hydration) and take the new markers' places.
 */
function keepUnchangedIslands(current: Element, next: Element): void {
  const live = new Map<string, HTMLElement[]>();
  for (const island of current.querySelectorAll<HTMLElement>('dd-island')) {
    live.set(islandKey(island), [...(live.get(islandKey(island)) ?? []), island]);
  }
  for (const marker of next.querySelectorAll<HTMLElement>('dd-island')) {
    const kept = live.get(islandKey(marker))?.shift();
    if (kept) marker.replaceWith(kept);
  }
}

function openPopoverIds(root: Element): string[] {
  try {
    return [...root.querySelectorAll<HTMLElement>('[popover]:popover-open')].map((element) => element.id).filter(Boolean);
  } catch {
    return []; // a browser without the Popover API has none open
  }
}

/** After a navigation, focus goes where a screen-reader user expects the new content: its heading, else the region. */
function focusContent(region: HTMLElement): void {
  const target = region.querySelector<HTMLElement>('h1, h2, h3') ?? region;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * What identifies a focused control across a swap when it has no id: its tag, action and
 * name within the nearest identified ancestor (a table row's data-order-id, an id). A
 * keyboard user on a row's 'Assign Courier' keeps focus there when the list refreshes.
 */
function controlKey(element: Element): string {
  const scope = element.parentElement?.closest('[id], [data-order-id]');
  const scopeKey = scope ? `${scope.id}|${scope.getAttribute('data-order-id') ?? ''}` : '';
  const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
  return `${scopeKey}|${element.tagName}|${element.getAttribute('data-action') ?? ''}|${name}`;
}

function sameControl(active: Element | null, next: Element): HTMLElement | null {
  if (!active) return null;
  if (active.id) return document.getElementById(active.id);
  const key = controlKey(active);
  for (const candidate of next.querySelectorAll<HTMLElement>(active.tagName)) if (controlKey(candidate) === key) return candidate;
  return null;
}

/** Replaces a region with its new content; returns the region now in the page. */
export function swapRegion(current: HTMLElement, next: HTMLElement, options: { navigation?: boolean } = {}): HTMLElement {
  const focusWasInside = current.contains(document.activeElement);
  const active = focusWasInside ? document.activeElement : null;
  const openPopovers = openPopoverIds(current);
  const openDetails = [...current.querySelectorAll<HTMLDetailsElement>('details[open]')].map((element) => element.id).filter(Boolean);
  keepUnchangedIslands(current, next);
  unmountIslands(current);
  current.replaceWith(next);
  for (const id of openPopovers) document.getElementById(id)?.showPopover?.();
  for (const id of openDetails) document.getElementById(id)?.setAttribute('open', '');
  const refocus = active && !next.contains(active) ? sameControl(active, next) : null;
  if (refocus) refocus.focus({ preventScroll: true });
  else if (options.navigation && (focusWasInside || document.activeElement === document.body)) focusContent(next);
  hydrateIslands(next);
  schedulePolls();
  updateStaleNotice();
  return next;
}

// ---------------------------------------------------------------------------
// Navigation and history
// ---------------------------------------------------------------------------

function pushEntry(name: string, url: string): void {
  const target = new URL(url, window.location.href).href;
  if (target === window.location.href) return;
  history.replaceState({ ...(history.state as EntryState | null), scroll: [window.scrollX, window.scrollY] } satisfies EntryState, '');
  history.pushState({ partial: name } satisfies EntryState, '', target);
}

/** Loads url into the region as the user's navigation: pushed onto history unless `restore` (Back/Forward) gives its scroll. */
export function navigate(name: string, url: string, options: { push?: boolean; restore?: [number, number] } = {}): Promise<void> {
  if (!findRegion(name)) {
    leave(url);
    return Promise.resolve();
  }
  return runLoad(name, url, 'navigate', (reply) => {
    const current = findRegion(name);
    if (!current || reply.type !== 'content') return;
    if (options.push) pushEntry(name, url);
    if (reply.title) document.title = reply.title;
    const next = swapRegion(current, reply.region, { navigation: true });
    if (options.restore) window.scrollTo(...options.restore);
    else if (next.getBoundingClientRect().top < 0) next.scrollIntoView({ block: 'start' });
  });
}

// ---------------------------------------------------------------------------
// Background refresh and polling
// ---------------------------------------------------------------------------

function regionUrl(region: HTMLElement): string {
  return region.dataset.partialSrc || window.location.pathname + window.location.search;
}

/** The page says so in words while any region could not be refreshed. */
export function updateStaleNotice(): void {
  let notice = document.getElementById('dd-stale-notice');
  const stale = document.querySelector('[data-partial][data-stale]') !== null;
  if (!notice) {
    if (!stale) return;
    notice = document.createElement('p');
    notice.id = 'dd-stale-notice';
    notice.className = 'stale-notice';
    notice.setAttribute('role', 'status');
    document.body.append(notice);
  }
  notice.textContent = stale ? STALE_NOTICE : '';
}

function markStale(name: string): void {
  const region = findRegion(name);
  if (!region) return;
  region.dataset.stale = 'true';
  updateStaleNotice();
  // A polled region retries at its next tick; another one needs a timer of its own.
  if (!region.dataset.poll && !retryTimers.has(name)) {
    retryTimers.set(
      name,
      window.setTimeout(() => {
        retryTimers.delete(name);
        void refreshRegion(name);
      }, RETRY_MS),
    );
  }
}

function markFresh(region: HTMLElement): void {
  if (region.dataset.stale === undefined) return;
  delete region.dataset.stale;
  updateStaleNotice();
}

/** Re-reads a region in the background (with its ETag), unless someone is using it. */
export function refreshRegion(name: string, mode: 'refresh' | 'poll' = 'refresh'): Promise<void> {
  const region = findRegion(name);
  if (!region || isBusy(region)) return Promise.resolve();
  return runLoad(
    name,
    regionUrl(region),
    mode,
    (reply) => {
      // The region was swapped or removed since this load started: its reply is stale.
      if (findRegion(name) !== region) return;
      markFresh(region);
      if (reply.type !== 'content' || isBusy(region)) return;
      // A list under the pointer or the keyboard keeps still while others change it; the update waits (issue 29).
      // The dispatcher's own change (an island's refresh after it) shows at once.
      if (mode === 'poll' && hold?.isHeld(region))
        hold.holdUpdate(name, region, reply.region, () => findRegion(name) === region && swapRegion(region, reply.region));
      else {
        hold?.dropHeld(name);
        swapRegion(region, reply.region);
      }
    },
    region.dataset.etag,
  );
}

export function refreshRegions(names: string[]): void {
  for (const name of names) void refreshRegion(name);
}

const pollInterval = (region: HTMLElement | null, fallback = 1000) => Math.max(1000, Number(region?.dataset.poll) || fallback);

/** Starts a timer for each polling region that lacks one; timers end with their region. */
export function schedulePolls(): void {
  for (const region of document.querySelectorAll<HTMLElement>('[data-partial][data-poll]')) {
    const name = region.dataset.partial!;
    if (pollTimers.has(name)) continue;
    const tick = async () => {
      if (!findRegion(name)?.dataset.poll) {
        pollTimers.delete(name);
        return;
      }
      // While a socket keeps the page fresh (the courier's, islands/lib/courier/push.ts), polls pause.
      if (document.visibilityState === 'visible' && document.documentElement.dataset.pushed !== 'on') await refreshRegion(name, 'poll');
      const current = findRegion(name);
      // The region's new markup may ask for another interval (a delivered order awaiting photos).
      if (current?.dataset.poll) pollTimers.set(name, window.setTimeout(tick, pollInterval(current)));
      else pollTimers.delete(name);
    };
    pollTimers.set(name, window.setTimeout(tick, pollInterval(region)));
  }
}

// ---------------------------------------------------------------------------
// Wiring
// ---------------------------------------------------------------------------

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-partial-target]');
  if (!link || link.origin !== window.location.origin || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  event.preventDefault();
  void navigate(link.dataset.partialTarget!, link.href, { push: true });
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (event.defaultPrevented || !form.matches('form[data-partial-target]') || form.method.toLowerCase() !== 'get') return;
  event.preventDefault();
  const url = new URL(form.action, window.location.href);
  url.search = new URLSearchParams(new FormData(form, event.submitter) as unknown as Record<string, string>).toString();
  void navigate(form.dataset.partialTarget!, url.pathname + url.search, { push: true });
}

function onPopState(event: PopStateEvent): void {
  const state = event.state as EntryState | null;
  // No state: a fragment link's entry, which the browser handles. Island entries are the island's.
  if (!state || state.island) return;
  if (state.partial && findRegion(state.partial))
    void navigate(state.partial, window.location.pathname + window.location.search, { restore: state.scroll ?? [0, 0] });
  else window.location.reload();
}

/** The held lists' code (./hold.ts), once a page that has one has loaded it. */
let hold: (typeof import('./hold'))['heldLists'] | null = null;

/** Wires the runtime to the page; `signal` unwires it (tests start it afresh). */
export function startPartials(signal?: AbortSignal): void {
  // Only a page with a list that holds still loads that code (the dispatcher's orders).
  hold = null;
  if (document.querySelector('[data-hold]'))
    void import('./hold').then(({ heldLists }) => {
      if (signal?.aborted) return;
      heldLists.startHold(signal);
      hold = heldLists;
    });
  document.addEventListener('click', onClick, { signal });
  document.addEventListener('submit', onSubmit, { signal });
  window.addEventListener('popstate', onPopState, { signal });
  window.addEventListener(EVENTS.refresh, (event) => refreshRegions((event as CustomEvent<{ names: string[] }>).detail.names), { signal });
  window.addEventListener(
    EVENTS.navigate,
    (event) => {
      const { url, partial } = (event as CustomEvent<{ url: string; partial: string }>).detail;
      void navigate(partial, url, { push: true });
    },
    { signal },
  );
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState !== 'visible') return;
      for (const region of document.querySelectorAll<HTMLElement>('[data-partial][data-poll]')) void refreshRegion(region.dataset.partial!, 'poll');
    },
    { signal },
  );
  // The first history entry needs its region name too, so Back to it reloads the region.
  const historyRegion = document.querySelector<HTMLElement>('[data-partial][data-history]');
  if (historyRegion) history.replaceState({ ...(history.state as EntryState | null), partial: historyRegion.dataset.partial } satisfies EntryState, '');
  schedulePolls();
}
