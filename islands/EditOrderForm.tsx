/**
 * The Edit Order modal's form (spec 2-business-area.md §2.8), inside the server-rendered dialog. The
 * stored one-line address is split into its parts and rebuilt on save exactly as the
 * spec says (src/domain/address.ts); times are a date picker plus a time input each.
 */
import { useState, type FormEvent } from 'react';
import { composeAddress, DEFAULT_STATE, splitAddress } from '../src/domain/address';
import { parseMoney } from '../src/domain/money';
import type { RegionList } from '../src/shared/partials';
import { EmailInput, emailProblem, localToUtc, PhoneInput, TextArea, MoneyInput, TextInput, withReason } from './business/forms';
import { apiRequest } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';

export interface EditOrderFormProps {
  orderId: number;
  internalOrderNumber: string;
  /** Only the restaurant role sees the Internal Order Number (spec 2-business-area.md §6). */
  showInternalOrderNumber: boolean;
  amount: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  /** A route's customer is its first stop's (decision B17): the fields edit that stop, and the form says so. */
  customerIsFirstStop: boolean;
  customerAddress: string;
  deliveryInstructions: string;
  /** 'YYYY-MM-DD' and 'HH:mm' in the viewer's zone. */
  pickupDate: string;
  pickupClock: string;
  deliveryDate: string;
  deliveryClock: string;
  setupRequired: boolean;
  /** Shown only for orders without a route distance (spec 2-business-area.md §2.8). */
  showSetupRequired: boolean;
  /** Regions to refresh after saving. */
  refresh: RegionList;
}

type Errors = Partial<Record<'customerName' | 'customerPhone' | 'customerEmail' | 'customerAddress' | 'amount' | 'pickupTime' | 'deliveryTime', string>>;

