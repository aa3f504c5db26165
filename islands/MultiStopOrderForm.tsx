/**
 * The pharmacy's multi-stop form (spec 2-business-area.md §2.12–2.13, §4.5): stop cards that can be
 * added, removed and reordered by dragging; 'Calculate Route & Delivery Fee' asks the
 * server for the route and its fee, and opens the route modal, where reordering
 * recalculates at once. 'Optimize order' (issue 18), in the form and in the modal, has
 * the server put the stops in the best order, reorders the cards and says what it saves.
 * A stop may carry a deliver-by time; the route says which stops it would make late.
 * Any change to the stops outside the modal discards the route, and 'Create Multi-Stop
 * Order' waits for one. The order and its stops are created in one request (one
 * transaction on the server). Without the maps service, each stop's
 * street, apartment, city, state and ZIP are typed and the server places them when it
 * calculates the route (issue 13).
 */
import { arrayMove } from '@dnd-kit/sortable';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { LatLng } from '../src/domain/geo';
import { APPROXIMATE_LOCATION, type PlacedPrecision } from '../src/domain/location';
import type { OpenMapConfig } from '../src/domain/mapTiles';
import { formatUsd, parseMoney, type Cents } from '../src/domain/money';
import { isAtRouteFloor, roundMiles, ROUTE_FLOOR_NOTE } from '../src/domain/fees';
import { milesText } from '../src/domain/routePlan';
import { MAX_ROUTE_STOPS } from '../src/domain/schemas/businessOrders';
import { addressLine, emptyAddress, toTyped, type AddressValue } from './business/address';
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
  withReason,
} from './business/forms';
import { useMapsKey } from './business/maps';
import { RouteMap } from './business/RouteMap';
import { DragHandle, SortableList, type HandleProps } from './lib/SortableList';
import { AFTER_CREATE_DELAY_MS, type BusinessOnForm } from './SingleOrderForm';
import { apiRequest, ApiRequestError } from './lib/api';
import { errorToast, toast } from './lib/events';
import { Modal } from './lib/Modal';

export interface MultiStopOrderFormProps {
  business: BusinessOnForm;
  /** Where routes start; without it the server may still geocode the pharmacy's address. */
  location: LatLng | null;
  defaultPickup: string;
  defaultDelivery: string;
  mapsApiKey: string | null;
  /** Maps without the maps service (the route modal). */
  openMap: OpenMapConfig;
}

interface Stop {
  key: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  address: AddressValue;
  deliveryInstructions: string;
  /** Deliver-by time as typed ('YYYY-MM-DDTHH:mm', local), or ''. */
  deliverBy: string;
}

/** A point of the route as the server placed it, and how precisely. */
type PlacedPoint = LatLng & { precision: PlacedPrecision };

interface Route {
  miles: number;
  fee: string;
  polyline: string;
  estimated: boolean;
  /** Some point is only its ZIP code's centre. */
  approximate: boolean;
  pickup: PlacedPoint;
  /** Where each stop is, in the route's order (the same order as the stops). */
  points: PlacedPoint[];
  /** When each stop is reached (ISO), by stop key. */
  arrivals: Record<string, string>;
  /** Stops reached after their deliver-by time. */
  lateKeys: string[];
  /**
   * What 'Optimize order' changed against the order the stops were in (fewer miles are
   * positive; meeting deliver-by times may cost more); null for a plain calculation.
   */
  saving: { miles: number; feeCents: Cents; moved: boolean } | null;
}

interface RouteAnswer {
  totalDistanceMiles: number;
  calculatedDeliveryFee: string;
  optimizedOrder?: number[];
  routeDetails: {
    polyline: string;
    estimated: boolean;
    approximate?: boolean;
    pickup: PlacedPoint;
    stops: PlacedPoint[];
    arrivals: string[];
    lateStops: number[];
    givenOrder?: { totalDistanceMiles: number; calculatedDeliveryFee: string };
  };
}

