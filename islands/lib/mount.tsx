/**
 * Hydrates one island marker (<dd-island>) with its component and JSON props. The
 * server rendered the island as its own React root (src/views/Island.tsx) with the same
 * identifierPrefix, so ids from useId match. The runtime asks for an unmount
 * (dd:unmount) before it swaps the region an island lives in.
 */
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { EVENTS } from './events';

export function mountIsland(element: HTMLElement, Component: ComponentType<Record<string, unknown>>): void {
  if (element.dataset.hydrated) return;
  const props = JSON.parse(element.dataset.props || '{}') as Record<string, unknown>;
  const root = hydrateRoot(element, <Component {...props} />, { identifierPrefix: element.dataset.prefix });
  element.dataset.hydrated = 'true';
  element.addEventListener(EVENTS.unmount, () => root.unmount(), { once: true });
}
