/**
 * Toasts (spec 1-foundations-and-admin.md §4.10, §9): at most one visible, a new one replaces the old, shown for
 * 5 s (paused while hovered or focused), dismissed by its close button, Escape, or a
 * swipe right of 50 px. Destructive toasts are announced assertively.
 */
import type { ToastDetail } from '../lib/events';

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

let current: { element: HTMLElement; timer: number | undefined } | null = null;

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
  window.setTimeout(() => element.remove(), 200);
}

function schedule(element: HTMLElement): void {
  if (current?.element !== element) return;
  window.clearTimeout(current.timer);
  current.timer = window.setTimeout(() => dismiss(element), TOAST_DURATION_MS);
}

function pause(element: HTMLElement): void {
  if (current?.element === element) window.clearTimeout(current.timer);
}

function enableSwipe(element: HTMLElement): void {
  let startX: number | null = null;
  element.addEventListener('pointerdown', (event) => {
    if ((event.target as Element).closest('button')) return;
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

export function showToast({ title, description, variant = 'default' }: ToastDetail): void {
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
  current = { element, timer: undefined };
  schedule(element);
}
