import { useConnected } from '../connection';
import { CloudUploadIcon } from './icons';
import { flush } from './outbox';

/**
 * "Waiting to sync": steps taken here that the server has not received yet; a tap tries now.
 * With nothing waiting and no server to reach, "Offline" (the order view covers the page's header).
 */
export function SyncBadge({ waiting }: { waiting: number }) {
  const connected = useConnected();
  if (!waiting) {
    return connected === false ? (
      <span role="status" className="badge bg-amber-100 text-amber-900">
        Offline
      </span>
    ) : null;
  }
  return (
    <span role="status">
      {/* Narrow phones read "Sync (n)": the header fits 390 px beside "2 Active Orders" (issue 27). */}
      <button
        type="button"
        className="badge h-11 whitespace-nowrap bg-amber-100 text-amber-900"
        title="Try sending now"
        aria-label={`Waiting to sync (${waiting})`}
        onClick={() => void flush()}
      >
        <CloudUploadIcon width={14} height={14} /> <span className="hidden min-[420px]:inline">Waiting to sync</span>
        <span className="min-[420px]:hidden">Sync</span> ({waiting})
      </button>
    </span>
  );
}
