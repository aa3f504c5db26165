/**
 * Finds island markers and loads each one's module, which hydrates it. A page without
 * islands loads no island code and no React.
 */
import { EVENTS } from '../lib/events';

interface IslandModule {
  hydrate(element: HTMLElement): void;
}

export function hydrateIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('dd-island:not([data-hydrated]):not([data-loading])')) {
    const src = element.dataset.src;
    if (!src) continue;
    element.dataset.loading = 'true';
    import(/* @vite-ignore */ src)
      .then((module: IslandModule) => module.hydrate(element))
      .catch((error: unknown) => console.error(`Island ${element.dataset.island} failed to load`, error))
      .finally(() => delete element.dataset.loading);
  }
}

/** Lets islands inside root release their React roots before the markup goes away. */
export function unmountIslands(root: Element): void {
  for (const element of root.querySelectorAll('dd-island[data-hydrated]')) {
    element.dispatchEvent(new CustomEvent(EVENTS.unmount));
  }
}
