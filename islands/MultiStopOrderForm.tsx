/**
 * The pharmacy's multi-stop form (spec 2-business-area.md §2.12–2.13, §4.5): stop cards that can be
 * added, removed and reordered by dragging; 'Calculate Route & Delivery Fee' asks the
 * server for the route and its fee, and opens the route modal, where reordering
 * recalculates at once. 'Optimize order' (issue 18), in the form and in the modal, has
 * the server put the stops in the best order, reorders the cards and says what it saves.
 * A stop may carry a deliver-by time, and a time it is not to be reached before (issue
 * 32); the route says which stops it would make late.
 * Any change to the stops outside the modal discards the route, and 'Create Multi-Stop
 * Order' waits for one. The order and its stops are created in one request (one
 * transaction on the server). Without the maps service, each stop's
 * street, apartment, city, state and ZIP are typed and the server places them when it
 * calculates the route (issue 13). The state and the rules are
 * islands/business/multiStopForm.ts and multiStopRoute.ts; the route's views RoutePanels.tsx.
 * A route of up to 100 stops is pasted as a list (PasteStops.tsx, issue 32).
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useReducer, type Dispatch, type FormEvent } from 'react';
import type { LatLng } from '../src/domain/geo';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import { AddressFields } from './business/AddressFields';
import { EmailInput, FormSection, PhoneInput, PickupFrom, TextArea, MoneyInput, TextInput } from './business/forms';
import { useAddressesTyped, useMapsKey } from './business/maps';
import {
  calculationProblem,
  canAddStop,
  canRemoveStop,
  initialMultiStopState,
  multiStopOrderBody,
  multiStopReducer,
  orderProblem,
  pasteRoom,
  routeRequest,
  stopEmailProblem,
  stopFailure,
  stopLabel,
  type Calculation,
  type MultiStopAction,
  type MultiStopState,
  type Stop,
} from './business/multiStopForm';
import { lateHint, routeOf, routeToast, type RouteAnswer } from './business/multiStopRoute';
import {
  createOrder,
  emailProblem,
  orderCreationMessage,
  withReason,
  type BusinessOnForm,
  type OrderTerms,
  type OrderTimeDefaults,
} from './business/orderForm';
import { PasteStops } from './business/PasteStops';
import { RouteModal, RoutePanel } from './business/RoutePanels';
import { DragHandle, SortableList, type HandleProps } from './lib/SortableList';
import { apiRequest } from './lib/api';
import { errorToast, toast } from './lib/events';

export interface MultiStopOrderFormProps extends OrderTimeDefaults {
  business: BusinessOnForm;
  /** Where routes start; without it the server may still geocode the pharmacy's address. */
  location: LatLng | null;
  mapsApiKey: string | null;
  /** Maps without the maps service (the route modal). */
  openMap: OpenMapConfig;
}

