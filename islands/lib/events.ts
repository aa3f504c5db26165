/**
 * How islands talk to the page runtime (islands/runtime): DOM events on window, so an
 * island never imports the runtime and the runtime never imports React.
 */
import type { RegionList, RegionName } from '../../src/shared/partials';

export const EVENTS = {
  toast: 'dd:toast',
  refresh: 'dd:refresh',
  navigate: 'dd:navigate',
  unmount: 'dd:unmount',
} as const;

export interface ToastDetail {
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A link that acts on what the toast says (an alert's order). */
  action?: { label: string; href: string };
  /** Longer than the usual 5 s for what must not be missed (alerts). */
  durationMs?: number;
}

/** Shows a toast; at most one is visible, a new one replaces the old (spec 1-foundations-and-admin.md §4.10). */
export function toast(detail: ToastDetail): void {
  window.dispatchEvent(new CustomEvent<ToastDetail>(EVENTS.toast, { detail }));
}

export function errorToast(description: string, title = 'Error'): void {
  toast({ title, description, variant: 'destructive' });
}

/** Re-renders the named regions now (after a change the island made): "orders" or "a,b". */
export function refreshPartials(regions: RegionList): void {
  window.dispatchEvent(new CustomEvent<{ names: string[] }>(EVENTS.refresh, { detail: { names: regions.split(',') } }));
}

/** Loads url into the named partial and records it in history (filters, tabs). */
export function navigatePartial(url: string, partial: RegionName): void {
  window.dispatchEvent(new CustomEvent<{ url: string; partial: string }>(EVENTS.navigate, { detail: { url, partial } }));
}
