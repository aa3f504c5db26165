/**
 * The single order form (spec 2-business-area.md §2.11): a restaurant's one-drop order. With the maps
 * service, the address comes from the suggestions, which fill the read-only city, state
 * and ZIP and the coordinates, and a typed address that was not chosen is refused.
 * Without it, street, apartment, city, state and ZIP are typed and the server places
 * the address (issue 13); past addresses are suggested first either way. The fee hint
 * uses the server's own rule; the server computes the fee again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { singleOrderDeliveryFee } from '../src/domain/fees';
import { formatMoney, parseMoney } from '../src/domain/money';
import { ORDER_VEHICLE_TYPES, vehicleLabel, type OrderVehicleType } from '../src/domain/vehicles';
import { addressLine, emptyAddress, streetOf, toTyped, zipProblem, type AddressValue } from './business/address';
import { AddressFields } from './business/AddressFields';
import {
  EmailInput,
  emailProblem,
  FormSection,
  localToUtc,
  orderCreationMessage,
  PhoneInput,
  PickupFrom,
  TextArea,
  MoneyInput,
  TextInput,
} from './business/forms';
import { useMapsKey } from './business/maps';
import { apiRequest } from './lib/api';
import { errorToast, toast } from './lib/events';

export interface BusinessOnForm {
  name: string;
  address: string;
  phone: string;
}

export interface SingleOrderFormProps {
  business: BusinessOnForm;
  /** 'YYYY-MM-DDTHH:mm' in the viewer's zone: now, and now + 1 hour (spec 2-business-area.md §9.2). */
  defaultPickup: string;
  defaultDelivery: string;
  mapsApiKey: string | null;
}

/** After creating, the dashboard opens this long after the success toast, so it is seen. */
export const AFTER_CREATE_DELAY_MS = 600;

interface FormState {
  internalOrderNumber: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerCompany: string;
  address: AddressValue;
  deliveryInstructions: string;
  vehicles: OrderVehicleType[];
  setupRequired: boolean;
  amount: string;
  tip: string;
  pickup: string;
  delivery: string;
}

const initialState = (props: SingleOrderFormProps, typed: boolean): FormState => ({
  internalOrderNumber: '',
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  customerCompany: '',
  address: emptyAddress(typed),
  deliveryInstructions: '',
  vehicles: ['sedan'],
  setupRequired: false,
  amount: '',
  tip: '',
  pickup: props.defaultPickup,
  delivery: props.defaultDelivery,
});

/** 'Delivery fee will be $X (10% of order amount, minimum $30)', with 'calculated' until an amount is entered. */
export function feeHint(amount: string): string {
  const cents = parseMoney(amount);
  const figure = cents == null || cents <= 0 ? 'calculated' : `$${formatMoney(singleOrderDeliveryFee(cents))}`;
  return `Delivery fee will be ${figure} (10% of order amount, minimum $30)`;
}

