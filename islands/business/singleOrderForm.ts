/**
 * The single order form's state and rules (spec 2-business-area.md §2.11, §5, §9.2): what
 * it checks before sending, which fields it then marks, the fee it announces and the body
 * it sends. The server checks all of it again and computes the fee itself.
 */
import { singleOrderDeliveryFee } from '../../src/domain/fees';
import { formatMoney, parseMoney } from '../../src/domain/money';
import type { OrderVehicleType } from '../../src/domain/vehicles';
import { addressLine, emptyAddress, STREET_MESSAGE, streetOf, toTyped, zipProblem, type AddressValue } from './address';
import { emailProblem, localToUtc, newOrderTerms, type OrderTerms, type OrderTimeDefaults } from './orderForm';

export interface SingleOrderFields extends OrderTerms {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerCompany: string;
  address: AddressValue;
  deliveryInstructions: string;
  vehicles: OrderVehicleType[];
  setupRequired: boolean;
}

const REQUIRED = ['customerName', 'customerPhone', 'amount', 'internalOrderNumber'] as const;

/** A field the last attempt to create found wrong: a required one, the email, the street or the ZIP. */
type Marked = (typeof REQUIRED)[number] | 'customerEmail' | 'address' | 'zip';

export interface SingleOrderState {
  fields: SingleOrderFields;
  marked: readonly Marked[];
  /** The order is being created (and stays so once it is, until the dashboard opens). */
  pending: boolean;
}

export type SingleOrderAction =
  | { type: 'edit'; change: Partial<SingleOrderFields> }
  | { type: 'toggleVehicle'; vehicle: OrderVehicleType; required: boolean }
  | { type: 'addressesTyped' }
  | { type: 'checked'; marked: readonly Marked[] }
  | { type: 'submitted' }
  | { type: 'submitFailed' }
  | { type: 'created'; defaults: OrderTimeDefaults; typed: boolean };

const emptyFields = (defaults: OrderTimeDefaults, typed: boolean): SingleOrderFields => ({
  ...newOrderTerms(defaults),
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  customerCompany: '',
  address: emptyAddress(typed),
  deliveryInstructions: '',
  vehicles: ['sedan'],
  setupRequired: false,
});

export const initialSingleOrderState = (defaults: OrderTimeDefaults, typed: boolean): SingleOrderState => ({
  fields: emptyFields(defaults, typed),
  marked: [],
  pending: false,
});

export function singleOrderReducer(state: SingleOrderState, action: SingleOrderAction): SingleOrderState {
  const { fields } = state;
  switch (action.type) {
    case 'edit':
      return { ...state, fields: { ...fields, ...action.change } };
    case 'toggleVehicle': {
      const vehicles = action.required ? [...fields.vehicles, action.vehicle] : fields.vehicles.filter((vehicle) => vehicle !== action.vehicle);
      return { ...state, fields: { ...fields, vehicles } };
    }
    case 'addressesTyped':
      return { ...state, fields: { ...fields, address: toTyped(fields.address) } };
    case 'checked':
      return { ...state, marked: action.marked };
    case 'submitted':
      return { ...state, pending: true };
    case 'submitFailed':
      return { ...state, pending: false };
    case 'created':
      return { ...state, fields: emptyFields(action.defaults, action.typed) };
  }
}

/**
 * What an attempt to create finds, in the spec's order: the missing required fields (a bad
 * email is marked in the same pass), else the email, else a blank street, else a ZIP that
 * is not one. `problem` is null when the order can be sent.
 */
export function checkSingleOrder(fields: SingleOrderFields): { marked: Marked[]; problem: string | null } {
  const required = REQUIRED.filter((key) => !fields[key].trim());
  const email = emailProblem(fields.customerEmail);
  if (required.length > 0) return { marked: [...required, ...(email ? (['customerEmail'] as const) : [])], problem: 'Please fill in all required fields' };
  if (email) return { marked: ['customerEmail'], problem: email };
  if (!streetOf(fields.address)) return { marked: ['address'], problem: STREET_MESSAGE };
  const zip = zipProblem(fields.address);
  if (zip) return { marked: ['zip'], problem: zip };
  return { marked: [], problem: null };
}

/** The messages under the marked fields; the email's and the ZIP's follow what is typed now. */
export function singleOrderErrors({ fields, marked }: SingleOrderState) {
  const required = (key: Marked) => (marked.includes(key) ? 'Required' : null);
  return {
    internalOrderNumber: required('internalOrderNumber'),
    customerName: required('customerName'),
    customerPhone: required('customerPhone'),
    amount: required('amount'),
    customerEmail: marked.includes('customerEmail') ? emailProblem(fields.customerEmail) : null,
    street: marked.includes('address') ? STREET_MESSAGE : null,
    zip: marked.includes('zip') ? zipProblem(fields.address) : null,
  };
}

/** 'Delivery fee will be $X (10% of order amount, minimum $30)', with 'calculated' until an amount is entered. */
export function feeHint(amount: string): string {
  const cents = parseMoney(amount);
  const figure = cents == null || cents <= 0 ? 'calculated' : `$${formatMoney(singleOrderDeliveryFee(cents))}`;
  return `Delivery fee will be ${figure} (10% of order amount, minimum $30)`;
}

/** The body of POST /api/orders. Without a position the server places the address (maps service, Census geocoder, ZIP centre). */
export function singleOrderBody(fields: SingleOrderFields, typed: boolean) {
  const amount = parseMoney(fields.amount);
  const tip = parseMoney(fields.tip);
  const price = amount == null ? fields.amount : amount / 100;
  const { parts, point } = fields.address;
  return {
    customerName: fields.customerName.trim(),
    customerPhone: fields.customerPhone.trim(),
    customerEmail: fields.customerEmail.trim(),
    customerAddress: addressLine(fields.address, 'street', typed),
    customerStreet: streetOf(fields.address),
    customerHouse: fields.address.house,
    customerApartment: parts.apartment.trim(),
    customerCity: parts.city.trim(),
    customerState: parts.state.trim(),
    customerZip: parts.zip.trim(),
    customerLatitude: point?.latitude ?? null,
    customerLongitude: point?.longitude ?? null,
    customerLocationPrecision: point?.precision ?? null,
    customerCompany: fields.customerCompany.trim(),
    deliveryInstructions: fields.deliveryInstructions.trim(),
    internalOrderNumber: fields.internalOrderNumber.trim(),
    setupRequired: fields.setupRequired,
    requiredVehicleTypes: fields.vehicles,
    amount: price,
    deliveryFee: amount == null ? null : singleOrderDeliveryFee(amount) / 100,
    tip: tip == null ? fields.tip.trim() || 0 : tip / 100,
    pickupTime: localToUtc(fields.pickup),
    deliveryTime: localToUtc(fields.delivery),
    items: [{ name: 'Order', quantity: 1, price }],
    status: 'new',
  };
}
