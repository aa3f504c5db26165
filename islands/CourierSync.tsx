/**
 * In the courier header on every courier page: starts sending what waits in the outbox
 * (so steps taken offline land once the connection returns, whichever page is open),
 * and shows "Waiting to sync" with the number of waiting steps until they have landed.
 */
import { useEffect } from 'react';
import { startOutbox, useOutbox } from './lib/courier/outbox';
import { SyncBadge } from './lib/courier/SyncBadge';

export interface CourierSyncProps {
  userId: number;
  signInUrl: string;
}

export default function CourierSync({ userId, signInUrl }: CourierSyncProps) {
  const { entries, needsSignIn } = useOutbox();
  useEffect(() => void startOutbox(userId), [userId]);
  if (entries.length === 0) return null;
  if (needsSignIn) {
    return (
      <span role="status">
        <a href={signInUrl} className="badge bg-red-100 text-red-800">
          Sign in to sync ({entries.length})
        </a>
      </span>
    );
  }
  return <SyncBadge waiting={entries.length} />;
}
