/**
 * The single order form (spec 2-business-area.md §2.11): a restaurant's one-drop order. The address comes
 * from the suggestions, which fill the read-only city, state and ZIP and the
 * coordinates; a typed address that was not chosen leaves the street empty and is
 * refused. The fee hint uses the server's own rule; the server computes the fee again.
 */
import { useState, type FormEvent } from 'react';
import { composeAddress } from '../src/domain/address';
import { singleOrderDeliveryFee } from '../src/domain/fees';
import { formatMoney, parseMoney } from '../src/domain/money';
import { ORDER_VEHICLE_TYPES, vehicleLabel, type OrderVehicleType } from '../src/domain/vehicles';
import { AddressInput } from './business/AddressInput';
import { FormSection, localToUtc, orderCreationMessage, PickupFrom, TextArea, TextInput } from './business/forms';
import type { ChosenPlace } from '../src/domain/places';
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
  customerCompany: string;
  addressText: string;
  place: ChosenPlace | null;
  apartment: string;
  deliveryInstructions: string;
  vehicles: OrderVehicleType[];
  setupRequired: boolean;
  amount: string;
  tip: string;
  pickup: string;
  delivery: string;
}

const initialState = (props: SingleOrderFormProps): FormState => ({
  internalOrderNumber: '',
  customerName: '',
  customerPhone: '',
  customerCompany: '',
  addressText: '',
  place: null,
  apartment: '',
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
  const [form, setForm] = useState<FormState>(() => initialState(props));
  const [missing, setMissing] = useState<Set<keyof FormState>>(new Set());
  const [pending, setPending] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const street = form.place?.street ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const required = (['customerName', 'customerPhone', 'amount', 'internalOrderNumber'] as const).filter((key) => !form[key].trim());
    setMissing(new Set(required));
    if (required.length > 0) return errorToast('Please fill in all required fields');
    if (!street.trim()) {
      setMissing(new Set(['addressText']));
      return errorToast('Please enter the address (house number and street name)');
    }
    const amount = parseMoney(form.amount);
    const tip = parseMoney(form.tip);
    const place = form.place!;
    const body = {
      customerName: form.customerName.trim(),
      customerPhone: form.customerPhone.trim(),
      customerAddress: composeAddress({ street, apartment: form.apartment, city: place.city, state: place.state, zip: place.zip }),
      customerStreet: street,
      customerHouse: place.house,
      customerApartment: form.apartment.trim(),
      customerCity: place.city,
      customerState: place.state,
      customerZip: place.zip,
      customerLatitude: place.latitude,
      customerLongitude: place.longitude,
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
      setForm(initialState(props));
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
          <TextInput label="Internal Order Number" value={form.internalOrderNumber} onChange={(e) => set('internalOrderNumber', e.target.value)} error={invalid('internalOrderNumber')} />
          <TextInput label="Customer Name" value={form.customerName} onChange={(e) => set('customerName', e.target.value)} error={invalid('customerName')} autoComplete="off" />
          <TextInput label="Phone Number" type="tel" maxLength={10} inputMode="tel" value={form.customerPhone} onChange={(e) => set('customerPhone', e.target.value)} error={invalid('customerPhone')} />
          <TextInput label="Company Name" value={form.customerCompany} onChange={(e) => set('customerCompany', e.target.value)} />
        </div>
        <AddressInput
          label="Address"
          hint="Start typing and select from the suggestions for accurate address and map routing"
          value={form.addressText}
          mapsApiKey={props.mapsApiKey}
          error={missing.has('addressText') ? 'Please enter the address (house number and street name)' : null}
          onTextChange={(text) => setForm((current) => ({ ...current, addressText: text, place: null }))}
          onChoose={(place) => setForm((current) => ({ ...current, addressText: place.street || place.description, place }))}
        />
        <div className="grid gap-4 md:grid-cols-4">
          <TextInput label="Apartment/Office (Optional)" value={form.apartment} onChange={(e) => set('apartment', e.target.value)} />
          <TextInput label="City" value={form.place?.city ?? ''} readOnly />
          <TextInput label="State" value={form.place?.state ?? ''} readOnly />
          <TextInput label="ZIP Code" value={form.place?.zip ?? ''} readOnly />
        </div>
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
          <TextInput label="Order Amount" type="number" min={0} step={0.01} inputMode="decimal" value={form.amount} onChange={(e) => set('amount', e.target.value)} error={invalid('amount')} hint={feeHint(form.amount)} />
          <TextInput label="Customer Tip" type="number" min={0} step={0.01} inputMode="decimal" value={form.tip} onChange={(e) => set('tip', e.target.value)} hint="100% of tips go directly to the courier" />
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
