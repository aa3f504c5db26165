/**
 * A list that holds still under the hand (issue 29): a region marked data-hold does not
 * change while the pointer is over its rows (its tables) or focus is in them, so a click lands on the row that
 * was aimed at. A background update waits, and a bar at the top of the region says what is
 * waiting ("3 new orders", with Show); it is applied as soon as the pointer and focus leave,
 * or at once on Show. The user's own navigation is never held.
 */

/** Where the pointer last was (null once it left the page). */
let pointed: Element | null = null;
const waiting = new Map<string, { region: HTMLElement; next: HTMLElement; apply: () => void }>();

/** The rows of a held region: its tables (its filters and tabs around them do not hold it). */
const ROWS = 'table, [data-hold-rows]';
const inRowsOf = (region: HTMLElement, element: Element | null) => {
  const rows = element?.closest(ROWS);
  return rows != null && region.contains(rows);
};

/**
 * Held while the pointer is on its rows, or a keyboard user's focus is (:focus-visible):
 * focus left on a button the mouse clicked (a dialog gives it back) does not freeze the list
 * once the pointer has moved away.
 */
function isHeld(region: HTMLElement): boolean {
  if (!region.hasAttribute('data-hold')) return false;
  const focused = document.activeElement;
  return inRowsOf(region, pointed) || (inRowsOf(region, focused) && focused!.matches(':focus-visible'));
}

/** The orders a region lists: the orders table's rows, or the queue's (their own attribute, so a test or a script finds one row per order in each). */
const rowIds = (root: Element) =>
  [...root.querySelectorAll('[data-order-id], [data-queue-order-id]')].map(
    (row) => row.getAttribute('data-order-id') ?? row.getAttribute('data-queue-order-id'),
  );

/** The bar's words: how many rows the update brings that are not on screen. */
export function waitingWords(current: Element, next: Element): string {
  const shown = new Set(rowIds(current));
  const added = new Set(rowIds(next).filter((id) => !shown.has(id))).size;
  return added ? `${added} new order${added === 1 ? '' : 's'}` : 'The list has changed';
}

function showBar(region: HTMLElement, next: HTMLElement): void {
  let bar = region.querySelector<HTMLElement>(':scope > [data-hold-bar]');
  if (!bar) {
    bar = document.createElement('div');
    bar.dataset.holdBar = '';
    bar.className = 'hold-bar';
    bar.setAttribute('role', 'status');
    bar.innerHTML = '<span></span> <button type="button" class="btn btn-outline btn-sm" data-hold-show>Show</button>';
    region.prepend(bar);
  }
  bar.querySelector('span')!.textContent = `${waitingWords(region, next)}: shown when you move away.`;
}

/** Keeps an update of a held region until it is let go; a later update replaces it. */
function holdUpdate(name: string, region: HTMLElement, next: HTMLElement, apply: () => void): void {
  waiting.set(name, { region, next, apply });
  showBar(region, next);
}

/** A newer content was shown (the user's own change): what waited is older, and goes. */
function dropHeld(name: string): void {
  waiting.delete(name);
}

function release(name: string): void {
  const update = waiting.get(name);
  if (!update) return;
  waiting.delete(name);
  update.apply();
}

function releaseLetGo(): void {
  for (const [name, { region }] of waiting) if (!region.isConnected || !isHeld(region)) release(name);
}

function startHold(signal?: AbortSignal): void {
  document.addEventListener(
    'pointerover',
    (event) => {
      pointed = event.target as Element;
      releaseLetGo();
    },
    { signal },
  );
  document.documentElement.addEventListener(
    'pointerleave',
    () => {
      pointed = null;
      releaseLetGo();
    },
    { signal },
  );
  // Focus moves after focusout: look once it has landed.
  document.addEventListener('focusout', () => queueMicrotask(releaseLetGo), { signal });
  document.addEventListener(
    'click',
    (event) => {
      const show = (event.target as Element).closest('[data-hold-show]');
      const name = show?.closest<HTMLElement>('[data-partial]')?.dataset.partial;
      if (name) release(name);
    },
    { signal },
  );
}

/** What the partials runtime uses, loaded on a page that has a held list. */
export const heldLists = { isHeld, holdUpdate, dropHeld, startHold };
