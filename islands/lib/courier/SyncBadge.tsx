import { CloudUploadIcon } from './icons';
import { flush } from './outbox';

/** "Waiting to sync": steps taken here that the server has not received yet; a tap tries now. */
export function SyncBadge({ waiting }: { waiting: number }) {
  if (!waiting) return null;
  return (
    <span role="status">
      <button type="button" className="badge h-11 bg-amber-100 text-amber-900" title="Try sending now" onClick={() => void flush()}>
        <CloudUploadIcon width={14} height={14} /> Waiting to sync ({waiting})
      </button>
    </span>
  );
}