export default function MultiStopOrderForm(props: MultiStopOrderFormProps) {
  const [mapsApiKey, mapsDown] = useMapsKey(props.mapsApiKey);
  const typed = mapsApiKey == null;
  const [state, dispatch] = useReducer(multiStopReducer, typed, (typedAtFirst) => initialMultiStopState(props, typedAtFirst));
  useAddressesTyped(typed, dispatch);
  const { stops, route, pending } = state;

  /** Asks the server for the route through `sent` in their order (or the best one), and shows it. */
  async function calculate(calculation: Calculation, sent: Stop[], optimize: boolean) {
    dispatch({ type: 'routeRequested', calculation, stops: sent });
    try {
      const answer = await apiRequest<RouteAnswer>(
        'POST',
        '/api/routes/calculate',
        routeRequest(sent, props.business.address, state.order.pickup, optimize, typed),
      );
      const next = routeOf(answer, sent);
      dispatch({ type: 'routeCalculated', ...next });
      toast(routeToast(next.route));
    } catch (error) {
      dispatch({ type: 'routeFailed' });
      errorToast(withReason('Failed to calculate route', error));
    }
  }

  function calculateFromForm(optimize: boolean) {
    const problem = calculationProblem(stops, { address: props.business.address, location: props.location }, typed);
    if (problem) return errorToast(problem);
    void calculate(optimize ? 'optimize' : 'form', stops, optimize);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = orderProblem(state, typed);
    if (missing) return errorToast(missing);
    dispatch({ type: 'emailsChecked' });
    const badEmail = stopEmailProblem(stops, typed);
    if (badEmail) return errorToast(badEmail);
    dispatch({ type: 'submitted' });
    const body = multiStopOrderBody(state, typed);
    const success = `Multi-stop order created with ${body.stops.length} delivery stops!`;
    const created = await createOrder(body, success, (error) => stopFailure(error) ?? orderCreationMessage(error));
    dispatch(created ? { type: 'created', defaults: props, typed } : { type: 'submitFailed' });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Create Multi-Stop Order">
      <PickupFrom
        id="pharmacy-information"
        title="Pharmacy Information"
        labels={['Pharmacy Name', 'Pickup Address', 'Contact Phone']}
        business={props.business}
      />
      <OrderInformation order={state.order} dispatch={dispatch} />
      <StopCards state={state} typed={typed} mapsApiKey={mapsApiKey} onMapsDown={mapsDown} dispatch={dispatch} />
      <RoutePanel state={state} onCalculate={calculateFromForm} onShowRoute={() => dispatch({ type: 'routeShown', open: true })} />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary btn-lg" disabled={!route || pending} aria-busy={pending || undefined}>
          {pending ? 'Creating...' : 'Create Multi-Stop Order'}
        </button>
      </div>
      {route ? (
        <RouteModal
          state={state}
          route={route}
          typed={typed}
          mapsApiKey={mapsApiKey}
          openMap={props.openMap}
          onOpenChange={(open) => dispatch({ type: 'routeShown', open })}
          // The modal's new orders are calculated at once, with coordinates only (spec 2-business-area.md §2.13).
          onOptimize={() => void calculate('modal', stops, true)}
          onMove={(from, to) => void calculate('modal', arrayMove(stops, from, to), false)}
        />
      ) : null}
    </form>
  );
}

function OrderInformation({ order, dispatch }: { order: OrderTerms; dispatch: Dispatch<MultiStopAction> }) {
  const edit = (change: Partial<OrderTerms>) => dispatch({ type: 'editOrder', change });
  return (
    <FormSection id="multi-order-information" title="Order Information">
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <TextInput label="Internal Order Number" value={order.internalOrderNumber} onChange={(e) => edit({ internalOrderNumber: e.target.value })} />
        <MoneyInput label="Order Amount" value={order.amount} onChange={(e) => edit({ amount: e.target.value })} />
        <MoneyInput label="Customer Tip" value={order.tip} onChange={(e) => edit({ tip: e.target.value })} hint="100% of tips go directly to the courier" />
        <TextInput label="Pickup Time" type="datetime-local" value={order.pickup} onChange={(e) => edit({ pickup: e.target.value })} />
        <TextInput label="Delivery Time" type="datetime-local" value={order.delivery} onChange={(e) => edit({ delivery: e.target.value })} />
      </div>
    </FormSection>
  );
}

