/**
 * Hypermedia partials: named regions (<div data-partial="name">) that the server can
 * render alone. A request carries `X-Partial: name` and the region's ETag; the server
 * answers 304 when nothing it depends on changed, or the region's new markup.
 *
 * - Navigation: links and GET forms with data-partial-target load their URL into that
 *   region and push it onto history; back and forward reload the region.
 * - Polling: a region with data-poll="ms" re-requests its data-partial-src (or the page
 *   URL) while the tab is visible, and at once when it becomes visible again.
 * - Swapping keeps focus, open popovers and <details>, and leaves a region alone while
 *   someone is typing in it or has a picker open from it.
 */
import { EVENTS, PARTIAL_HEADER } from '../lib/events';
import { hydrateIslands, unmountIslands } from './islands';
import { showToast } from './toast';

const inFlight = new Map<string, AbortController>();
const pollTimers = new Map<string, number>();

const regionSelector = (name: string) => `[data-partial="${CSS.escape(name)}"]`;
export const findRegion = (name: string) => document.querySelector<HTMLElement>(regionSelector(name));

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

export function swapRegion(current: HTMLElement, html: string, etag: string | null): HTMLElement | null {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  const next = template.content.querySelector<HTMLElement>(regionSelector(current.dataset.partial!)) ?? (template.content.firstElementChild as HTMLElement | null);
  if (!next) return null;
  if (etag) next.dataset.etag = etag;
  const activeId = current.contains(document.activeElement) ? document.activeElement?.id : undefined;
  const openPopovers = [...current.querySelectorAll<HTMLElement>('[popover]:popover-open')].map((element) => element.id).filter(Boolean);
  const openDetails = [...current.querySelectorAll<HTMLDetailsElement>('details[open]')].map((element) => element.id).filter(Boolean);
  unmountIslands(current);
  current.replaceWith(next);
  for (const id of openPopovers) (document.getElementById(id) as HTMLElement | null)?.showPopover?.();
  for (const id of openDetails) (document.getElementById(id) as HTMLDetailsElement | null)?.setAttribute('open', '');
  if (activeId) document.getElementById(activeId)?.focus({ preventScroll: true });
  hydrateIslands(next);
  schedulePolls();
  return next;
}

interface LoadOptions {
  /** Record the URL in history (navigation) rather than refresh in place. */
  push?: boolean;
  /** Background refresh: no error toast, send the ETag, skip while the user types. */
  background?: boolean;
}

export async function loadPartial(name: string, url: string, options: LoadOptions = {}): Promise<void> {
  const region = findRegion(name);
  if (!region) {
    if (options.push) window.location.assign(url);
    return;
  }
  if (options.background && isBusy(region)) return;
  inFlight.get(name)?.abort();
  const controller = new AbortController();
  inFlight.set(name, controller);
  region.setAttribute('aria-busy', 'true');
  try {
    const headers: Record<string, string> = { [PARTIAL_HEADER]: name };
    if (options.background && region.dataset.etag) headers['If-None-Match'] = region.dataset.etag;
    const response = await fetch(url, { headers, credentials: 'same-origin', signal: controller.signal });
    if (response.status === 304) {
      delete region.dataset.stale;
      return;
    }
    if (response.status === 401) {
      window.location.assign(`/auth?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const html = await response.text();
    if (options.push) history.pushState({ partial: name }, '', url);
    if (options.background && isBusy(region)) return;
    swapRegion(region, html, response.headers.get('ETag'));
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    if (options.background) {
      // Keep the last good content; mark it so the page can say it may be out of date.
      region.dataset.stale = 'true';
    } else {
      showToast({ title: 'Error', description: 'Could not load this view. Check your connection and try again.', variant: 'destructive' });
    }
  } finally {
    if (inFlight.get(name) === controller) inFlight.delete(name);
    findRegion(name)?.removeAttribute('aria-busy');
  }
}

function regionUrl(region: HTMLElement): string {
  return region.dataset.partialSrc || window.location.pathname + window.location.search;
}

export function refreshRegions(names: string[]): void {
  for (const name of names) {
    const region = findRegion(name);
    if (region) void loadPartial(name, regionUrl(region), { background: true });
  }
}

/** Starts a timer for each polling region that lacks one; timers end with their region. */
export function schedulePolls(): void {
  for (const region of document.querySelectorAll<HTMLElement>('[data-partial][data-poll]')) {
    const name = region.dataset.partial!;
    if (pollTimers.has(name)) continue;
    const interval = Math.max(1000, Number(region.dataset.poll) || 0);
    const tick = async () => {
      const current = findRegion(name);
      if (!current?.dataset.poll) {
        pollTimers.delete(name);
        return;
      }
      if (document.visibilityState === 'visible') await loadPartial(name, regionUrl(current), { background: true });
      // The region's new markup may ask for another interval (a delivered order awaiting photos).
      pollTimers.set(name, window.setTimeout(tick, Math.max(1000, Number(findRegion(name)?.dataset.poll) || interval)));
    };
    pollTimers.set(name, window.setTimeout(tick, interval));
  }
}

function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-partial-target]');
  if (!link || link.origin !== window.location.origin) return;
  event.preventDefault();
  void loadPartial(link.dataset.partialTarget!, link.href, { push: true });
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (!form.matches('form[data-partial-target]') || form.method.toLowerCase() !== 'get') return;
  event.preventDefault();
  const url = new URL(form.action, window.location.href);
  url.search = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
  void loadPartial(form.dataset.partialTarget!, url.pathname + url.search, { push: true });
}

export function startPartials(): void {
  document.addEventListener('click', onClick);
  document.addEventListener('submit', onSubmit);
  window.addEventListener('popstate', (event) => {
    // History entries an island made for itself (the courier's order view) are its own.
    if ((event.state as { island?: string } | null)?.island) return;
    const name = (event.state as { partial?: string } | null)?.partial;
    const target = name ?? document.querySelector<HTMLElement>('[data-partial][data-history]')?.dataset.partial;
    if (target) void loadPartial(target, window.location.pathname + window.location.search);
    else window.location.reload();
  });
  window.addEventListener(EVENTS.refresh, (event) => refreshRegions((event as CustomEvent<{ names: string[] }>).detail.names));
  window.addEventListener(EVENTS.navigate, (event) => {
    const { url, partial } = (event as CustomEvent<{ url: string; partial: string }>).detail;
    void loadPartial(partial, url, { push: true });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    refreshRegions([...document.querySelectorAll<HTMLElement>('[data-partial][data-poll]')].map((region) => region.dataset.partial!));
  });
  // The first history entry needs its region name too, so Back to it reloads the region.
  const historyRegion = document.querySelector<HTMLElement>('[data-partial][data-history]');
  if (historyRegion) history.replaceState({ partial: historyRegion.dataset.partial }, '');
  schedulePolls();
}
