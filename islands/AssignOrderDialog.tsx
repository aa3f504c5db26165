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
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

/** Moves focus to the control as it appears (a stable ref callback, so a re-render does not pull focus back). */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();
import * as z from 'zod/mini';
import type { CourierSuggestion } from '../src/domain/dispatch';
import { courierPay } from '../src/domain/fees';
import { formatUsd, parseMoney } from '../src/domain/money';
import { courierFees } from '../src/domain/schemas/adminOrders';
import type { AssignPayload } from '../src/shared/assignPayload';
import { firstErrors, type FieldErrors } from './admin/form';
import { useTrigger } from './admin/trigger';
import { apiRequest, serverMessage } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';
import { Field } from './lib/Field';
import { Modal } from './lib/Modal';
import { QueryProvider } from './lib/query';

const feesSchema = z.object(courierFees);

interface Opened {
  order: AssignPayload;
  /** The pay the dialog opened with: changing it, or choosing a courier, makes closing ask first. */
  fee: string;
  tip: string;
}

function CourierChoice({ orderId, value, onChange }: { orderId: number; value: string; onChange: (value: string) => void }) {
  const suggestions = useQuery({
    queryKey: ['courier-suggestions', orderId],
    queryFn: () => apiRequest<{ suggestions: CourierSuggestion[] }>('GET', `/api/orders/${orderId}/courier-suggestions`),
    staleTime: 0,
  });
  const list = suggestions.data?.suggestions ?? [];
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

function AssignDialog() {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [courierId, setCourierId] = useState('');
  const [fee, setFee] = useState('');
  const [tip, setTip] = useState('');
  const [pending, setPending] = useState<'assign' | 'offer' | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);

  useTrigger<AssignPayload>('assign-order', (payload) => {
    const startFee = payload.courierFee ?? payload.deliveryFee;
    setOpened({ order: payload, fee: startFee, tip: payload.tip });
    setFee(startFee);
    setTip(payload.tip);
    setCourierId('');
    setConfirmingClose(false);
  });

  /** Closing clears the chosen courier, fee and tip (spec 1-foundations-and-admin.md §2.8). */
  function close() {
    setOpened(null);
    setCourierId('');
    setFee('');
    setTip('');
    setConfirmingClose(false);
  }

  const dirty = opened !== null && (courierId !== '' || fee !== opened.fee || tip !== opened.tip);
  /** Escape, the backdrop and the close button ask before throwing away a chosen courier or typed pay. */
  function requestClose() {
    if (dirty && !pending) setConfirmingClose(true);
    else if (!pending) close();
  }

  const order = opened?.order;
  const missed = order?.status === 'missed_pickup';
  const feeCents = parseMoney(fee);
  const tipCents = parseMoney(tip);
  const feesGiven = fee.trim() !== '' && tip.trim() !== '';
  const checked = feesSchema.safeParse({ deliveryFee: fee, tip });
  const feesValid = feesGiven && checked.success;
  // What is typed is judged as it is typed: a blank field waits for a value, anything else says what is wrong at once.
  const liveErrors: FieldErrors = checked.success
    ? {}
    : firstErrors(checked.error.issues.filter((issue) => String(issue.path[0] === 'tip' ? tip : fee).trim() !== ''));

  async function run(kind: 'assign' | 'offer') {
    if (!order || pending) return;
    if (!checked.success) {
      errorToast(checked.error.issues[0].message);
      return;
    }
    setPending(kind);
    const fees = { deliveryFee: fee.trim(), tip: tip.trim(), expectedStatus: order.status };
    try {
      if (kind === 'assign') {
        await apiRequest('PATCH', `/api/orders/${order.id}`, { status: 'assigned', courierId: Number(courierId), ...fees });
        toast({ title: 'Success', description: 'Order assigned successfully' });
      } else {
        await apiRequest('PATCH', `/api/orders/${order.id}`, { status: 'pending_courier', courierId: null, ...fees });
        toast({ title: 'Success', description: 'Order is now available to all couriers in zone' });
      }
      close();
      refreshPartials('orders');
    } catch (error) {
      errorToast(kind === 'assign' ? (error as Error).message : serverMessage(error, 'Failed to assign order to zone'));
    } finally {
      setPending(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (courierId) void run('assign');
  };

  const money = (label: string, value: string, onChange: (value: string) => void, error: string | undefined) => (
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

  return (
    <Modal
      open={opened !== null}
      onOpenChange={(open) => !open && requestClose()}
      title={order ? (missed ? `Reassign Order #${order.orderNumber} (Missed Pickup)` : `Assign Order #${order.orderNumber}`) : ''}
      description={missed ? 'Previous courier missed pickup. Reassign to a different courier.' : 'Set courier pay and assign a courier'}
    >
      {order ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="rounded-md bg-slate-50 p-3 text-sm">
            <p className="font-medium">Restaurant&apos;s Original Fees:</p>
            <p className="mt-1 flex gap-6 text-slate-700">
              <span>Delivery Fee: {formatUsd(parseMoney(order.deliveryFee))}</span>
              <span>Tip: {formatUsd(parseMoney(order.tip))}</span>
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {money('Courier Delivery Fee ($)', fee, setFee, liveErrors.deliveryFee)}
            {money('Courier Tip ($)', tip, setTip, liveErrors.tip)}
          </div>
          <p className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm" aria-live="polite">
            <span className="font-medium">Total Courier Pay:</span>
            {feesValid && feeCents != null && tipCents != null ? (
              <output className="text-lg font-semibold tabular-nums">{formatUsd(courierPay(feeCents, tipCents))}</output>
            ) : (
              <output className="text-sm font-medium text-red-700">
                {feesGiven ? 'Enter amounts of $0.00 or more, to the cent' : 'Enter a fee and a tip'}
              </output>
            )}
          </p>
          {order.missedBy ? <p className="text-sm text-slate-600">{`Not offered: ${order.missedBy}, who missed this pickup.`}</p> : null}
          <CourierChoice orderId={order.id} value={courierId} onChange={setCourierId} />
          {pending ? (
            <p className="text-sm text-slate-600" role="status">
              Assigning order...
            </p>
          ) : null}
          {confirmingClose ? (
            <div role="alertdialog" aria-label="Discard changes?" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              <p>Close without assigning? The courier and pay you set will be lost.</p>
              <div className="flex gap-2">
                <button type="button" className="btn btn-outline btn-sm" ref={focusWhenShown} onClick={() => setConfirmingClose(false)}>
                  Keep editing
                </button>
                <button type="button" className="btn btn-destructive btn-sm" onClick={close}>
                  Discard
                </button>
              </div>
            </div>
          ) : null}
          <div className="grid gap-2">
            <button type="submit" className="btn btn-primary" disabled={!courierId || !feesValid || pending !== null}>
              Assign Selected Courier
            </button>
            <button type="button" className="btn btn-outline" disabled={!feesValid || pending !== null} onClick={() => void run('offer')}>
              Make Available to All Couriers in Zone
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}

export default function AssignOrderDialog() {
  return (
    <QueryProvider>
      <AssignDialog />
    </QueryProvider>
  );
}
