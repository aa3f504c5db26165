/**
 * The assign dialog of Orders Management (spec 1-foundations-and-admin.md §2.8, §5.2, §8.3): fees prefilled from
 * the order, the live total courier pay, a courier to choose, and two ways out: 'Assign
 * Selected Courier' or 'Make Available to All Couriers in Zone'. Opened by a row's
 * 'Assign Courier' / 'Reassign Order' button (data-action="assign-order").
 *
 * The server computes the courier's pay (fee + tip) and the zone; the dialog sends the
 * status it saw, so an order that moved meanwhile is refused rather than overwritten.
 */
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { courierPay } from '../src/domain/fees';
import { formatUsd, parseMoney } from '../src/domain/money';
import { courierFees } from '../src/domain/schemas/adminOrders';
import { firstErrors, type FieldErrors } from './admin/form';
import { useTrigger } from './admin/trigger';
import { apiRequest, serverMessage } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';
import { Field } from './lib/Field';
import { Modal } from './lib/Modal';

export interface AssignableCourier {
  id: number;
  name: string;
  zoneName: string | null;
}

interface OrderToAssign {
  id: number;
  orderNumber: string;
  status: string;
  deliveryFee: string;
  tip: string;
}

const feesSchema = z.object(courierFees);

/** Couriers grouped by zone, so a dispatcher finds the ones near the order. */
function byZone(couriers: AssignableCourier[]): Array<[string, AssignableCourier[]]> {
  const groups = new Map<string, AssignableCourier[]>();
  for (const courier of couriers) {
    const zone = courier.zoneName ?? 'No zone';
    groups.set(zone, [...(groups.get(zone) ?? []), courier]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

export default function AssignOrderDialog({ couriers }: { couriers: AssignableCourier[] }) {
  const [order, setOrder] = useState<OrderToAssign | null>(null);
  const [courierId, setCourierId] = useState('');
  const [fee, setFee] = useState('');
  const [tip, setTip] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<'assign' | 'offer' | null>(null);

  useTrigger<OrderToAssign>('assign-order', (payload) => {
    setOrder(payload);
    setFee(payload.deliveryFee);
    setTip(payload.tip);
    setCourierId('');
    setErrors({});
  });

  /** Closing clears the chosen courier, fee and tip (spec 1-foundations-and-admin.md §2.8). */
  function close() {
    setOrder(null);
    setCourierId('');
    setFee('');
    setTip('');
    setErrors({});
  }

  const missed = order?.status === 'missed_pickup';
  const total = courierPay(parseMoney(fee) ?? 0, parseMoney(tip) ?? 0);
  const feesGiven = fee.trim() !== '' && tip.trim() !== '';

  async function run(kind: 'assign' | 'offer') {
    if (!order || pending) return;
    const parsed = feesSchema.safeParse({ deliveryFee: fee, tip });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      errorToast(parsed.error.issues[0].message);
      return;
    }
    setErrors({});
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
      open={order !== null}
      onOpenChange={(open) => !open && close()}
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
            {money('Courier Delivery Fee ($)', fee, setFee, errors.deliveryFee)}
            {money('Courier Tip ($)', tip, setTip, errors.tip)}
          </div>
          <p className="flex items-center justify-between rounded-md border border-slate-200 px-3 py-2 text-sm" aria-live="polite">
            <span className="font-medium">Total Courier Pay:</span>
            <output className="text-lg font-semibold tabular-nums">{formatUsd(total)}</output>
          </p>
          <Field label="Select Courier">
            {(control) => (
              <select {...control} className="input" value={courierId} onChange={(event) => setCourierId(event.target.value)}>
                <option value="">Choose a courier</option>
                {byZone(couriers).map(([zone, members]) => (
                  <optgroup key={zone} label={zone}>
                    {members.map((courier) => (
                      <option key={courier.id} value={courier.id}>
                        {courier.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          {pending ? (
            <p className="text-sm text-slate-600" role="status">
              Assigning order...
            </p>
          ) : null}
          <div className="grid gap-2">
            <button type="submit" className="btn btn-primary" disabled={!courierId || !feesGiven || pending !== null}>
              Assign Selected Courier
            </button>
            <button type="button" className="btn btn-outline" disabled={!feesGiven || pending !== null} onClick={() => void run('offer')}>
              Make Available to All Couriers in Zone
            </button>
          </div>
        </form>
      ) : null}
    </Modal>
  );
}
