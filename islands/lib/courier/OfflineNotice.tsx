import { useConnected } from '../connection';
import { timeOf } from './format';

/**
 * Said at the top of a courier screen while the server cannot be reached (decision F4):
 * the orders shown are the phone's copy, as of when it was made, and steps are kept. A toast
 * (the GPS warning, "Saved on this phone") keeps clear of it.
 */
export function OfflineNotice({ savedAt, timeZone }: { savedAt: number; timeZone: string }) {
  if (useConnected() !== false) return null;
  return (
    <p role="status" data-keep-clear className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>You are offline.</strong> These are the orders saved on this phone at {timeOf(savedAt, timeZone)}. Steps you take are saved on this phone and sent
      when you are back online.
    </p>
  );
}
