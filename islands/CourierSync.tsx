/**
 * In the courier header on every courier page: registers the courier app's service worker
 * (the pages open offline, decision F1), says "Offline" while the server cannot be
 * reached, starts sending what waits in the outbox
 * (so steps taken offline land once the connection returns, whichever page is open),
 * and shows "Waiting to sync" with the number of waiting steps until they have landed.
 * While the courier has an active order, it also reports the device's position for the
 * admins' live map (issue 6) and keeps the screen awake, whichever courier page is open.
 * It opens the courier's socket, which tells the screens when orders change (F11).
 */
import { useEffect, useState } from 'react';
import { useLocationReporting } from './lib/locationReporter';
import { useWakeLock } from './lib/courier/alerts';
import { startOutbox, useOutbox } from './lib/courier/outbox';
import { startCourierPush, usePushState } from './lib/courier/push';
import { SyncBadge } from './lib/courier/SyncBadge';

export interface CourierSyncProps {
  userId: number;
  signInUrl: string;
  /** The courier area's path: the service worker's home and scope. */
  courierBase: string;
}

/** The courier app's service worker (src/routes/courier/app.ts); where it cannot run, the pages simply need the network. */
function useServiceWorker(base: string): void {
  useEffect(() => {
    navigator.serviceWorker?.register(`${base}/sw.js`, { scope: `${base}/` }).catch((error: unknown) => console.warn('Offline pages unavailable', error));
  }, [base]);
}

/** The header's active-orders indicator (a polled region) says how many orders are active. */
const ACTIVE_ORDERS = '[data-partial="active-indicator"] [data-active-orders]';

function useHasActiveOrder(): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const check = () => setActive(Number(document.querySelector<HTMLElement>(ACTIVE_ORDERS)?.dataset.activeOrders ?? 0) > 0);
    check();
    // The indicator is replaced, not edited, when its count changes.
    const observer = new MutationObserver(check);
    observer.observe(document.querySelector('header') ?? document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return active;
}

export default function CourierSync({ userId, signInUrl, courierBase }: CourierSyncProps) {
  const { entries, needsSignIn } = useOutbox();
  const activeOrder = useHasActiveOrder();
  useServiceWorker(courierBase);
  useLocationReporting(activeOrder);
  useWakeLock(activeOrder);
  useEffect(() => void startOutbox(userId), [userId]);
  useEffect(startCourierPush, []);
  const sessionEnded = usePushState() === 'ended';
  // Changes waiting in the outbox are kept on the phone and sent after signing in again.
  useEffect(() => void (sessionEnded && window.location.assign(signInUrl)), [sessionEnded, signInUrl]);
  if (entries.length && needsSignIn) {
    return (
      <span role="status">
        <a href={signInUrl} className="badge h-11 bg-red-100 text-red-800">
          Sign in to sync ({entries.length})
        </a>
      </span>
    );
  }
  return <SyncBadge waiting={entries.length} />;
}
