/**
 * The Edit Order form's state and rules (spec 2-business-area.md §2.8): the stored one-line
 * address split into its parts and rebuilt on save (src/domain/address.ts), a date and a
 * time for each of pickup and delivery, the messages under the fields, and the body sent.
 */
import { composeAddress, DEFAULT_STATE, splitAddress } from '../../src/domain/address';
import { parseMoney } from '../../src/domain/money';
import { emailProblem, localToUtc } from './orderForm';

/** The order as it is stored, in the form's terms. */
export interface EditedOrder {
  internalOrderNumber: string;
  amount: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  customerAddress: string;
  deliveryInstructions: string;
  /** 'YYYY-MM-DD' and 'HH:mm' in the viewer's zone. */
  pickupDate: string;
  pickupClock: string;
  deliveryDate: string;
  deliveryClock: string;
  setupRequired: boolean;
}

export interface EditOrderFields extends Omit<EditedOrder, 'customerAddress'> {
  street: string;
  apartment: string;
  city: string;
  state: string;
  zip: string;
}

export type EditOrderErrors = Partial<Record<'customerName' | 'customerPhone' | 'customerEmail' | 'amount' | 'pickupTime' | 'deliveryTime', string>>;

export interface EditOrderState {
  fields: EditOrderFields;
  errors: EditOrderErrors;
  saving: boolean;
}

export type EditOrderAction =
  { type: 'edit'; change: Partial<EditOrderFields> } | { type: 'checked'; errors: EditOrderErrors } | { type: 'saving' } | { type: 'settled' };

/** The stored order with its address in parts; a stored address without a state is in Florida. */
export function initialEditOrderState(order: EditedOrder): EditOrderState {
  const { street, apartment, city, state, zip } = splitAddress(order.customerAddress);
  return {
    fields: {
      internalOrderNumber: order.internalOrderNumber,
      amount: order.amount,
      customerName: order.customerName,
      customerPhone: order.customerPhone,
      customerEmail: order.customerEmail,
      street,
      apartment,
      city,
      state: state || DEFAULT_STATE,
      zip,
      deliveryInstructions: order.deliveryInstructions,
      pickupDate: order.pickupDate,
      pickupClock: order.pickupClock,
      deliveryDate: order.deliveryDate,
      deliveryClock: order.deliveryClock,
      setupRequired: order.setupRequired,
    },
    errors: {},
    saving: false,
  };
}

export function editOrderReducer(state: EditOrderState, action: EditOrderAction): EditOrderState {
  switch (action.type) {
    case 'edit':
      return { ...state, fields: { ...state.fields, ...action.change } };
    case 'checked':
      return { ...state, errors: action.errors };
    case 'saving':
      return { ...state, saving: true };
    case 'settled':
      return { ...state, saving: false };
  }
}

const pickupTime = (fields: EditOrderFields) => localToUtc(`${fields.pickupDate}T${fields.pickupClock}`);
const deliveryTime = (fields: EditOrderFields) => localToUtc(`${fields.deliveryDate}T${fields.deliveryClock}`);

/** The messages under the fields; none means the order may be saved (but for a blank street, which a toast reports). */
export function editOrderErrors(fields: EditOrderFields): EditOrderErrors {
  const errors: EditOrderErrors = {};
  if (!fields.customerName.trim()) errors.customerName = 'Customer name is required';
  if (!fields.customerPhone.trim()) errors.customerPhone = 'Customer phone is required';
  const email = emailProblem(fields.customerEmail);
  if (email) errors.customerEmail = email;
  if (parseMoney(fields.amount) == null) errors.amount = 'Amount must be a valid number';
  if (!pickupTime(fields)) errors.pickupTime = 'Pickup time is required';
  if (!deliveryTime(fields)) errors.deliveryTime = 'Delivery time is required';
  return errors;
}

/**
 * The body of PATCH /api/orders/:id. The internal order number is sent only by those who
 * see it, and Setup Required only for orders that show it (spec 2-business-area.md §2.8, §6).
 */
export function editOrderBody(fields: EditOrderFields, shown: { internalOrderNumber: boolean; setupRequired: boolean }) {
  return {
    ...(shown.internalOrderNumber ? { internalOrderNumber: fields.internalOrderNumber.trim() } : {}),
    customerName: fields.customerName.trim(),
    customerPhone: fields.customerPhone.trim(),
    customerEmail: fields.customerEmail.trim(),
    customerAddress: composeAddress(fields),
    customerStreet: fields.street.trim(),
    customerApartment: fields.apartment.trim(),
    customerCity: fields.city.trim(),
    customerState: fields.state.trim(),
    customerZip: fields.zip.trim(),
    deliveryInstructions: fields.deliveryInstructions.trim(),
    amount: fields.amount.trim(),
    pickupTime: pickupTime(fields),
    deliveryTime: deliveryTime(fields),
    ...(shown.setupRequired ? { setupRequired: fields.setupRequired } : {}),
  };
}
