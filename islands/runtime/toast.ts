/**
 * Toasts (spec 1-foundations-and-admin.md §4.10, §9): at most one visible, a new one replaces the old, shown for
 * 5 s (paused while hovered or focused), dismissed by its close button, Escape, or a
 * swipe right of 50 px. Destructive toasts are announced assertively. A toast never
 * sits over the control the user just used, the focused one, the submit buttons of the
 * page's forms, an open dialog's title and close button, a notice marked
 * `data-keep-clear` (the courier's "You are offline", a workflow's hint, the reason a step
 * waits) or the first card of a screen marked `data-keep-clear-first` (what a step just
 * revealed, issue 27): it moves to the
 * other edge of the screen (placeToast), and moves again when the page scrolls or focus
 * moves (a toast placed while its form's button was off screen must not then cover it).
 */
import type { ToastDetail } from '../lib/events';

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

let current: { element: HTMLElement; timer: number | undefined } | null = null;
/** The control the user last pressed or typed in. */
let lastUsed: Element | null = null;
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="combobox"], [tabindex]';

function remember(event: Event): void {
  const target = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
  // The toast's own buttons do not count: dismissing one must not move the next.
  if (target && !target.closest('.toast-viewport')) lastUsed = target;
}
document.addEventListener('pointerdown', remember, true);
document.addEventListener('keydown', remember, true);

/** What a toast must leave visible: the control just used, the focused one, the forms' submit buttons, an open dialog's title and close button, notices marked to keep clear. */
function protectedRects(): DOMRect[] {
  // Submit buttons are where a user filling in a form is heading next.
  const elements: Array<Element | null> = [
    lastUsed,
    document.activeElement,
    ...document.querySelectorAll('form [type="submit"]'),
    ...document.querySelectorAll('[data-keep-clear]'),
    // What a step just revealed: the first card of the screen it opened (the courier's workflows).
    ...[...document.querySelectorAll('[data-keep-clear-first]')].map((screen) => screen.firstElementChild),
  ];
  for (const dialog of document.querySelectorAll('[role="dialog"], dialog[open]')) {
    elements.push(dialog.querySelector('h1, h2, [data-dialog-title]'), dialog.querySelector('[aria-label="Close"], [data-close-dialog]'));
  }
  return elements
    .filter((element): element is Element => element instanceof Element && element.isConnected && element !== document.body)
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0);
}

const overlap = (a: DOMRect, b: DOMRect) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * Puts a new toast at its usual edge, or the other one when that covers less of what must
 * stay visible. Placed again (`again`), it stays where it is unless it now covers something
 * and the other edge covers less: a toast never moves onto what it was keeping clear of.
 */
function placeToast(element: HTMLElement, again = false): void {
  const edges = viewport();
  const keep = protectedRects();
  const covered = () => keep.reduce((sum, rect) => sum + overlap(element.getBoundingClientRect(), rect), 0);
  const setEdge = (edge: string) => {
    if (edge === 'usual') delete edges.dataset.edge;
    else edges.dataset.edge = edge;
  };
  if (!again) setEdge('usual');
  const here = covered();
  if (here === 0) return;
  type Edge = 'usual' | 'other' | 'lifted';
  const was = (edges.dataset.edge as Edge | undefined) ?? 'usual';
  // Both edges hold something to keep (a courier screen's hint at the top, its pinned step at
  // the bottom): the toast sits just above what is kept at the bottom, over the middle.
  const bottomKept = keep.filter((rect) => rect.top > window.innerHeight / 2).map((rect) => rect.top);
  edges.style.setProperty('--toast-lift', `${bottomKept.length ? window.innerHeight - Math.min(...bottomKept) : 0}px`);
  let best: { edge: Edge; covers: number } = { edge: was, covers: here };
  for (const edge of ['usual', 'other', 'lifted'] as const) {
    if (edge === was) continue;
    setEdge(edge);
    const covers = covered();
    if (covers < best.covers) best = { edge, covers };
  }
  setEdge(best.edge);
}

