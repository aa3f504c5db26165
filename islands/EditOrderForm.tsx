/**
 * The Edit Order modal's form (spec 2-business-area.md §2.8), inside the server-rendered
 * dialog. Its state and rules are islands/business/editOrderForm.ts; this renders them and
 * saves.
 */
import { useReducer, type ChangeEvent, type FormEvent } from 'react';
import type { RegionList } from '../src/shared/partials';
import { STREET_MESSAGE } from './business/address';
import { editOrderBody, editOrderErrors, editOrderReducer, initialEditOrderState, type EditedOrder, type EditOrderFields } from './business/editOrderForm';
import { EmailInput, PhoneInput, TextArea, MoneyInput, TextInput } from './business/forms';
import { withReason } from './business/orderForm';
import { apiRequest } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';

export interface EditOrderFormProps extends EditedOrder {
  orderId: number;
  /** Only the restaurant role sees the Internal Order Number (spec 2-business-area.md §6). */
  showInternalOrderNumber: boolean;
  /** A route's customer is its first stop's (decision B17): the fields edit that stop, and the form says so. */
  customerIsFirstStop: boolean;
  /** Shown only for orders without a route distance (spec 2-business-area.md §2.8). */
  showSetupRequired: boolean;
  /** Regions to refresh after saving. */
  refresh: RegionList;
}

type OnValue = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
type TextField = Exclude<keyof EditOrderFields, 'setupRequired'>;

export default function EditOrderForm(props: EditOrderFormProps) {
  const [{ fields, errors, saving }, dispatch] = useReducer(editOrderReducer, props, initialEditOrderState);
  const edit = (change: Partial<EditOrderFields>) => dispatch({ type: 'edit', change });
  /** A handler that puts what was typed into a text field. */
  const text =
    (field: TextField): OnValue =>
    (event) =>
      edit({ [field]: event.target.value });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = editOrderErrors(fields);
    dispatch({ type: 'checked', errors: found });
    if (Object.keys(found).length > 0) return;
    if (!fields.street.trim()) return errorToast(STREET_MESSAGE, 'Address Error');
    dispatch({ type: 'saving' });
    try {
      await apiRequest(
        'PATCH',
        `/api/orders/${props.orderId}`,
        editOrderBody(fields, { internalOrderNumber: props.showInternalOrderNumber, setupRequired: props.showSetupRequired }),
      );
      toast({ title: 'Order updated', description: 'The order has been updated successfully.' });
      document.querySelector<HTMLDialogElement>('dialog[open]')?.close();
      refreshPartials(props.refresh);
    } catch (error) {
      errorToast(withReason('Failed to update the order. Please try again.', error));
    } finally {
      dispatch({ type: 'settled' });
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-4 pt-2" aria-label="Edit Order">
      <div className="grid gap-4 sm:grid-cols-2">
        {props.showInternalOrderNumber ? (
          <TextInput label="Internal Order Number" value={fields.internalOrderNumber} onChange={text('internalOrderNumber')} />
        ) : null}
        <MoneyInput label="Order Amount ($)" value={fields.amount} onChange={text('amount')} error={errors.amount} />
        {props.customerIsFirstStop ? (
          <p className="text-sm text-slate-600 sm:col-span-2" data-first-stop-note="">
            A route's customer is its Stop 1: these fields change Stop 1, and a new address re-prices the route.
          </p>
        ) : null}
        <TextInput label="Customer Name" value={fields.customerName} onChange={text('customerName')} error={errors.customerName} />
        <PhoneInput label="Customer Phone" value={fields.customerPhone} onChange={(customerPhone) => edit({ customerPhone })} error={errors.customerPhone} />
        <EmailInput value={fields.customerEmail} onChange={(customerEmail) => edit({ customerEmail })} error={errors.customerEmail} />
      </div>
      <AddressParts fields={fields} text={text} />
      <TextArea label="Delivery Instructions" value={fields.deliveryInstructions} onChange={text('deliveryInstructions')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateAndTime
          legend="Pickup Time"
          date={fields.pickupDate}
          clock={fields.pickupClock}
          onDate={text('pickupDate')}
          onClock={text('pickupClock')}
          error={errors.pickupTime}
        />
        <DateAndTime
          legend="Delivery Time"
          date={fields.deliveryDate}
          clock={fields.deliveryClock}
          onDate={text('deliveryDate')}
          onClock={text('deliveryClock')}
          error={errors.deliveryTime}
        />
      </div>
      {props.showSetupRequired ? (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4" checked={fields.setupRequired} onChange={(event) => edit({ setupRequired: event.target.checked })} />
          Setup Required
        </label>
      ) : null}
      <DialogButtons saving={saving} />
    </form>
  );
}

/** Cancel closes the server's dialog (data-close-dialog); Save submits the form. */
function DialogButtons({ saving }: { saving: boolean }) {
  return (
    <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
      <button type="button" className="btn btn-outline" data-close-dialog>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
        {saving ? 'Saving...' : 'Save Changes'}
      </button>
    </div>
  );
}

/** The address as the spec splits it: street, then apartment, city, state and ZIP. */
function AddressParts({ fields, text }: { fields: EditOrderFields; text: (field: TextField) => OnValue }) {
  return (
    <>
      <TextInput
        label="Address (House Number and Street)"
        value={fields.street}
        onChange={text('street')}
        hint="Enter the address in American format: house number first, then street name"
      />
      <div className="grid gap-4 sm:grid-cols-4">
        <TextInput label="Apartment/Office" value={fields.apartment} onChange={text('apartment')} />
        <TextInput label="City" value={fields.city} onChange={text('city')} placeholder="Tampa" />
        <TextInput label="State" value={fields.state} onChange={text('state')} />
        <TextInput label="ZIP Code" value={fields.zip} onChange={text('zip')} inputMode="numeric" />
      </div>
    </>
  );
}

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
