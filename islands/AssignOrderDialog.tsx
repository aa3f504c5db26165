/**
 * The assign dialog of Orders Management (spec 1-foundations-and-admin.md §2.8, §5.2, §8.3): fees prefilled, the
 * live total courier pay, a courier to choose, and two ways out: 'Assign Selected Courier'
 * or 'Make Available to All Couriers in Zone'. Opened by a row's 'Assign Courier' /
 * 'Reassign Order' button (data-action="assign-order").
 *
 * Issue 14 (decisions W4, W7): the couriers come from the server's suggestions, best
 * first, each with its zone and a one-line reason; a courier who cannot take the order (or
 * missed its pickup) is not offered. Reopening keeps the pay the dispatcher set last time.
 * The total says when a fee or tip is not a valid amount, and closing with a chosen courier
 * or changed pay asks first.
 *
 * The server computes the courier's pay (fee + tip) and the zone; the dialog sends the
 * status it saw, so an order that moved meanwhile is refused rather than overwritten.
 * The state and its rules are in ./admin/assignDialog.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, type Dispatch, type FormEvent } from 'react';
import type { CourierSuggestion, HeldOrder, NotOffered } from '../src/domain/dispatch';
import { courierStatusLabel } from '../src/domain/orderStatus';
import { formatUsd, parseMoney } from '../src/domain/money';
import type { AssignPayload } from '../src/shared/assignPayload';
import {
  asksBeforeTaking,
  assignBody,
  assignDescription,
  assignReducer,
  assignTitle,
  CLOSED,
  judgePay,
  SENT,
  type AssignAction,
  type AssignState,
  type PayVerdict,
  type Way,
} from './admin/assignDialog';
import { useTrigger } from './admin/trigger';
import { apiRequest, serverMessage } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';
import { Field } from './lib/Field';
import { Modal } from './lib/Modal';
import { QueryProvider } from './lib/query';

/** Moves focus to the control as it appears (a stable ref callback, so a re-render does not pull focus back). */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

interface Suggestions {
  suggestions: CourierSuggestion[];
  notOffered: NotOffered[];
  measuredFromOrder: boolean;
}

const heldWords = (held: readonly HeldOrder[]) =>
  held.length === 0 ? 'Holds no orders now.' : `Holds now: ${held.map((order) => `#${order.orderNumber} (${courierStatusLabel(order.status)})`).join(', ')}.`;

function CourierChoice({ order, value, dispatch }: { order: AssignPayload; value: string; dispatch: Dispatch<AssignAction> }) {
  const suggestions = useQuery({
    queryKey: ['courier-suggestions', order.id],
    queryFn: () => apiRequest<Suggestions>('GET', `/api/orders/${order.id}/courier-suggestions`),
    staleTime: 0,
  });
  const list = suggestions.data?.suggestions ?? [];
  const best = list[0];
  useEffect(() => {
    if (best) dispatch({ type: 'suggested', courierId: String(best.courierId) });
  }, [best, dispatch]);
  const chosen = list.find((courier) => String(courier.courierId) === value);
  // The one who missed it is named above; the others left out are named here.
  const leftOut = (suggestions.data?.notOffered ?? []).filter((courier) => courier.why !== 'missed this pickup');
  return (
    <div className="space-y-1">
      <CourierSelect query={suggestions} list={list} value={value} onChange={(chosen) => dispatch({ type: 'courierChosen', courierId: chosen })} />
      {chosen ? <p className="text-sm text-slate-600">{`${chosen.name}: ${heldWords(chosen.held)}`}</p> : null}
      {suggestions.data?.measuredFromOrder ? <p className="text-sm text-slate-600">Distances are from where the order is now, with its courier.</p> : null}
      {leftOut.length ? (
        <p className="text-sm text-slate-600">{`Not offered: ${leftOut.map((courier) => `${courier.name} (${courier.why})`).join(', ')}.`}</p>
      ) : null}
    </div>
  );
}

