/**
 * What a business's create and edit requests do to an order (spec 2-business-area.md §4.3, §9.1): the
 * values of a new order and its stops, and the columns an edit changes. The server
 * computes every fee here; nothing the client says about fees is read.
 */
import { splitAddress } from './address';
import { routeFeeFloor, singleOrderDeliveryFee } from './fees';
import { givenPlace, type LocationPrecision, type PlacedAddress } from './location';
import type { Cents } from './money';
import { kindProblem, ORDER_KINDS, orderKindOf, type OrderKind } from './orderKinds';
import type { RoutePlan } from './routePlan';
import type { BusinessOrderEdit, NewStopInput, OrderCreateInput } from './schemas/businessOrders';
import type { OrderVehicleType } from './vehicles';

export interface OrderItemValue {
  name: string;
  quantity: number;
  price: Cents;
  notes?: string | null;
}

/** The signed-in business, as copied onto its orders. */
export interface BusinessOnOrder {
  restaurantId: number;
  name: string;
  address: string;
  phone: string;
  zoneId: number;
}

/** A stop ready to store, with its coordinates known. */
export interface PlannedStop {
  sequence: number;
  customerName: string;
  customerPhone: string;
  /** Where this stop's customer messages also go (decision K14). */
  customerEmail?: string | null;
  address: string;
  latitude: number;
  longitude: number;
  locationPrecision: LocationPrecision;
  deliveryInstructions: string | null;
  /** Epoch ms: the route optimizer tries to reach the stop by then (issue 18). */
  deliverBy?: number | null;
  /** Epoch ms: a courier there sooner waits until then (issue 32). */
  deliverAfter?: number | null;
  /** Minutes the courier spends there, when not STOP_SERVICE_MINUTES (issue 32). */
  serviceMinutes?: number | null;
}

export interface NewOrderValues {
  status: 'new';
  internalOrderNumber: string;
  restaurantId: number;
  restaurantName: string;
  restaurantAddress: string;
  restaurantPhone: string;
  zoneId: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  customerAddress: string;
  customerStreet: string | null;
  customerHouse: string | null;
  customerApartment: string | null;
  customerCity: string | null;
  customerState: string | null;
  customerZip: string | null;
  customerLatitude: number | null;
  customerLongitude: number | null;
  customerLocationPrecision: LocationPrecision;
  customerCompany: string | null;
  deliveryInstructions: string | null;
  setupRequired: boolean;
  requiredVehicleTypes: OrderVehicleType[];
  items: OrderItemValue[];
  amountCents: Cents;
  deliveryFeeCents: Cents;
  tipCents: Cents;
  totalDistanceMiles: number | null;
  calculatedDeliveryFeeCents: Cents | null;
  pickupTime: number;
  deliveryTime: number;
}

/** Stops in delivery order, numbered 1..n: by their sequence when given, else as listed. */
export function orderStops<T extends Pick<NewStopInput, 'sequence'>>(stops: readonly T[]): Array<T & { sequence: number }> {
  const ordered = stops.every((stop) => stop.sequence != null) ? [...stops].sort((a, b) => a.sequence! - b.sequence!) : [...stops];
  return ordered.map((stop, index) => ({ ...stop, sequence: index + 1 }));
}

/**
 * A new order: status new, the business's name, address, phone and zone copied from its
 * own record, the fee computed here by the rule of its kind (orderKinds.ts), never by the
 * shape of the body. A route takes its customer from its first stop and is priced by its
 * miles (a route sent before its stops, as the spec's two-step form does, starts at the
 * floor and is priced again as each stop arrives); a single order pays max(10%, $30) and
 * goes where `place` (the coordinates sent, or the address placed by the server) says.
 */