const emptyStop = (key: string, typed: boolean): Stop => ({
  key,
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  address: emptyAddress(typed),
  deliveryInstructions: '',
  deliverBy: '',
});
const isPlaced = (stop: Stop) => stop.address.point != null;
const cents = (fee: string) => parseMoney(fee) ?? 0;

/** What an optimization did, in words: "Optimized order: −2.4 mi, −$4.80." */
function savingWords(saving: NonNullable<Route['saving']>): string {
  if (!saving.moved) return 'Already the best order.';
  if (saving.miles === 0) return 'Optimized order: the same distance.';
  const sign = saving.miles > 0 ? '\u2212' : '+';
  const figures = `${sign}${milesText(saving.miles)}, ${sign}${formatUsd(Math.abs(saving.feeCents))}`;
  return saving.miles > 0 ? `Optimized order: ${figures}.` : `Optimized order: ${figures}, to meet deliver-by times.`;
}
/** "2:45 PM" in the viewer's zone. */
const clock = (time: string) => new Date(time).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
/** "arrives about 2:45 PM, after its deliver-by time of 2:30 PM" */
const lateWords = (route: Route, stop: Stop) => `arrives about ${clock(route.arrivals[stop.key])}, after its deliver-by time of ${clock(stop.deliverBy)}`;

/**
 * The route an answer describes, with the stops in its order: the order sent, or the
 * optimized one. Stops the server placed (geocoded) keep their coordinates, so they can
 * be created.
 */
function routeOf(answer: RouteAnswer, sent: readonly Stop[]): { stops: Stop[]; route: Route } {
  const details = answer.routeDetails;
  const order = answer.optimizedOrder ?? sent.map((_, index) => index);
  const given = details.givenOrder;
  const placed = (stop: Stop, index: number): Stop => {
    if (isPlaced(stop)) return stop;
    const { lat, lng, precision } = details.stops[index];
    return { ...stop, address: { ...stop.address, point: { latitude: lat, longitude: lng, precision } } };
  };
  return {
    stops: order.map((index) => placed(sent[index], index)),
    route: {
      miles: answer.totalDistanceMiles,
      fee: answer.calculatedDeliveryFee,
      polyline: details.polyline,
      estimated: details.estimated,
      approximate: details.approximate ?? false,
      pickup: details.pickup,
      points: order.map((index) => details.stops[index]),
      arrivals: Object.fromEntries(sent.map((stop, index) => [stop.key, details.arrivals[index]])),
      lateKeys: details.lateStops.map((index) => sent[index].key),
      saving: given
        ? {
            miles: roundMiles(given.totalDistanceMiles - answer.totalDistanceMiles),
            feeCents: cents(given.calculatedDeliveryFee) - cents(answer.calculatedDeliveryFee),
            moved: order.some((index, position) => index !== position),
          }
        : null,
    },
  };
}