let placing = false;
/** Places the current toast again, once per frame, after a scroll, a resize or a focus change. */
function placeAgain(): void {
  if (!current || placing) return;
  placing = true;
  requestAnimationFrame(() => {
    placing = false;
    if (current) placeToast(current.element, true);
  });
}
window.addEventListener('scroll', placeAgain, { passive: true, capture: true });
window.addEventListener('resize', placeAgain, { passive: true });
document.addEventListener('focusin', placeAgain);

function viewport(): HTMLElement {
  let element = document.getElementById('toast-viewport');
  if (!element) {
    element = document.createElement('section');
    element.id = 'toast-viewport';
    element.setAttribute('aria-label', 'Notifications');
    element.className = 'toast-viewport';
    document.body.append(element);
  }
  return element;
}

function dismiss(element: HTMLElement): void {
  if (current?.element === element) {
    window.clearTimeout(current.timer);
    current = null;
  }
  element.dataset.state = 'closed';
  // While it fades out it is gone for keyboards, pointers and screen readers.
  element.inert = true;
  element.setAttribute('aria-hidden', 'true');
  window.setTimeout(() => element.remove(), 200);
}

function schedule(element: HTMLElement): void {
  if (current?.element !== element) return;
  window.clearTimeout(current.timer);
  current.timer = window.setTimeout(() => dismiss(element), Number(element.dataset.duration) || TOAST_DURATION_MS);
}

function pause(element: HTMLElement): void {
  if (current?.element === element) window.clearTimeout(current.timer);
}

function enableSwipe(element: HTMLElement): void {
  let startX: number | null = null;
  element.addEventListener('pointerdown', (event) => {
    // Capturing the pointer would take the click from the toast's own controls.
    if ((event.target as Element).closest('button, a')) return;
    startX = event.clientX;
    element.setPointerCapture(event.pointerId);
  });
  element.addEventListener('pointermove', (event) => {
    if (startX == null) return;
    const dx = Math.max(0, event.clientX - startX);
    element.style.transform = `translateX(${dx}px)`;
  });
  const end = (event: PointerEvent) => {
    if (startX == null) return;
    const dx = event.clientX - startX;
    startX = null;
    if (dx > SWIPE_THRESHOLD_PX) dismiss(element);
    else element.style.transform = '';
  };
  element.addEventListener('pointerup', end);
  element.addEventListener('pointercancel', end);
}

export function showToast({ title, description, variant = 'default', action, durationMs }: ToastDetail): void {
  if (current) dismiss(current.element);
  const element = document.createElement('div');
  element.className = 'toast';
  element.dataset.variant = variant;
  element.dataset.state = 'open';
  element.setAttribute('role', variant === 'destructive' ? 'alert' : 'status');
  element.setAttribute('aria-live', variant === 'destructive' ? 'assertive' : 'polite');
  element.setAttribute('aria-atomic', 'true');
  const text = document.createElement('div');
  text.className = 'toast-text';
  if (title) {
    const heading = document.createElement('div');
    heading.className = 'toast-title';
    heading.textContent = title;
    text.append(heading);
  }
  if (description) {
    const body = document.createElement('div');
    body.className = 'toast-description';
    body.textContent = description;
    text.append(body);
  }
  if (action) {
    const link = document.createElement('a');
    link.className = 'btn btn-outline btn-sm toast-action';
    link.href = action.href;
    link.textContent = action.label;
    text.append(link);
  }
  if (durationMs) element.dataset.duration = String(durationMs);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismiss(element));
  element.append(text, close);
  element.addEventListener('mouseenter', () => pause(element));
  element.addEventListener('mouseleave', () => schedule(element));
  element.addEventListener('focusin', () => pause(element));
  element.addEventListener('focusout', () => schedule(element));
  element.addEventListener('keydown', (event) => event.key === 'Escape' && dismiss(element));
  enableSwipe(element);
  viewport().append(element);
  placeToast(element);
  // The action a toast reports may open a dialog in the same moment (the route modal): place it again once that is drawn.
  window.setTimeout(() => element.isConnected && element.dataset.state === 'open' && placeToast(element), 120);
  current = { element, timer: undefined };
  schedule(element);
}