export function planNewOrder(
  input: OrderCreateInput,
  business: BusinessOnOrder,
  kind: OrderKind,
  route: { plan: RoutePlan; stops: PlannedStop[] } | null,
  place: PlacedAddress = { latitude: null, longitude: null, precision: 'none' },
): NewOrderValues {
  const first = route?.stops[0];
  const multiStop = route != null && first != null;
  const priced = ORDER_KINDS[kind].fee === 'route_miles';
  const routeFee = priced ? (multiStop ? route.plan.feeCents : routeFeeFloor(0)) : null;
  return {
    status: 'new',
    internalOrderNumber: input.internalOrderNumber,
    restaurantId: business.restaurantId,
    restaurantName: business.name,
    restaurantAddress: business.address,
    restaurantPhone: business.phone,
    zoneId: business.zoneId,
    customerName: multiStop ? first.customerName : input.customerName!,
    customerPhone: multiStop ? first.customerPhone : input.customerPhone!,
    customerEmail: multiStop ? (first.customerEmail ?? null) : input.customerEmail,
    customerAddress: multiStop ? first.address : input.customerAddress!,
    // A multi-stop order's address is its first stop's line (spec 2-business-area.md §7 'customerStreet = the stop's address').
    customerStreet: multiStop ? first.address : input.customerStreet,
    customerHouse: multiStop ? null : input.customerHouse,
    customerApartment: multiStop ? null : input.customerApartment,
    customerCity: multiStop ? null : input.customerCity,
    customerState: multiStop ? null : input.customerState,
    customerZip: multiStop ? null : input.customerZip,
    customerLatitude: multiStop ? first.latitude : place.latitude,
    customerLongitude: multiStop ? first.longitude : place.longitude,
    customerLocationPrecision: multiStop ? first.locationPrecision : place.precision,
    customerCompany: input.customerCompany,
    deliveryInstructions: multiStop ? first.deliveryInstructions : input.deliveryInstructions,
    setupRequired: input.setupRequired,
    requiredVehicleTypes: input.requiredVehicleTypes,
    items: input.items ?? [{ name: multiStop ? 'Pharmacy Order' : 'Order', quantity: 1, price: input.amount, notes: null }],
    amountCents: input.amount,
    deliveryFeeCents: routeFee ?? singleOrderDeliveryFee(input.amount),
    tipCents: input.tip,
    totalDistanceMiles: priced ? (multiStop ? route.plan.miles : 0) : null,
    calculatedDeliveryFeeCents: routeFee,
    pickupTime: input.pickupTime,
    deliveryTime: input.deliveryTime,
  };
}

/** The parts of a stored order an edit is checked against. */
export interface OrderBeforeEdit {
  amountCents: Cents;
  totalDistanceMiles: number | null;
  items: OrderItemValue[];
  customerAddress: string;
  customerStreet: string | null;
  pickupTime: number;
  deliveryTime: number;
  /** Who holds the order, and what they are paid for it (fee + tip, set at assignment). */
  courierId: number | null;
  tipCents: Cents;
  courierPayCents: Cents | null;
}

export type OrderEditValues = Omit<BusinessOrderEdit, 'amount' | 'tip' | 'customerLocationPrecision'> & {
  customerLocationPrecision?: LocationPrecision;
  amountCents?: Cents;
  tipCents?: Cents;
  courierPayCents?: Cents;
  deliveryFeeCents?: Cents;
  items?: OrderItemValue[];
};

const place = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Where the street and ZIP of an address point: a different street or ZIP is a different place. */
function locationKey(address: string, street?: string | null): string {
  const parts = splitAddress(address);
  return `${place(street || parts.street)}|${place(parts.zip)}`;
}

/**
 * `moved`: the address now points somewhere else and no coordinates came with it, so the
 * caller places the new address (the old coordinates are already dropped from values).
 */
export type EditOutcome =
  | { ok: true; values: OrderEditValues; firstStop?: FirstStopEdit; changed: string[]; moved: boolean; kind: OrderKind }
  | { ok: false; message: string; field: string };

export const TIP_ONLY_RAISED = 'Once a courier has accepted the order, the tip can only be raised';

/** The edit's customer fields, which on a route are its first stop's (the header only shows them). */
export interface FirstStopEdit {
  customerName?: string;
  customerPhone?: string;
  customerEmail?: string | null;
  address?: string;
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: LocationPrecision;
  deliveryInstructions?: string | null;
}

/** Order fields that, on a route, belong to its first stop (spec 2-business-area.md §7: the order's customer is the first stop's). */
const FIRST_STOP_FIELDS = {
  customerName: 'customerName',
  customerPhone: 'customerPhone',
  customerEmail: 'customerEmail',
  customerAddress: 'address',
  customerLatitude: 'latitude',
  customerLongitude: 'longitude',
  customerLocationPrecision: 'locationPrecision',
  deliveryInstructions: 'deliveryInstructions',
} as const satisfies Partial<Record<keyof OrderEditValues, keyof FirstStopEdit>>;