export default function MultiStopOrderForm(props: MultiStopOrderFormProps) {
  const [mapsApiKey, mapsDown] = useMapsKey(props.mapsApiKey);
  const typed = mapsApiKey == null;
  const nextKey = useRef(2);
  const [order, setOrder] = useState({ internalOrderNumber: '', amount: '', tip: '', pickup: props.defaultPickup, delivery: props.defaultDelivery });
  const [stops, setStops] = useState<Stop[]>(() => [emptyStop('stop-1', typed)]);
  // The maps service turned out to be unavailable: what was typed in each stop becomes its street.
  useEffect(() => {
    if (typed) setStops((current) => current.map((stop) => ({ ...stop, address: toTyped(stop.address) })));
  }, [typed]);
  const lineOf = (stop: Stop) => addressLine(stop.address, 'description', typed);
  const isValid = (stop: Stop) => !!stop.customerName.trim() && !!stop.customerPhone.trim() && !!lineOf(stop) && isPlaced(stop);
  const [route, setRoute] = useState<Route | null>(null);
  const [calculating, setCalculating] = useState<'form' | 'optimize' | 'modal' | null>(null);
  const [routeOpen, setRouteOpen] = useState(false);
  const [pending, setPending] = useState(false);
  /** Invalid emails are pointed out once the business tried to create the order, not while they type. */
  const [emailsChecked, setEmailsChecked] = useState(false);
  /** What screen readers hear after the stops were reordered for them. */
  const [announcement, setAnnouncement] = useState('');

  /** Every change to the stops discards the route (spec 2-business-area.md §4.5). */
  function changeStops(next: Stop[]) {
    setStops(next);
    setRoute(null);
    setAnnouncement('');
  }
  const editStop = (key: string, change: Partial<Stop>) => changeStops(stops.map((stop) => (stop.key === key ? { ...stop, ...change } : stop)));

  /** The route through the stops as they are (coordinates, or an address to place), optimized or not. */
  async function requestRoute(sent: readonly Stop[], optimize: boolean): Promise<{ stops: Stop[]; route: Route }> {
    const answer = await apiRequest<RouteAnswer>('POST', '/api/routes/calculate', {
      pharmacyAddress: props.business.address,
      optimize,
      departureTime: localToUtc(order.pickup),
      stops: sent.map((stop) => {
        const { point } = stop.address;
        return {
          ...(point ? { lat: point.latitude, lng: point.longitude, precision: point.precision } : { address: lineOf(stop) }),
          deliverBy: localToUtc(stop.deliverBy),
        };
      }),
    });
    return routeOf(answer, sent);
  }

  /** The toast after a calculation, and what screen readers hear when the cards moved. */
  function announce(next: Route, stopsNow: readonly Stop[]) {
    toast({ title: 'Route Calculated', description: `Distance: ${next.miles.toFixed(2)} miles | Fee: $${next.fee}` });
    setAnnouncement(
      next.saving
        ? `${savingWords(next.saving)}${next.saving.moved ? ` New order: ${stopsNow.map((stop, index) => stopLabel(stop, index)).join('; ')}.` : ''}`
        : '',
    );
  }

  async function calculate(optimize: boolean) {
    if (!props.business.address.trim() && !props.location) return errorToast('Pharmacy address not found');
    if (stops.some((stop) => !lineOf(stop) && !isPlaced(stop))) return errorToast('Please enter addresses for all delivery stops');
    setCalculating(optimize ? 'optimize' : 'form');
    try {
      const next = await requestRoute(stops, optimize);
      setStops(next.stops);
      setRoute(next.route);
      setRouteOpen(true);
      announce(next.route, next.stops);
    } catch (error) {
      errorToast(withReason('Failed to calculate route', error));
    } finally {
      setCalculating(null);
    }
  }

  /**
   * In the route modal, a new order (dragged, or optimized) is calculated at once, with
   * coordinates only (spec 2-business-area.md §2.13); if that fails, the route is gone.
   */
  async function recalculateInModal(reordered: Stop[], optimize: boolean) {
    setStops(reordered);
    setCalculating('modal');
    try {
      const next = await requestRoute(reordered, optimize);
      setStops(next.stops);
      setRoute(next.route);
      announce(next.route, next.stops);
    } catch (error) {
      setRoute(null);
      setRouteOpen(false);
      errorToast(withReason('Failed to calculate route', error));
    } finally {
      setCalculating(null);
    }
  }

  function reorderInForm(from: number, to: number) {
    changeStops(arrayMove(stops, from, to));
    toast({ title: 'Order Updated', description: 'Delivery stop order changed. Please recalculate route.' });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!order.internalOrderNumber.trim() || !order.amount.trim()) return errorToast('Please fill in all required order fields');
    const valid = stops.filter(isValid);
    if (valid.length === 0) return errorToast('Please add at least one valid delivery stop');
    if (!route) return errorToast('Please calculate the route before creating the order');
    setEmailsChecked(true);
    const badEmail = valid.find((stop) => emailProblem(stop.customerEmail));
    if (badEmail) return errorToast(`Stop ${stops.indexOf(badEmail) + 1}: ${emailProblem(badEmail.customerEmail)}`);
    const [first] = valid;
    const amount = Number(order.amount);
    const body = {
      customerName: first.customerName.trim(),
      customerPhone: first.customerPhone.trim(),
      customerEmail: first.customerEmail.trim(),
      customerAddress: lineOf(first),
      customerLatitude: first.address.point!.latitude,
      customerLongitude: first.address.point!.longitude,
      deliveryInstructions: first.deliveryInstructions.trim(),
      internalOrderNumber: order.internalOrderNumber.trim(),
      amount: Number.isFinite(amount) ? amount : order.amount,
      deliveryFee: Number(route.fee),
      totalDistanceMiles: route.miles,
      calculatedDeliveryFee: Number(route.fee),
      tip: order.tip.trim() ? order.tip.trim() : 0,
      pickupTime: localToUtc(order.pickup),
      deliveryTime: localToUtc(order.delivery),
      items: [{ name: 'Pharmacy Order', quantity: 1, price: Number.isFinite(amount) ? amount : order.amount }],
      status: 'new',
      requiredVehicleTypes: ['sedan'],
      setupRequired: false,
      customerStreet: lineOf(first),
      customerCity: '',
      customerState: '',
      customerZip: '',
      stops: valid.map((stop, index) => ({
        sequence: index + 1,
        customerName: stop.customerName.trim(),
        customerPhone: stop.customerPhone.trim(),
        customerEmail: stop.customerEmail.trim(),
        address: lineOf(stop),
        latitude: stop.address.point!.latitude,
        longitude: stop.address.point!.longitude,
        locationPrecision: stop.address.point!.precision,
        deliveryInstructions: stop.deliveryInstructions.trim(),
        deliverBy: localToUtc(stop.deliverBy),
        status: 'pending',
      })),
    };
    setPending(true);
    try {
      await apiRequest('POST', '/api/orders', body);
      toast({ title: 'Success', description: `Multi-stop order created with ${valid.length} delivery stops!` });
      nextKey.current = 2;
      setOrder({ internalOrderNumber: '', amount: '', tip: '', pickup: props.defaultPickup, delivery: props.defaultDelivery });
      changeStops([emptyStop('stop-1', typed)]);
      window.setTimeout(() => window.location.assign('/restaurant'), AFTER_CREATE_DELAY_MS);
    } catch (error) {
      errorToast(stopFailure(error) ?? orderCreationMessage(error));
      setPending(false);
    }
  }

  const stopLabel = (stop: Stop, index: number) => `Stop ${index + 1}${stop.customerName.trim() ? `, ${stop.customerName.trim()}` : ''}`;

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Create Multi-Stop Order">
      <PickupFrom
        id="pharmacy-information"
        title="Pharmacy Information"
        labels={['Pharmacy Name', 'Pickup Address', 'Contact Phone']}
        business={props.business}
      />

      <FormSection id="multi-order-information" title="Order Information">
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <TextInput
            label="Internal Order Number"
            value={order.internalOrderNumber}
            onChange={(e) => setOrder({ ...order, internalOrderNumber: e.target.value })}
          />
          <MoneyInput label="Order Amount" value={order.amount} onChange={(e) => setOrder({ ...order, amount: e.target.value })} />
          <MoneyInput
            label="Customer Tip"
            value={order.tip}
            onChange={(e) => setOrder({ ...order, tip: e.target.value })}
            hint="100% of tips go directly to the courier"
          />
          <TextInput label="Pickup Time" type="datetime-local" value={order.pickup} onChange={(e) => setOrder({ ...order, pickup: e.target.value })} />
          <TextInput label="Delivery Time" type="datetime-local" value={order.delivery} onChange={(e) => setOrder({ ...order, delivery: e.target.value })} />
        </div>
      </FormSection>

      <section className="card p-5" aria-labelledby="delivery-stops">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="delivery-stops" className="font-semibold">
              Delivery Stops ({stops.length})
            </h2>
            <p className="text-sm text-slate-500">Drag stops to reorder the delivery sequence</p>
          </div>
          <button
            type="button"
            className="btn btn-outline"
            disabled={stops.length >= MAX_ROUTE_STOPS}
            onClick={() => changeStops([...stops, emptyStop(`stop-${nextKey.current++}`, typed)])}
          >
            Add Stop
          </button>
        </div>
        <SortableList items={stops} onMove={reorderInForm} describe={stopLabel} label="Delivery stops">
          {(stop, index, handle) => (
            <StopCard
              stop={stop}
              index={index}
              handle={handle}
              late={route?.lateKeys.includes(stop.key) ? `It ${lateWords(route, stop)}.` : null}
              emailError={emailsChecked ? emailProblem(stop.customerEmail) : null}
              removable={stops.length > 1}
              mapsApiKey={mapsApiKey}
              onMapsDown={mapsDown}
              onChange={(change) => editStop(stop.key, change)}
              onRemove={() => changeStops(stops.filter((other) => other.key !== stop.key))}
            />
          )}
        </SortableList>
      </section>

      <section className="card flex flex-wrap items-center justify-between gap-4 p-5" aria-label="Route and delivery fee">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-brand"
            onClick={() => void calculate(false)}
            disabled={calculating != null}
            aria-busy={calculating === 'form' || undefined}
          >
            {calculating === 'form' ? 'Calculating...' : 'Calculate Route & Delivery Fee'}
          </button>
          <OptimizeButton busy={calculating === 'optimize'} disabled={calculating != null || stops.length < 2} onClick={() => void calculate(true)} />
        </div>
        {route ? (
          <div className="flex flex-wrap items-center gap-6" aria-live="polite">
            <Figures
              className="flex flex-wrap gap-6 text-sm"
              valueClassName="text-lg font-semibold"
              items={[
                ['Total Distance', `${route.miles.toFixed(2)} miles${route.estimated ? ' (estimated)' : ''}`, 'route-distance'],
                ['Delivery Fee', `$${route.fee}`, 'route-fee'],
              ]}
            />
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setRouteOpen(true)}>
              View Route
            </button>
            <RouteFigureNotes route={route} stopCount={stops.length} />
          </div>
        ) : (
          <p className="text-sm text-slate-500">Calculate the route to see the delivery fee ($2 per mile).</p>
        )}
        {route ? <RouteNotes route={route} stops={stops} className="w-full" /> : null}
        <p role="status" className="sr-only">
          {announcement}
        </p>
      </section>

      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary btn-lg" disabled={!route || pending} aria-busy={pending || undefined}>
          {pending ? 'Creating...' : 'Create Multi-Stop Order'}
        </button>
      </div>

      {route ? (
        <Modal open={routeOpen} onOpenChange={setRouteOpen} title="Delivery Route" wide>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_16rem]">
            <div className="relative min-h-64">
              <RouteMap apiKey={mapsApiKey} openMap={props.openMap} pickup={route.pickup} stops={route.points} polyline={route.polyline} />
              {calculating === 'modal' ? (
                <p role="status" className="absolute inset-0 flex items-center justify-center rounded-md bg-white/80 text-sm font-medium">
                  Recalculating route...
                </p>
              ) : null}
            </div>
            <div className="space-y-4">
              <Figures
                className="grid grid-cols-3 gap-2 text-sm md:grid-cols-1"
                valueClassName="font-semibold"
                items={[
                  ['Total Stops', String(stops.length), 'modal-stops'],
                  ['Total Distance', `${route.miles.toFixed(2)} mi`, 'modal-distance'],
                  ['Delivery Fee', `$${route.fee}`, 'modal-fee'],
                ]}
              />
              {route.estimated ? <p className="text-xs text-slate-500">Estimated from the stops' locations.</p> : null}
              <RouteFigureNotes route={route} stopCount={stops.length} />
              <OptimizeButton
                busy={calculating === 'modal'}
                disabled={calculating != null || stops.length < 2}
                onClick={() => void recalculateInModal(stops, true)}
                className="btn-sm w-full"
              />
              <RouteNotes route={route} stops={stops} />
              <div>
                <p className="mb-2 text-xs text-slate-500">Drag stops to reorder</p>
                <p className="mb-2 rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">Pharmacy (Pickup)</p>
                <SortableList
                  items={stops}
                  onMove={(from, to) => void recalculateInModal(arrayMove(stops, from, to), false)}
                  describe={stopLabel}
                  label="Route stops"
                  className="space-y-2"
                >
                  {(stop, index, handle) => (
                    <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-2 text-sm">
                      <DragHandle handle={handle} label={`Move ${stopLabel(stop, index)}`} disabled={calculating != null} />
                      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-red-600 text-xs font-semibold text-white">
                        {index + 1}
                      </span>
                      <span className="min-w-0 truncate">{stop.customerName || lineOf(stop) || `Stop ${index + 1}`}</span>
                    </div>
                  )}
                </SortableList>
              </div>
            </div>
          </div>
        </Modal>
      ) : null}
    </form>
  );
}

