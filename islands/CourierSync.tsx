/**
 * In the courier header on every courier page: starts sending what waits in the outbox
 * (so steps taken offline land once the connection returns, whichever page is open),
 * and shows "Waiting to sync" with the number of waiting steps until they have landed.
 */
import { useEffect } from 'react';
import { CloudUploadIcon } from './lib/courier/icons';
import { flush, startOutbox, useOutbox } from './lib/courier/outbox';

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
  return (
    <span role="status">
      <button type="button" className="badge h-8 bg-amber-100 text-amber-900" onClick={() => void flush()} title="Try sending now">
        <CloudUploadIcon width={14} height={14} /> Waiting to sync ({entries.length})
      </button>
    </span>
  );
}