/** A first stop's edit written to the order itself: a route sent before its stops (the spec's two-step form) has only its header. */
export function asHeader(stop: FirstStopEdit): OrderEditValues {
  const values: Record<string, unknown> = {};
  for (const [field, stopField] of Object.entries(FIRST_STOP_FIELDS)) if (stop[stopField] !== undefined) values[field] = stop[stopField];
  if (stop.address !== undefined) values.customerStreet = stop.address;
  return values as OrderEditValues;
}

/** The address parts of a single order's form: a route's header has none (its address is the stop's one line). */
const ADDRESS_PARTS = ['customerStreet', 'customerHouse', 'customerApartment', 'customerCity', 'customerState', 'customerZip'] as const;

/**
 * On a route, moves the customer fields of an edit to its first stop: the order's header
 * follows the stop (migrations/0016), so the courier goes where the business said.
 */
function toFirstStop(values: OrderEditValues): FirstStopEdit | undefined {
  const stop: Record<string, unknown> = {};
  for (const [field, stopField] of Object.entries(FIRST_STOP_FIELDS)) {
    const key = field as keyof typeof FIRST_STOP_FIELDS;
    if (values[key] !== undefined) stop[stopField] = values[key];
    delete values[key];
  }
  for (const part of ADDRESS_PARTS) delete values[part];
  return Object.keys(stop).length ? (stop as FirstStopEdit) : undefined;
}

/**
 * The columns an edit writes, by the rules of the order's kind. A new amount re-prices a
 * single order (a route keeps its route price) and its one synthetic item; an address
 * that points somewhere else drops the old coordinates unless new ones come with it, so
 * no courier is sent to the old place. On a route the customer fields are its first
 * stop's (`firstStop`), and a moved address re-prices the route (the caller routes it).
 * Once a courier holds the order the tip only rises, and their pay with it (100% of tips
 * go to the courier, D18).
 */
export function planOrderEdit(order: OrderBeforeEdit, edit: BusinessOrderEdit): EditOutcome {
  const kind = orderKindOf(order);
  const problem = kindProblem(kind, { setupRequired: edit.setupRequired });
  if (problem) return { ok: false, ...problem };
  const { amount, tip, customerLocationPrecision, ...fields } = edit;
  const values: OrderEditValues = { ...fields };
  const given = givenPlace(edit.customerLatitude, edit.customerLongitude, customerLocationPrecision);
  if (given) values.customerLocationPrecision = given.precision;
  if (tip !== undefined && tip !== order.tipCents) {
    // A courier who accepted was promised their pay: a tip may grow it, never shrink it.
    if (order.courierId != null && tip < order.tipCents) return { ok: false, message: TIP_ONLY_RAISED, field: 'tip' };
    values.tipCents = tip;
    if (order.courierId != null && order.courierPayCents != null) values.courierPayCents = order.courierPayCents + (tip - order.tipCents);
  }
  if (amount !== undefined) {
    values.amountCents = amount;
    if (ORDER_KINDS[kind].fee === 'share_of_amount') values.deliveryFeeCents = singleOrderDeliveryFee(amount);
    const [only] = order.items;
    if (order.items.length === 1 && only.quantity === 1 && only.price === order.amountCents) values.items = [{ ...only, price: amount }];
  }
  const pickup = edit.pickupTime ?? order.pickupTime;
  const delivery = edit.deliveryTime ?? order.deliveryTime;
  if (delivery < pickup) return { ok: false, message: 'Delivery time must not be before pickup time', field: 'deliveryTime' };
  const moved =
    edit.customerAddress !== undefined &&
    edit.customerLatitude === undefined &&
    edit.customerLongitude === undefined &&
    locationKey(edit.customerAddress, edit.customerStreet) !== locationKey(order.customerAddress, order.customerStreet);
  if (moved || (!given && (edit.customerLatitude === null || edit.customerLongitude === null))) {
    values.customerLatitude = null;
    values.customerLongitude = null;
    values.customerLocationPrecision = 'none';
  }
  const firstStop = ORDER_KINDS[kind].stops ? toFirstStop(values) : undefined;
  return { ok: true, values, firstStop, changed: Object.keys(edit).sort(), moved, kind };
}
