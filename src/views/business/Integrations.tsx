/**
 * The Profile's integrations (issue 17), rendered on the server as regions: the business's
 * API keys, its webhook endpoint, and the delivery log. Buttons act through the page
 * runtime's declarative actions (revoke, rotate, test, remove) and refresh their region.
 */
import type { RegionList } from '../../shared/partials';
import type { ReactNode } from 'react';
import type { ApiKey, WebhookEndpoint } from '../../db/schema';
import type { DeliveryLogRow } from '../../db/webhooks';
import { MAX_ATTEMPTS } from '../../domain/webhooks';
import { Badge, EmptyState, Time } from '../components/ui';

const DATE_TIME = 'MMM d, h:mm a';
const DATE_TIME_SECONDS = 'MMM d, h:mm:ss a';

/** A button that calls the API through the page runtime and refreshes regions; it asks first when `confirm` is given. */
function ApiAction({
  url,
  method,
  success,
  refresh,
  confirm,
  tone = 'btn-outline',
  disabled,
  label,
  children,
}: {
  url: string;
  method: 'POST' | 'DELETE';
  success: string;
  refresh: RegionList;
  confirm?: { question: string; yes: string; no: string };
  tone?: string;
  disabled?: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm ${tone}`}
      data-action="api"
      data-url={url}
      data-method={method}
      data-confirm={confirm?.question}
      data-confirm-label={confirm?.yes}
      data-cancel-label={confirm?.no}
      data-success={success}
      data-refresh={refresh}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </button>
  );
}

/** What a business reads when its API access is off. */
export function ApiAccessOff() {
  return (
    <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
      API access is turned off for your business. Ask your dispatcher to turn it on; until then keys are refused and no webhooks are sent.
    </p>
  );
}

export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) return <EmptyState>No API keys yet.</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 border-y border-slate-100" aria-label="API keys">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0">
            <p className="font-medium break-words">{key.name}</p>
            <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
              <code className="font-mono">{key.prefix}…</code>
              <span>
                Created <Time value={key.createdAt} pattern={DATE_TIME} />
              </span>
              <span>Last used {key.lastUsedAt ? <Time value={key.lastUsedAt} pattern={DATE_TIME} /> : 'never'}</span>
            </p>
          </div>
          <ApiAction
            url={`/api/api-keys/${key.id}`}
            method="DELETE"
            confirm={{ question: `Revoke the key "${key.name}"? Systems using it are refused at once.`, yes: 'Revoke Key', no: 'Keep Key' }}
            success="API key revoked"
            refresh="api-keys"
            label={`Revoke ${key.name}`}
          >
            Revoke
          </ApiAction>
        </li>
      ))}
    </ul>
  );
}

export function WebhookEndpointPanel({ endpoint }: { endpoint: WebhookEndpoint | undefined }) {
  if (!endpoint) return <p className="text-sm text-slate-600">No endpoint yet. Add its URL above to receive order events.</p>;
  const rotating = endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > Date.now();
  return (
    <div className="space-y-3">
      {endpoint.disabledAt != null ? (
        <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="alert">
          <p className="font-semibold">
            This endpoint was turned off on <Time value={endpoint.disabledAt} pattern={DATE_TIME} />.
          </p>
          <p>
            Every delivery had failed since <Time value={endpoint.failingSince} pattern={DATE_TIME} />, so no events are being sent. Fix the receiver, then save
            its URL again to turn it back on.
          </p>
        </div>
      ) : endpoint.failingSince != null ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          Deliveries have been failing since <Time value={endpoint.failingSince} pattern={DATE_TIME} />. After 5 days of failures the endpoint is turned off.
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">Endpoint</dt>
        <dd className="break-all font-mono text-xs">{endpoint.url}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>{endpoint.disabledAt != null ? <Badge tone="red">Turned off</Badge> : <Badge tone="green">Receiving events</Badge>}</dd>
        <dt className="text-slate-500">Signing secret</dt>
        <dd>
          <details>
            <summary className="cursor-pointer text-sm text-brand-700">Show secret</summary>
            <code className="mt-1 block break-all rounded bg-slate-100 p-2 text-xs" data-testid="webhook-secret">
              {endpoint.secret}
            </code>
            {rotating ? (
              <p className="mt-1 text-xs text-slate-500">
                The previous secret also signs until <Time value={endpoint.previousSecretExpiresAt} pattern={DATE_TIME} />.
              </p>
            ) : null}
          </details>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <ApiAction
          url="/api/webhook-endpoint/test"
          method="POST"
          tone="btn-primary"
          success="Test event sent. It appears in the delivery log in a moment."
          refresh="webhook-deliveries"
          disabled={endpoint.disabledAt != null}
        >
          Send test event
        </ApiAction>
        <ApiAction
          url="/api/webhook-endpoint/rotate-secret"
          method="POST"
          confirm={{
            question: 'Make a new signing secret? The current one keeps signing beside it for 24 hours while you switch.',
            yes: 'Rotate Secret',
            no: 'Keep Secret',
          }}
          success="New signing secret made"
          refresh="webhook-endpoint"
        >
          Rotate secret
        </ApiAction>
        <ApiAction
          url="/api/webhook-endpoint"
          method="DELETE"
          tone="btn-outline text-red-700"
          confirm={{
            question: 'Remove the endpoint? No more events are sent, and deliveries still waiting are given up.',
            yes: 'Remove Endpoint',
            no: 'Keep Endpoint',
          }}
          success="Webhook endpoint removed"
          refresh="webhook-endpoint,webhook-deliveries"
        >
          Remove endpoint
        </ApiAction>
      </div>
    </div>
  );
}

function DeliveryStatus({ row }: { row: DeliveryLogRow }) {
  const { delivery } = row;
  if (delivery.status === 'delivered') return <Badge tone="green">Delivered</Badge>;
  if (delivery.status === 'failed') return <Badge tone="red">Failed</Badge>;
  if (delivery.attempts === 0 || delivery.nextAttemptAt == null) return <Badge tone="blue">Sending</Badge>;
  return (
    <span className="flex flex-col gap-0.5">
      <Badge tone="amber">Retrying</Badge>
      <span className="text-xs text-slate-500">
        next <Time value={delivery.nextAttemptAt} pattern={DATE_TIME_SECONDS} />
      </span>
    </span>
  );
}

const answerOf = (statusCode: number | null, error: string | null) => (statusCode != null ? String(statusCode) : error ? 'No answer' : '—');

export function DeliveryLog({ rows }: { rows: DeliveryLogRow[] }) {
  if (rows.length === 0) return <EmptyState>No deliveries yet. Events appear here as they are sent.</EmptyState>;
  return (
    <div>
      <div
        className="hidden grid-cols-[11rem_1fr_7rem_6rem] gap-x-3 border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid"
        aria-hidden="true"
      >
        <span>Time</span>
        <span>Event</span>
        <span>Status</span>
        <span>Answer</span>
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Webhook deliveries">
        {rows.map((row) => {
          const { delivery } = row;
          return (
            <li key={delivery.id} className="py-2">
              <details>
                <summary className="grid cursor-pointer grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 text-sm sm:grid-cols-[11rem_1fr_7rem_6rem]">
                  <span className="order-2 text-xs text-slate-500 sm:order-none sm:text-sm sm:text-slate-700">
                    <Time value={delivery.createdAt} pattern={DATE_TIME_SECONDS} />
                  </span>
                  <span className="order-1 min-w-0 sm:order-none">
                    <code className="font-mono text-xs font-semibold">{delivery.type}</code>
                    {row.orderNumber ? <span className="ml-2 text-slate-600">{`Order #${row.orderNumber}`}</span> : null}
                  </span>
                  <span className="order-1 sm:order-none">
                    <DeliveryStatus row={row} />
                  </span>
                  <span className="order-2 text-xs sm:order-none sm:text-sm" title="Answer code of the last attempt">
                    {answerOf(delivery.lastStatusCode, delivery.lastError)}
                  </span>
                </summary>
                <div className="mt-2 rounded-md bg-slate-50 p-2 text-xs">
                  <p className="mb-1 text-slate-600">{`${delivery.attempts} of at most ${MAX_ATTEMPTS} attempts`}</p>
                  <ol className="space-y-1">
                    {row.attempts.map((attempt) => (
                      <li key={attempt.id} className="flex flex-wrap gap-x-3">
                        <Time value={attempt.at} pattern={DATE_TIME_SECONDS} />
                        <span
                          className={attempt.statusCode != null && attempt.statusCode < 300 ? 'font-semibold text-emerald-700' : 'font-semibold text-red-700'}
                        >
                          {answerOf(attempt.statusCode, attempt.error)}
                        </span>
                        <span className="text-slate-500">{`${attempt.durationMs} ms`}</span>
                        {attempt.error ? <span className="break-all text-slate-600">{attempt.error}</span> : null}
                      </li>
                    ))}
                  </ol>
                </div>
              </details>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
