/**
 * The time a courier has left to accept the autopilot's offer to them alone (decision W12),
 * ticking each second. A timer is not read aloud at every tick (aria-live off); its end is.
 */
import { useEffect } from 'react';
import { offerTimeLeft } from '../../../src/domain/courierFlow';
import { millis } from './format';
import { useNow } from './useNow';

export function OfferCountdown({ expiresAt, serverNow, onEnded }: { expiresAt: string; serverNow: number; onEnded?: () => void }) {
  const now = useNow(serverNow, 1000);
  const end = millis(expiresAt);
  const ended = now >= end;
  useEffect(() => {
    if (ended) onEnded?.();
  }, [ended, onEnded]);
  if (ended)
    return (
      <p role="status" className="text-sm font-medium text-slate-600">
        This offer has ended
      </p>
    );
  return (
    <p className="text-sm font-medium text-amber-900">
      Accept within{' '}
      <span role="timer" aria-live="off" className="font-semibold tabular-nums">
        {offerTimeLeft(end, now)}
      </span>
    </p>
  );
}
