/**
 * Server-rendered rows open an island's dialog: a row's button carries
 * data-action="<name>" and data-payload='<json>' (the runtime ignores actions it does not
 * know), and the island listens for clicks on it. One island serves every row, however
 * often the list region is swapped, and rows need no React.
 */
import { useEffect, useRef } from 'react';

export function useTrigger<Payload>(action: string, open: (payload: Payload) => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest<HTMLElement>(`[data-action="${action}"]`);
      if (!trigger || (trigger as HTMLButtonElement).disabled) return;
      latest.current(JSON.parse(trigger.dataset.payload ?? 'null') as Payload);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [action]);
}
