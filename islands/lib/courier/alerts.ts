/**
 * Field comforts (decision F12): an alert for a new offer, a short tone and a vibration,
 * only once the courier has turned it on (the tap that does so also lets the browser
 * play sound); and the screen kept awake while a delivery is under way (Wake Lock).
 */
import { useCallback, useEffect, useState } from 'react';
import { playTone, unlockTone } from '../tone';
import { useOnPush } from './push';

const ALERTS_KEY = 'courier-offer-alerts';
const VIBRATION = [200, 100, 200];

function ring(): void {
  navigator.vibrate?.(VIBRATION);
  unlockTone();
  playTone();
}

/** Whether new offers ring, and the switch (its tap is the user's permission for sound). */
export function useOfferAlerts(): { enabled: boolean; toggle: () => void } {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => setEnabled(localStorage.getItem(ALERTS_KEY) === 'on'), []);
  useOnPush(useCallback((push) => enabled && push.offer && ring(), [enabled]));
  const toggle = useCallback(() => {
    const next = !enabled;
    localStorage.setItem(ALERTS_KEY, next ? 'on' : 'off');
    setEnabled(next);
    if (next) ring();
  }, [enabled]);
  return { enabled, toggle };
}

/** Keeps the screen on while `active` (the browser lets go when the page is hidden: taken again on return). */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (ended) void lock.release();
      } catch {
        // Refused (battery saver, no support): the screen follows the phone's own settings.
      }
    };
    void acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, [active]);
}