export default function EditOrderForm(props: EditOrderFormProps) {
  const parts = splitAddress(props.customerAddress);
  const [form, setForm] = useState({
    internalOrderNumber: props.internalOrderNumber,
    amount: props.amount,
    customerName: props.customerName,
    customerPhone: props.customerPhone,
    customerEmail: props.customerEmail,
    street: parts.street,
    apartment: parts.apartment,
    city: parts.city,
    state: parts.state || DEFAULT_STATE,
    zip: parts.zip,
    deliveryInstructions: props.deliveryInstructions,
    pickupDate: props.pickupDate,
    pickupClock: props.pickupClock,
    deliveryDate: props.deliveryDate,
    deliveryClock: props.deliveryClock,
    setupRequired: props.setupRequired,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));

  function validate(): Errors {
    const found: Errors = {};
    if (!form.customerName.trim()) found.customerName = 'Customer name is required';
    if (!form.customerPhone.trim()) found.customerPhone = 'Customer phone is required';
    const emailInvalid = emailProblem(form.customerEmail);
    if (emailInvalid) found.customerEmail = emailInvalid;
    if (parseMoney(form.amount) == null) found.amount = 'Amount must be a valid number';
    if (!localToUtc(`${form.pickupDate}T${form.pickupClock}`)) found.pickupTime = 'Pickup time is required';
    if (!localToUtc(`${form.deliveryDate}T${form.deliveryClock}`)) found.deliveryTime = 'Delivery time is required';
    return found;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!form.street.trim()) return errorToast('Please enter the address (house number and street name)', 'Address Error');
    const body = {
      ...(props.showInternalOrderNumber ? { internalOrderNumber: form.internalOrderNumber.trim() } : {}),
      customerName: form.customerName.trim(),
      customerPhone: form.customerPhone.trim(),
      customerEmail: form.customerEmail.trim(),
      customerAddress: composeAddress(form),
      customerStreet: form.street.trim(),
      customerApartment: form.apartment.trim(),
      customerCity: form.city.trim(),
      customerState: form.state.trim(),
      customerZip: form.zip.trim(),
      deliveryInstructions: form.deliveryInstructions.trim(),
      amount: form.amount.trim(),
      pickupTime: localToUtc(`${form.pickupDate}T${form.pickupClock}`),
      deliveryTime: localToUtc(`${form.deliveryDate}T${form.deliveryClock}`),
      ...(props.showSetupRequired ? { setupRequired: form.setupRequired } : {}),
    };
    setPending(true);
    try {
      await apiRequest('PATCH', `/api/orders/${props.orderId}`, body);
      toast({ title: 'Order updated', description: 'The order has been updated successfully.' });
      document.querySelector<HTMLDialogElement>('dialog[open]')?.close();
      refreshPartials(props.refresh);
    } catch (error) {
      errorToast(withReason('Failed to update the order. Please try again.', error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-4 pt-2" aria-label="Edit Order">
      <div className="grid gap-4 sm:grid-cols-2">
        {props.showInternalOrderNumber ? (
          <TextInput label="Internal Order Number" value={form.internalOrderNumber} onChange={set('internalOrderNumber')} />
        ) : null}
        <MoneyInput label="Order Amount ($)" value={form.amount} onChange={set('amount')} error={errors.amount} />
        {props.customerIsFirstStop ? (
          <p className="text-sm text-slate-600 sm:col-span-2" data-first-stop-note="">
            A route's customer is its Stop 1: these fields change Stop 1, and a new address re-prices the route.
          </p>
        ) : null}
        <TextInput label="Customer Name" value={form.customerName} onChange={set('customerName')} error={errors.customerName} />
        <PhoneInput
          label="Customer Phone"
          value={form.customerPhone}
          onChange={(customerPhone) => setForm((current) => ({ ...current, customerPhone }))}
          error={errors.customerPhone}
        />
        <EmailInput
          value={form.customerEmail}
          onChange={(customerEmail) => setForm((current) => ({ ...current, customerEmail }))}
          error={errors.customerEmail}
        />
      </div>
      <TextInput
        label="Address (House Number and Street)"
        value={form.street}
        onChange={set('street')}
        hint="Enter the address in American format: house number first, then street name"
      />
      <div className="grid gap-4 sm:grid-cols-4">
        <TextInput label="Apartment/Office" value={form.apartment} onChange={set('apartment')} />
        <TextInput label="City" value={form.city} onChange={set('city')} placeholder="Tampa" />
        <TextInput label="State" value={form.state} onChange={set('state')} />
        <TextInput label="ZIP Code" value={form.zip} onChange={set('zip')} inputMode="numeric" />
      </div>
      <TextArea label="Delivery Instructions" value={form.deliveryInstructions} onChange={set('deliveryInstructions')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateAndTime
          legend="Pickup Time"
          date={form.pickupDate}
          clock={form.pickupClock}
          onDate={set('pickupDate')}
          onClock={set('pickupClock')}
          error={errors.pickupTime}
        />
        <DateAndTime
          legend="Delivery Time"
          date={form.deliveryDate}
          clock={form.deliveryClock}
          onDate={set('deliveryDate')}
          onClock={set('deliveryClock')}
          error={errors.deliveryTime}
        />
      </div>
      {props.showSetupRequired ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={form.setupRequired}
            onChange={(event) => setForm((current) => ({ ...current, setupRequired: event.target.checked }))}
          />
          Setup Required
        </label>
      ) : null}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <button type="button" className="btn btn-outline" data-close-dialog>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}

type OnValue = (event: { target: { value: string } }) => void;

/** A date picker plus a time input (spec 2-business-area.md §2.8), with one error for both. */
function DateAndTime({
  legend,
  date,
  clock,
  onDate,
  onClock,
  error,
}: {
  legend: string;
  date: string;
  clock: string;
  onDate: OnValue;
  onClock: OnValue;
  error?: string;
}) {
  const invalid = error ? true : undefined;
  const what = legend.replace(' Time', '');
  return (
    <fieldset>
      <legend className="label">{legend}</legend>
      <div className="flex gap-2">
        <input type="date" className="input" aria-label={`${what} date`} value={date} onChange={onDate} aria-invalid={invalid} />
        <input type="time" className="input w-36" aria-label={`${what} time`} value={clock} onChange={onClock} aria-invalid={invalid} />
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}