export default function SingleOrderForm(props: SingleOrderFormProps) {
  const [mapsApiKey, mapsDown] = useMapsKey(props.mapsApiKey);
  const typed = mapsApiKey == null;
  const [form, setForm] = useState<FormState>(() => initialState(props, typed));
  const [missing, setMissing] = useState<Set<keyof FormState | 'zip'>>(new Set());
  const emailInvalid = emailProblem(form.customerEmail);
  const [pending, setPending] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  // The maps service turned out to be unavailable: what was typed becomes the street.
  useEffect(() => {
    if (typed) setForm((current) => ({ ...current, address: toTyped(current.address) }));
  }, [typed]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const required = (['customerName', 'customerPhone', 'amount', 'internalOrderNumber'] as const).filter((key) => !form[key].trim());
    // A bad email is marked in the same pass as the missing fields.
    setMissing(new Set([...required, ...(emailInvalid ? (['customerEmail'] as const) : [])]));
    if (required.length > 0) return errorToast('Please fill in all required fields');
    if (emailInvalid) return errorToast(emailInvalid);
    const street = streetOf(form.address);
    if (!street) {
      setMissing(new Set(['address']));
      return errorToast('Please enter the address (house number and street name)');
    }
    const zip = zipProblem(form.address);
    if (zip) {
      setMissing(new Set(['zip']));
      return errorToast(zip);
    }
    const amount = parseMoney(form.amount);
    const tip = parseMoney(form.tip);
    const { parts, point } = form.address;
    const body = {
      customerName: form.customerName.trim(),
      customerPhone: form.customerPhone.trim(),
      customerEmail: form.customerEmail.trim(),
      customerAddress: addressLine(form.address, 'street', typed),
      customerStreet: street,
      customerHouse: form.address.house,
      customerApartment: parts.apartment.trim(),
      customerCity: parts.city.trim(),
      customerState: parts.state.trim(),
      customerZip: parts.zip.trim(),
      // Without a position the server places the address (maps service, Census geocoder, ZIP centre).
      customerLatitude: point?.latitude ?? null,
      customerLongitude: point?.longitude ?? null,
      customerLocationPrecision: point?.precision ?? null,
      customerCompany: form.customerCompany.trim(),
      deliveryInstructions: form.deliveryInstructions.trim(),
      internalOrderNumber: form.internalOrderNumber.trim(),
      setupRequired: form.setupRequired,
      requiredVehicleTypes: form.vehicles,
      amount: amount == null ? form.amount : amount / 100,
      deliveryFee: amount == null ? null : singleOrderDeliveryFee(amount) / 100,
      tip: tip == null ? form.tip.trim() || 0 : tip / 100,
      pickupTime: localToUtc(form.pickup),
      deliveryTime: localToUtc(form.delivery),
      items: [{ name: 'Order', quantity: 1, price: amount == null ? form.amount : amount / 100 }],
      status: 'new',
    };
    setPending(true);
    try {
      await apiRequest('POST', '/api/orders', body);
      toast({ title: 'Success', description: 'Order created successfully!' });
      setForm(initialState(props, typed));
      window.setTimeout(() => window.location.assign('/restaurant'), AFTER_CREATE_DELAY_MS);
    } catch (error) {
      errorToast(orderCreationMessage(error));
      setPending(false);
    }
  }

  const invalid = (key: keyof FormState) => (missing.has(key) ? 'Required' : null);
  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Create New Order">
      <PickupFrom id="restaurant-information" title="Restaurant Information" labels={['Restaurant Name', 'Address', 'Phone']} business={props.business} />

      <FormSection id="order-information" title="Order Information" className="card space-y-4 p-5">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Internal Order Number"
            value={form.internalOrderNumber}
            onChange={(e) => set('internalOrderNumber', e.target.value)}
            error={invalid('internalOrderNumber')}
          />
          <TextInput
            label="Customer Name"
            value={form.customerName}
            onChange={(e) => set('customerName', e.target.value)}
            error={invalid('customerName')}
            autoComplete="off"
          />
          <PhoneInput value={form.customerPhone} onChange={(phone) => set('customerPhone', phone)} error={invalid('customerPhone')} />
          <EmailInput value={form.customerEmail} onChange={(email) => set('customerEmail', email)} error={missing.has('customerEmail') ? emailInvalid : null} />
          <TextInput label="Company Name" value={form.customerCompany} onChange={(e) => set('customerCompany', e.target.value)} />
        </div>
        <AddressFields
          label="Address"
          hint="Start typing and select from the suggestions for accurate address and map routing"
          value={form.address}
          onChange={(address) => set('address', address)}
          mapsApiKey={mapsApiKey}
          onMapsDown={mapsDown}
          display="street"
          partsWithSuggestions
          errors={{
            street: missing.has('address') ? 'Please enter the address (house number and street name)' : null,
            zip: missing.has('zip') ? zipProblem(form.address) : null,
          }}
        />
        <TextArea label="Delivery Instructions" value={form.deliveryInstructions} onChange={(e) => set('deliveryInstructions', e.target.value)} />
        <fieldset>
          <legend className="label">Required Vehicle Type</legend>
          <div className="flex flex-wrap gap-4">
            {ORDER_VEHICLE_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={form.vehicles.includes(type)}
                  onChange={(e) => set('vehicles', e.target.checked ? [...form.vehicles, type] : form.vehicles.filter((v) => v !== type))}
                />
                {vehicleLabel(type)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4" checked={form.setupRequired} onChange={(e) => set('setupRequired', e.target.checked)} />
          Setup Required at Delivery
        </label>
        <div className="grid gap-4 md:grid-cols-2">
          <MoneyInput
            label="Order Amount"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={invalid('amount')}
            hint={feeHint(form.amount)}
          />
          <MoneyInput label="Customer Tip" value={form.tip} onChange={(e) => set('tip', e.target.value)} hint="100% of tips go directly to the courier" />
          <TextInput label="Pickup Time" type="datetime-local" value={form.pickup} onChange={(e) => set('pickup', e.target.value)} />
          <TextInput label="Delivery Time" type="datetime-local" value={form.delivery} onChange={(e) => set('delivery', e.target.value)} />
        </div>
      </FormSection>

      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary btn-lg" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Creating...' : 'Create Order'}
        </button>
      </div>
    </form>
  );
}
