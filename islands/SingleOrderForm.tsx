/**
 * The single order form (spec 2-business-area.md §2.11): a restaurant's one-drop order. With the maps
 * service, the address comes from the suggestions, which fill the read-only city, state
 * and ZIP and the coordinates, and a typed address that was not chosen is refused.
 * Without it, street, apartment, city, state and ZIP are typed and the server places
 * the address (issue 13); past addresses are suggested first either way. The fee hint
 * uses the server's own rule; the server computes the fee again. The state and the rules
 * are islands/business/singleOrderForm.ts.
 */
import { useReducer, type Dispatch, type FormEvent } from 'react';
import { ORDER_VEHICLE_TYPES, vehicleLabel } from '../src/domain/vehicles';
import { AddressFields } from './business/AddressFields';
import { EmailInput, FormSection, PhoneInput, PickupFrom, TextArea, MoneyInput, TextInput } from './business/forms';
import { useAddressesTyped, useMapsKey } from './business/maps';
import { createOrder, orderCreationMessage, type BusinessOnForm, type OrderTimeDefaults } from './business/orderForm';
import {
  checkSingleOrder,
  feeHint,
  initialSingleOrderState,
  singleOrderBody,
  singleOrderErrors,
  singleOrderReducer,
  type SingleOrderAction,
  type SingleOrderFields,
} from './business/singleOrderForm';
import { errorToast } from './lib/events';

export interface SingleOrderFormProps extends OrderTimeDefaults {
  business: BusinessOnForm;
  mapsApiKey: string | null;
}

export default function SingleOrderForm(props: SingleOrderFormProps) {
  const [mapsApiKey, mapsDown] = useMapsKey(props.mapsApiKey);
  const typed = mapsApiKey == null;
  const [state, dispatch] = useReducer(singleOrderReducer, typed, (typedAtFirst) => initialSingleOrderState(props, typedAtFirst));
  useAddressesTyped(typed, dispatch);
  const { fields, pending } = state;
  const errors = singleOrderErrors(state);
  const edit = (change: Partial<SingleOrderFields>) => dispatch({ type: 'edit', change });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { marked, problem } = checkSingleOrder(fields);
    dispatch({ type: 'checked', marked });
    if (problem) return errorToast(problem);
    dispatch({ type: 'submitted' });
    const created = await createOrder(singleOrderBody(fields, typed), 'Order created successfully!', orderCreationMessage);
    dispatch(created ? { type: 'created', defaults: props, typed } : { type: 'submitFailed' });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Create New Order">
      <PickupFrom id="restaurant-information" title="Restaurant Information" labels={['Restaurant Name', 'Address', 'Phone']} business={props.business} />

      <FormSection id="order-information" title="Order Information" className="card space-y-4 p-5">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Internal Order Number"
            value={fields.internalOrderNumber}
            onChange={(e) => edit({ internalOrderNumber: e.target.value })}
            error={errors.internalOrderNumber}
          />
          <TextInput
            label="Customer Name"
            value={fields.customerName}
            onChange={(e) => edit({ customerName: e.target.value })}
            error={errors.customerName}
            autoComplete="off"
          />
          <PhoneInput value={fields.customerPhone} onChange={(customerPhone) => edit({ customerPhone })} error={errors.customerPhone} />
          <EmailInput value={fields.customerEmail} onChange={(customerEmail) => edit({ customerEmail })} error={errors.customerEmail} />
          <TextInput label="Company Name" value={fields.customerCompany} onChange={(e) => edit({ customerCompany: e.target.value })} />
        </div>
        <AddressFields
          label="Address"
          hint="Start typing and select from the suggestions for accurate address and map routing"
          value={fields.address}
          onChange={(address) => edit({ address })}
          mapsApiKey={mapsApiKey}
          onMapsDown={mapsDown}
          display="street"
          partsWithSuggestions
          errors={{ street: errors.street, zip: errors.zip }}
        />
        <TextArea label="Delivery Instructions" value={fields.deliveryInstructions} onChange={(e) => edit({ deliveryInstructions: e.target.value })} />
        <VehicleTypes chosen={fields.vehicles} dispatch={dispatch} />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="h-4 w-4" checked={fields.setupRequired} onChange={(e) => edit({ setupRequired: e.target.checked })} />
          Setup Required at Delivery
        </label>
        <div className="grid gap-4 md:grid-cols-2">
          <MoneyInput
            label="Order Amount"
            value={fields.amount}
            onChange={(e) => edit({ amount: e.target.value })}
            error={errors.amount}
            hint={feeHint(fields.amount)}
          />
          <MoneyInput label="Customer Tip" value={fields.tip} onChange={(e) => edit({ tip: e.target.value })} hint="100% of tips go directly to the courier" />
          <TextInput label="Pickup Time" type="datetime-local" value={fields.pickup} onChange={(e) => edit({ pickup: e.target.value })} />
          <TextInput label="Delivery Time" type="datetime-local" value={fields.delivery} onChange={(e) => edit({ delivery: e.target.value })} />
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

function VehicleTypes({ chosen, dispatch }: { chosen: readonly string[]; dispatch: Dispatch<SingleOrderAction> }) {
  return (
    <fieldset>
      <legend className="label">Required Vehicle Type</legend>
      <div className="flex flex-wrap gap-4">
        {ORDER_VEHICLE_TYPES.map((vehicle) => (
          <label key={vehicle} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={chosen.includes(vehicle)}
              onChange={(e) => dispatch({ type: 'toggleVehicle', vehicle, required: e.target.checked })}
            />
            {vehicleLabel(vehicle)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