function StopCards({
  state,
  typed,
  mapsApiKey,
  onMapsDown,
  dispatch,
}: {
  state: MultiStopState;
  typed: boolean;
  mapsApiKey: string | null;
  onMapsDown: () => void;
  dispatch: Dispatch<MultiStopAction>;
}) {
  const { stops, route } = state;
  function move(from: number, to: number) {
    dispatch({ type: 'moveStop', from, to });
    toast({ title: 'Order Updated', description: 'Delivery stop order changed. Please recalculate route.' });
  }
  return (
    <section className="card p-5" aria-labelledby="delivery-stops">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="delivery-stops" className="font-semibold">
            Delivery Stops ({stops.length})
          </h2>
          <p className="text-sm text-slate-500">Drag stops to reorder the delivery sequence</p>
        </div>
        <button type="button" className="btn btn-outline" disabled={!canAddStop(state)} onClick={() => dispatch({ type: 'addStop', typed })}>
          Add Stop
        </button>
      </div>
      <PasteStops room={pasteRoom(state)} onPaste={(pasted) => dispatch({ type: 'pasteStops', stops: pasted, typed })} />
      <SortableList items={stops} onMove={move} describe={stopLabel} label="Delivery stops">
        {(stop, index, handle) => (
          <StopCard
            stop={stop}
            index={index}
            handle={handle}
            late={lateHint(route, stop)}
            emailError={state.emailsChecked ? emailProblem(stop.customerEmail) : null}
            removable={canRemoveStop(state)}
            mapsApiKey={mapsApiKey}
            onMapsDown={onMapsDown}
            onChange={(change) => dispatch({ type: 'editStop', key: stop.key, change })}
            onRemove={() => dispatch({ type: 'removeStop', key: stop.key })}
          />
        )}
      </SortableList>
    </section>
  );
}

function StopCard({
  stop,
  index,
  handle,
  late,
  emailError,
  removable,
  mapsApiKey,
  onMapsDown,
  onChange,
  onRemove,
}: {
  stop: Stop;
  index: number;
  handle: HandleProps;
  /** Why this stop misses its deliver-by time on the calculated route. */
  late: string | null;
  emailError: string | null;
  removable: boolean;
  mapsApiKey: string | null;
  onMapsDown: () => void;
  onChange: (change: Partial<Omit<Stop, 'key'>>) => void;
  onRemove: () => void;
}) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label={`Stop ${index + 1}`}>
      <div className="mb-3 flex items-center gap-2">
        <DragHandle handle={handle} label={`Drag to reorder stop ${index + 1}`} />
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-white">{index + 1}</span>
        <span className="font-medium">Stop {index + 1}</span>
        {removable ? (
          <button type="button" className="btn btn-ghost btn-sm ml-auto text-red-700" onClick={onRemove} aria-label={`Remove stop ${index + 1}`}>
            Remove
          </button>
        ) : null}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextInput label="Customer Name" value={stop.customerName} onChange={(e) => onChange({ customerName: e.target.value })} />
        <PhoneInput value={stop.customerPhone} onChange={(customerPhone) => onChange({ customerPhone })} />
        <EmailInput value={stop.customerEmail} onChange={(customerEmail) => onChange({ customerEmail })} error={emailError} />
        <AddressFields
          label="Delivery Address"
          value={stop.address}
          onChange={(address) => onChange({ address })}
          mapsApiKey={mapsApiKey}
          onMapsDown={onMapsDown}
          display="description"
          partsWithSuggestions={false}
          apartmentLabel="Apartment/Unit (Optional)"
        />
        <TextInput
          label="Minutes at Stop (Optional)"
          type="number"
          min={0}
          max={240}
          step={1}
          inputMode="numeric"
          value={stop.serviceMinutes}
          onChange={(e) => onChange({ serviceMinutes: e.target.value })}
          hint="5 unless said: longer for a signature or a large parcel."
        />
        <TextInput
          label="Deliver After (Optional)"
          type="datetime-local"
          value={stop.deliverAfter}
          onChange={(e) => onChange({ deliverAfter: e.target.value })}
          hint="Not reached before then: a customer home later."
        />
        <TextInput
          label="Deliver By (Optional)"
          type="datetime-local"
          value={stop.deliverBy}
          onChange={(e) => onChange({ deliverBy: e.target.value })}
          hint={late ? <span className="font-medium text-amber-800">{late}</span> : 'Routes are ordered to reach this stop by then.'}
        />
        <TextArea
          className="md:col-span-2"
          label="Delivery Instructions (Optional)"
          value={stop.deliveryInstructions}
          onChange={(e) => onChange({ deliveryInstructions: e.target.value })}
        />
      </div>
    </article>
  );
}