function CourierSelect({
  query: suggestions,
  list,
  value,
  onChange,
}: {
  query: ReturnType<typeof useQuery<Suggestions>>;
  list: CourierSuggestion[];
  value: string;
  onChange: (value: string) => void;
}) {
  const best = list[0];
  return (
    <Field
      label="Select Courier"
      hint={
        suggestions.isPending
          ? 'Loading couriers...'
          : suggestions.isError
            ? null
            : list.length === 0
              ? 'No courier can take this order now (inactive, documents expired, or vehicle does not match).'
              : `Best match: ${best.name}, ${best.reason}. Couriers are listed best first.`
      }
      error={suggestions.isError ? serverMessage(suggestions.error, 'Could not load couriers') : null}
    >
      {(control) => (
        <>
          <select {...control} className="input" value={value} disabled={suggestions.isPending} onChange={(event) => onChange(event.target.value)}>
            <option value="">{suggestions.isPending ? 'Loading couriers...' : 'Choose a courier'}</option>
            {list.map((courier) => (
              <option key={courier.courierId} value={courier.courierId}>
                {`${courier.name} (${courier.zoneName ?? 'No zone'}): ${courier.reason}`}
              </option>
            ))}
          </select>
          {suggestions.isError ? (
            <button type="button" className="btn btn-outline btn-sm mt-2" onClick={() => void suggestions.refetch()}>
              Try again
            </button>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** Opened by an alert's link (/admin/orders?assign=<id>): the dialog opens once, and the address forgets it so a reload does not reopen it. */
function useOpenedByLink(open: AssignPayload | null | undefined, dispatch: Dispatch<AssignAction>) {
  useEffect(() => {
    if (!open) return;
    dispatch({ type: 'opened', order: open });
    const url = new URL(window.location.href);
    url.searchParams.delete('assign');
    window.history.replaceState(window.history.state, '', url);
  }, [open, dispatch]);
}

function AssignDialog({ open }: { open?: AssignPayload | null }) {
  const [state, dispatch] = useReducer(assignReducer, CLOSED);
  useTrigger<AssignPayload>('assign-order', (order) => dispatch({ type: 'opened', order }));
  useOpenedByLink(open, dispatch);
  const { courierId, pending } = state;
  const order = state.opened?.order;
  const pay = judgePay(state.fee, state.tip);

  async function send(way: Way) {
    if (!order || pending) return;
    if (asksBeforeTaking(order, state, way)) {
      dispatch({ type: 'takeAsked', way });
      return;
    }
    if (pay.problem) {
      errorToast(pay.problem);
      return;
    }
    dispatch({ type: 'sending', way });
    try {
      await apiRequest('PATCH', `/api/orders/${order.id}`, assignBody(order, state, way));
      toast({ title: 'Success', description: SENT[way] });
      dispatch({ type: 'sent' });
      refreshPartials('orders,queue');
    } catch (error) {
      errorToast(way === 'assign' ? (error as Error).message : serverMessage(error, 'Failed to assign order to zone'));
      dispatch({ type: 'sendFailed' });
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (courierId) void send('assign');
  };

  return (
    <Modal
      open={order !== undefined}
      onOpenChange={(open) => !open && dispatch({ type: 'closeAsked' })}
      title={order ? assignTitle(order) : ''}
      description={assignDescription(order)}
    >
      {order ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Pay order={order} state={state} pay={pay} dispatch={dispatch} />
          {order.missedBy ? <p className="text-sm text-slate-600">{`Not offered: ${order.missedBy}, who missed this pickup.`}</p> : null}
          <CourierChoice order={order} value={courierId} dispatch={dispatch} />
          {pending ? (
            <p className="text-sm text-slate-600" role="status">
              Assigning order...
            </p>
          ) : null}
          {state.confirmingClose ? <DiscardChanges dispatch={dispatch} /> : null}
          {state.confirmingTake && order.heldBy ? (
            <TakeFromCourier orderNumber={order.orderNumber} heldBy={order.heldBy} onTake={() => void send(state.confirmingTake!)} dispatch={dispatch} />
          ) : null}
          <div className="grid gap-2">
            <button type="submit" className="btn btn-primary" disabled={!courierId || !pay.valid || pending !== null}>
              Assign Selected Courier
            </button>
            <button type="button" className="btn btn-outline" disabled={!pay.valid || pending !== null} onClick={() => void send('offer')}>
              Make Available to All Couriers in Zone
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}

/** The business's fees for reference, the courier's fee and tip, and their total. */
function Pay({ order, state, pay, dispatch }: { order: AssignPayload; state: AssignState; pay: PayVerdict; dispatch: Dispatch<AssignAction> }) {
  return (
    <>
      <div className="rounded-md bg-slate-50 p-3 text-sm">
        <p className="font-medium">Restaurant&apos;s Original Fees:</p>
        <p className="mt-1 flex gap-6 text-slate-700">
          <span>Delivery Fee: {formatUsd(parseMoney(order.deliveryFee))}</span>
          <span>Tip: {formatUsd(parseMoney(order.tip))}</span>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField label="Courier Delivery Fee ($)" value={state.fee} error={pay.errors.deliveryFee} onChange={(fee) => dispatch({ type: 'feeTyped', fee })} />
        <MoneyField label="Courier Tip ($)" value={state.tip} error={pay.errors.tip} onChange={(tip) => dispatch({ type: 'tipTyped', tip })} />
      </div>
      <p className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm" aria-live="polite">
        <span className="font-medium">Total Courier Pay:</span>
        <output className={pay.valid ? 'text-lg font-semibold tabular-nums' : 'text-sm font-medium text-red-700'}>{pay.total}</output>
      </p>
    </>
  );
}

function MoneyField({ label, value, error, onChange }: { label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Asked before taking an order from a courier who has started it (issue 29). */
function TakeFromCourier({
  orderNumber,
  heldBy,
  onTake,
  dispatch,
}: {
  orderNumber: string;
  heldBy: string;
  onTake: () => void;
  dispatch: Dispatch<AssignAction>;
}) {
  return (
    <div
      role="alertdialog"
      aria-label={`Take order #${orderNumber} from ${heldBy}?`}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p>{`${heldBy} has started order #${orderNumber}. Take it from them? They will see it is no longer theirs.`}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" ref={focusWhenShown} onClick={() => dispatch({ type: 'takeKept' })}>
          {`Keep with ${heldBy}`}
        </button>
        <button type="button" className="btn btn-destructive btn-sm" onClick={onTake}>
          {`Take it from ${heldBy}`}
        </button>
      </div>
    </div>
  );
}

/** Asked inside the dialog when closing would lose a chosen courier or typed pay (decision W7). */
function DiscardChanges({ dispatch }: { dispatch: Dispatch<AssignAction> }) {
  return (
    <div role="alertdialog" aria-label="Discard changes?" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
      <p>Close without assigning? The courier and pay you set will be lost.</p>
      <div className="flex gap-2">
        <button type="button" className="btn btn-outline btn-sm" ref={focusWhenShown} onClick={() => dispatch({ type: 'keptEditing' })}>
          Keep editing
        </button>
        <button type="button" className="btn btn-destructive btn-sm" onClick={() => dispatch({ type: 'discarded' })}>
          Discard
        </button>
      </div>
    </div>
  );
}

export default function AssignOrderDialog({ open }: { open?: AssignPayload | null }) {
  return (
    <QueryProvider>
      <AssignDialog open={open} />
    </QueryProvider>
  );
}