/** The route's figures: label, value and a test id each. */
function Figures({ items, className, valueClassName }: { items: Array<[string, string, string]>; className: string; valueClassName: string }) {
  return (
    <dl className={className}>
      {items.map(([label, value, testId]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className={valueClassName} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Failed to create delivery stop N: …' when the server named a stop (spec 2-business-area.md §8.2). */
function stopFailure(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const fields = (error.body as { fields?: Record<string, string[]> } | null)?.fields ?? {};
  for (const [field, messages] of Object.entries(fields)) {
    const match = /^stops\.(\d+)\./.exec(field);
    if (match) return `Failed to create delivery stop ${Number(match[1]) + 1}: ${messages.join('; ')}`;
  }
  return null;
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
  onChange: (change: Partial<Stop>) => void;
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

function OptimizeButton({ busy, disabled, onClick, className = '' }: { busy: boolean; disabled: boolean; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`btn btn-outline ${className}`} onClick={onClick} disabled={disabled} aria-busy={busy || undefined}>
      {busy ? 'Optimizing...' : 'Optimize order'}
    </button>
  );
}

/** What an optimization saved, and the stops the route reaches after their deliver-by time. */
function RouteNotes({ route, stops, className = '' }: { route: Route; stops: readonly Stop[]; className?: string }) {
  const late = stops.flatMap((stop, index) => (route.lateKeys.includes(stop.key) ? [{ stop, index }] : []));
  if (!route.saving && late.length === 0) return null;
  return (
    <div className={`space-y-1 text-sm ${className}`}>
      {route.saving ? (
        <p className="font-medium text-emerald-800" data-testid="route-saving">
          {savingWords(route.saving)}
        </p>
      ) : null}
      {late.map(({ stop, index }) => (
        <p key={stop.key} className="text-amber-800">
          Stop {index + 1}
          {stop.customerName.trim() ? ` (${stop.customerName.trim()})` : ''} {lateWords(route, stop)}.
        </p>
      ))}
    </div>
  );
}

/** What the distance and fee rest on: places only at a ZIP code's centre, and the floor when it applies (decision B17). */
function RouteFigureNotes({ route, stopCount }: { route: Pick<Route, 'miles' | 'approximate'>; stopCount: number }) {
  return (
    <>
      {route.approximate ? (
        <p className="w-full text-xs text-amber-800" data-approximate-location="">
          Some places are at their ZIP code's centre ({APPROXIMATE_LOCATION}): the distance is approximate.
        </p>
      ) : null}
      {isAtRouteFloor(route.miles, stopCount) ? (
        <p className="w-full text-xs text-slate-600" data-fee-floor="">
          {ROUTE_FLOOR_NOTE}.
        </p>
      ) : null}
    </>
  );
}
