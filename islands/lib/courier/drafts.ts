/**
 * What the courier has on a screen but not yet sent with a step: the photos taken for
 * the delivery, the pickup or a stop, the notes typed, the setup guide acknowledged.
 * Kept on the device (localStorage), so a reload does not lose them; the photos
 * themselves wait in the outbox until they are uploaded.
 */
import { useCallback, useEffect, useState } from 'react';

export interface Draft {
  /** Photo URLs, or local names of photos still being uploaded (outbox.ts). */
  photos: string[];
  notes: string;
  guideDone: boolean;
}

const EMPTY: Draft = { photos: [], notes: '', guideDone: false };
const storageKey = (orderId: number, purpose: string) => `courier-draft:${orderId}:${purpose}`;

function read(key: string): Draft {
  try {
    return { ...EMPTY, ...(JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Draft> | null) };
  } catch {
    return EMPTY;
  }
}

/** A draft for one purpose of one order ('delivery', 'pickup', 'stop-12'). */
export function useDraft(orderId: number, purpose: string): [Draft, (change: Partial<Draft>) => void, () => void] {
  const key = storageKey(orderId, purpose);
  // The server render has no storage; the stored draft is read once mounted.
  const [draft, setDraft] = useState<Draft>(EMPTY);
  useEffect(() => setDraft(read(key)), [key]);
  const update = useCallback(
    (change: Partial<Draft>) =>
      setDraft((current) => {
        const next = { ...current, ...change };
        localStorage.setItem(key, JSON.stringify(next));
        return next;
      }),
    [key],
  );
  const clear = useCallback(() => {
    localStorage.removeItem(key);
    setDraft(EMPTY);
  }, [key]);
  return [draft, update, clear];
}
