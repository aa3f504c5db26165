/** Small pieces the admin account lists share. */
import { DOCUMENTS, type DocumentKind } from '../../domain/documents';
import { Badge } from '../components/ui';
import type { RegionName } from '../../shared/partials';

/** 'Active' or 'Inactive' (zones, couriers and businesses alike). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'slate'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Beside a courier's status: the document that expired ('Insurance expired'), or 'Documents expired' for both; nothing while both count. */
export function ExpiredDocumentsBadge({ expired }: { expired: readonly DocumentKind[] }) {
  if (expired.length === 0) return null;
  return <Badge tone="red">{expired.length === 1 ? `${DOCUMENTS[expired[0]].label} expired` : 'Documents expired'}</Badge>;
}

/**
 * Activate / Deactivate an account (PATCH /api/users/:id), refreshing the list region.
 * `blockedReason` disables Deactivate and says why.
 */
export function ActivationButton({
  userId,
  active,
  name,
  region,
  success,
  blockedReason,
  confirm,
}: {
  userId: number;
  active: boolean;
  name: string;
  region: RegionName;
  success: string;
  blockedReason?: string | null;
  /** Asked before deactivating, when deactivating leaves something behind (a courier's unfinished orders). */
  confirm?: string;
}) {
  const blocked = active && !!blockedReason;
  return (
    <button
      type="button"
      className={`btn btn-sm ${active ? 'btn-outline text-red-700' : 'btn-success'}`}
      data-action="api"
      data-url={`/api/users/${userId}`}
      data-method="PATCH"
      data-body={JSON.stringify({ isActive: !active })}
      data-success={success}
      data-refresh={region}
      {...(confirm ? { 'data-confirm': confirm, 'data-confirm-label': 'Deactivate', 'data-cancel-label': 'Keep Active' } : {})}
      disabled={blocked}
      title={blocked ? blockedReason! : undefined}
      aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
    >
      {active ? 'Deactivate' : 'Activate'}
    </button>
  );
}

/** An Edit button whose dialog is an island listening for its action (islands/admin/trigger.ts). */
export function EditButton({ action, payload, name }: { action: string; payload: unknown; name: string }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" data-action={action} data-payload={JSON.stringify(payload)} aria-label={`Edit ${name}`}>
      Edit
    </button>
  );
}
