/**
 * The order status model (spec 1-foundations-and-admin.md §4, 2 §4, 3 §4): the values, every set they are grouped
 * in, the labels, and which moves each role may make. This file is the one home of the
 * status sets: the server, the islands and the SQL of the migrations use these (a unit
 * test, src/db/migrations.test.ts, checks the migrations' lists against them).
 */

export const ORDER_STATUSES = [
  'new',
  'pending_restaurant',
  'pending_courier',
  'assigned',
  'courier_rejected',
  'courier_confirmed',
  'courier_on_way_to_pickup',
  'arrived_at_pickup',
  'picked_up',
  'on_way_to_customer',
  'arrived_at_customer',
  'setup_in_progress',
  'delivered',
  'awaiting_pharmacy_pickup',
  'courier_on_way_to_pharmacy',
  'arrived_at_pharmacy',
  'pharmacy_picked_up',
  'in_pharmacy_delivery',
  'pharmacy_completed',
  'cancelled',
  'missed_pickup',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

const set = (...statuses: OrderStatus[]): ReadonlySet<OrderStatus> => new Set(statuses);

/** Finished on the dashboards; every other status counts as active (spec 1-foundations-and-admin.md §4.2). */
export const FINISHED_STATUSES = set('delivered', 'cancelled', 'pharmacy_completed');
/** Every other status: an order still needing someone (named, so an index on status can find them). */
export const UNFINISHED_STATUSES = set(...ORDER_STATUSES.filter((status) => !FINISHED_STATUSES.has(status)));
/** Completed for money totals (spec 1-foundations-and-admin.md §4.2). */
export const COMPLETED_STATUSES = set('delivered', 'pharmacy_completed');
/** The bell counts these (spec 1-foundations-and-admin.md §2.5). */
export const NOTIFICATION_STATUSES = set('new', 'pending_courier');

export const isFinished = (status: OrderStatus) => FINISHED_STATUSES.has(status);
export const isActive = (status: OrderStatus) => !FINISHED_STATUSES.has(status);
export const isCompleted = (status: OrderStatus) => COMPLETED_STATUSES.has(status);

/**
 * An active business can be deactivated only when all its orders are in these; any other
 * is "unfinished" (restaurant_order_totals.unfinished_count).
 */
export const RELEASE_BUSINESS_STATUSES = set('delivered', 'cancelled');
export const blocksBusinessDeactivation = (status: OrderStatus) => !RELEASE_BUSINESS_STATUSES.has(status);

// ---------------------------------------------------------------------------
// Tabs
// ---------------------------------------------------------------------------

export interface StatusTab<K extends string = string> {
  key: K;
  label: string;
  /** null means every order. */
  statuses: readonly OrderStatus[] | null;
}

/** Admin Orders Management tabs (spec 1-foundations-and-admin.md §2.8 and §4.3). */
export const ADMIN_TABS = [
  { key: 'all', label: 'All', statuses: null },
  { key: 'new', label: 'New', statuses: ['new'] },
  { key: 'pending_courier', label: 'Pending', statuses: ['pending_courier'] },
  { key: 'assigned', label: 'Assigned', statuses: ['assigned', 'courier_confirmed', 'awaiting_pharmacy_pickup'] },
  {
    key: 'in_progress',
    label: 'In Progress',
    statuses: [
      'courier_on_way_to_pickup',
      'arrived_at_pickup',
      'picked_up',
      'on_way_to_customer',
      'arrived_at_customer',
      'setup_in_progress',
      'courier_on_way_to_pharmacy',
      'arrived_at_pharmacy',
      'pharmacy_picked_up',
      'in_pharmacy_delivery',
    ],
  },
  { key: 'completed', label: 'Completed', statuses: ['delivered'] },
  { key: 'cancelled', label: 'Cancelled', statuses: ['cancelled', 'missed_pickup'] },
] as const satisfies readonly StatusTab[];

export type AdminTabKey = (typeof ADMIN_TABS)[number]['key'];

const BUSINESS_NOT_IN_PROGRESS = set('new', 'pending_courier', 'delivered', 'pharmacy_completed', 'cancelled', 'missed_pickup');

/** Business Orders Management tabs (spec 2-business-area.md §4.2). */
export const BUSINESS_TABS = [
  { key: 'all', label: 'All', statuses: null },
  { key: 'new', label: 'New', statuses: ['new'] },
  { key: 'pending_courier', label: 'Pending', statuses: ['pending_courier'] },
  {
    key: 'in_progress',
    label: 'In Progress',
    statuses: ORDER_STATUSES.filter((status) => !BUSINESS_NOT_IN_PROGRESS.has(status)),
  },
  { key: 'completed', label: 'Completed', statuses: ['delivered', 'pharmacy_completed'] },
  { key: 'cancelled', label: 'Cancelled', statuses: ['cancelled', 'missed_pickup'] },
] as const satisfies readonly StatusTab[];

export type BusinessTabKey = (typeof BUSINESS_TABS)[number]['key'];

export function findTab<T extends StatusTab>(tabs: readonly T[], key: string | undefined | null): T {
  return tabs.find((tab) => tab.key === key) ?? tabs[0];
}

// ---------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------

/** Admin and business areas show a status with underscores as spaces. */
export function statusWords(status: string): string {
  return status.replaceAll('_', ' ');
}

/** Business list badge: both completed statuses read 'Completed' (spec 2-business-area.md §2.6). */
export function businessStatusBadge(status: OrderStatus): string {
  return isCompleted(status) ? 'Completed' : statusWords(status);
}

const COURIER_LABELS: Partial<Record<OrderStatus, string>> = {
  new: 'New',
  pending_restaurant: 'Pending Restaurant',
  pending_courier: 'Waiting for Courier',
  assigned: 'Assigned',
  courier_rejected: 'Rejected by Courier',
  courier_confirmed: 'Confirmed by Courier',
  courier_on_way_to_pickup: 'On the Way to Restaurant',
  arrived_at_pickup: 'Arrived at Restaurant',
  picked_up: 'Got All Items',
  on_way_to_customer: 'On the Way to Customer',
  arrived_at_customer: 'Arrived at Customer',
  setup_in_progress: 'Order Setup in Progress',
  delivered: 'Delivered',
  awaiting_pharmacy_pickup: 'Awaiting Pickup',
  courier_on_way_to_pharmacy: 'On Way to Pharmacy',
  arrived_at_pharmacy: 'At Pharmacy',
  pharmacy_picked_up: 'Picked Up from Pharmacy',
  in_pharmacy_delivery: 'Delivering',
  pharmacy_completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Courier-area label; an unknown status has each word capitalised (spec 3-courier-area.md §4.1). */
export function courierStatusLabel(status: string): string {
  return (
    COURIER_LABELS[status as OrderStatus] ??
    status
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

// ---------------------------------------------------------------------------
// Who may do what, by status
// ---------------------------------------------------------------------------

/** A business may cancel only before the courier has set off (spec 2-business-area.md §4.3). */
export const BUSINESS_CANCELLABLE = set('new', 'pending_courier', 'assigned', 'courier_confirmed');
/** A business may edit until the courier has the items (spec 2-business-area.md §4.3). */
export const BUSINESS_EDITABLE = set('new', 'pending_courier', 'assigned', 'courier_confirmed', 'courier_on_way_to_pickup', 'arrived_at_pickup');

/**
 * Assign, offer to the zone and cancel are refused for finished orders. The spec
 * names cancelled and delivered; pharmacy_completed is final too (docs/decisions/).
 */
export const canAdminAssign = (status: OrderStatus) => !isFinished(status);
export const canAdminCancel = (status: OrderStatus) => !isFinished(status);

/**
 * A courier whose phone cannot give a position is never stuck (decision C23): besides their
 * own "I'm here", the dispatcher may record their arrival, from the status they are on the
 * way in to the arrival it leads to.
 */
export const ADMIN_ARRIVALS: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = {
  courier_confirmed: 'arrived_at_pickup',
  courier_on_way_to_pickup: 'arrived_at_pickup',
  awaiting_pharmacy_pickup: 'arrived_at_pharmacy',
  courier_on_way_to_pharmacy: 'arrived_at_pharmacy',
  on_way_to_customer: 'arrived_at_customer',
};
export const ADMIN_ARRIVAL_TARGETS = ['arrived_at_pickup', 'arrived_at_pharmacy', 'arrived_at_customer'] as const;

/** Courier statuses in which the restaurant workflow is under way (spec 3-courier-area.md §4.2). */
export const COURIER_ACTIVE_DELIVERY = set(
  'courier_on_way_to_pickup',
  'arrived_at_pickup',
  'picked_up',
  'on_way_to_customer',
  'arrived_at_customer',
  'setup_in_progress',
);

/** The pharmacy route after going online and before completion. */
const PHARMACY_IN_PROGRESS = set('courier_on_way_to_pharmacy', 'arrived_at_pharmacy', 'pharmacy_picked_up', 'in_pharmacy_delivery');

/**
 * A delivery under way: the spec's active delivery statuses and their pharmacy forms
 * (decision C2). The dashboard re-opens the workflow of such an order.
 */
export const COURIER_IN_DELIVERY = set(...COURIER_ACTIVE_DELIVERY, ...PHARMACY_IN_PROGRESS);

/**
 * Held by the courier but not set off: the go-online panel and the scheduled tasks show
 * these, and one whose courier never went online becomes a missed pickup (D17).
 */
export const COURIER_NOT_STARTED = set('assigned', 'courier_confirmed', 'awaiting_pharmacy_pickup');

/** The header indicator counts an accepted order that has not set off too (spec 3-courier-area.md §2.3). */
export const COURIER_INDICATOR_ACTIVE = set(...COURIER_IN_DELIVERY, 'courier_confirmed', 'awaiting_pharmacy_pickup');

/**
 * Held by a courier and not finished: a courier's load (the assign dialog's suggestions),
 * what a deactivated courier leaves behind to reassign (decision W6), and the
 * statuses in which the courier may reorder its stops (issue 18).
 */
export const COURIER_HELD_STATUSES = set(...COURIER_NOT_STARTED, ...COURIER_IN_DELIVERY);

/** Not yet picked up: an order in these is late once its pickup time has passed. */
export const BEFORE_PICKUP_STATUSES = set(
  'new',
  'pending_restaurant',
  'pending_courier',
  'assigned',
  'courier_rejected',
  'courier_confirmed',
  'courier_on_way_to_pickup',
  'arrived_at_pickup',
  'awaiting_pharmacy_pickup',
  'courier_on_way_to_pharmacy',
  'arrived_at_pharmacy',
  'missed_pickup',
);

/** Nobody is on the way to pick it up: no courier, a refusal, or a courier who has not set off. */
export const NOT_UNDER_WAY_STATUSES = set('new', 'pending_restaurant', 'pending_courier', 'courier_rejected', 'missed_pickup', ...COURIER_NOT_STARTED);

/** Statuses in which the stops of an order are being delivered. */
export const STOP_DELIVERY_PHASE = set(
  'picked_up',
  'on_way_to_customer',
  'arrived_at_customer',
  'setup_in_progress',
  'pharmacy_picked_up',
  'in_pharmacy_delivery',
);

export const PHARMACY_STATUSES = set(
  'awaiting_pharmacy_pickup',
  'courier_on_way_to_pharmacy',
  'arrived_at_pharmacy',
  'pharmacy_picked_up',
  'in_pharmacy_delivery',
  'pharmacy_completed',
);

// ---------------------------------------------------------------------------
// The status graph: who may move an order from which status to which
// ---------------------------------------------------------------------------

export type TransitionActor = 'admin' | 'restaurant' | 'courier' | 'system';
type StatusGraph = Partial<Record<OrderStatus, readonly OrderStatus[]>>;

const everyFrom = (statuses: Iterable<OrderStatus>, to: readonly OrderStatus[]): StatusGraph => Object.fromEntries([...statuses].map((from) => [from, to]));

function merged(...graphs: StatusGraph[]): StatusGraph {
  const all: Partial<Record<OrderStatus, OrderStatus[]>> = {};
  for (const graph of graphs)
    for (const [from, to] of Object.entries(graph) as Array<[OrderStatus, readonly OrderStatus[]]>) all[from] = [...new Set([...(all[from] ?? []), ...to])];
  return all;
}

/** The statuses the autopilot moves an order from: waiting for a courier, offered, or refused (decision W12). */
export const AUTOPILOT_FROM = set('new', 'assigned', 'pending_courier', 'courier_rejected');

/** A courier holding the order may give it back from any status but these (the penalty dialog; decision C26). */
const HELD_UNFINISHED = ORDER_STATUSES.filter((status) => !isFinished(status) && status !== 'new' && status !== 'pending_courier');

/**
 * Every move of an order's status, by who makes it: the one table changeOrder
 * (src/db/orders/change.ts) holds every write to. A move that is not here cannot be written:
 * the change is refused and recorded as such. Staying in a status is not a move.
 */
export const TRANSITIONS: Readonly<Record<TransitionActor, StatusGraph>> = {
  // Assign, offer to the zone, cancel: from every unfinished status (canAdminAssign, canAdminCancel);
  // the arrival of a courier whose phone cannot place them (ADMIN_ARRIVALS, decision C23);
  // an offer nobody has accepted withdrawn when the dispatcher takes the order back from the autopilot (W12).
  admin: merged(
    everyFrom(
      ORDER_STATUSES.filter((status) => !isFinished(status)),
      ['assigned', 'pending_courier', 'cancelled'],
    ),
    everyFrom(AUTOPILOT_FROM, ['new']),
    Object.fromEntries(Object.entries(ADMIN_ARRIVALS).map(([from, to]) => [from, [to]])),
  ),
  // A business cancels before the courier has set off (spec 2-business-area.md §4.3).
  restaurant: everyFrom(BUSINESS_CANCELLABLE, ['cancelled']),
  // The workflow (spec 3-courier-area.md §4.3–4.4): the steps a courier asks for, accepting an
  // offer, giving the order back, and what the server does when a stop settles.
  courier: merged(
    {
      pending_courier: ['courier_confirmed'],
      assigned: ['courier_confirmed', 'courier_on_way_to_pickup', 'awaiting_pharmacy_pickup'],
      courier_confirmed: ['courier_on_way_to_pickup', 'awaiting_pharmacy_pickup'],
      courier_on_way_to_pickup: ['arrived_at_pickup', 'courier_on_way_to_pharmacy'],
      arrived_at_pickup: ['picked_up', 'arrived_at_pharmacy'],
      picked_up: ['on_way_to_customer', 'pharmacy_picked_up'],
      // Delivered from the way: a route whose last stop is returned before the door (decision C28).
      on_way_to_customer: ['arrived_at_customer', 'in_pharmacy_delivery', 'delivered'],
      // A multi-stop restaurant order goes back on the way after each stop but the last.
      arrived_at_customer: ['setup_in_progress', 'delivered', 'on_way_to_customer'],
      setup_in_progress: ['delivered', 'on_way_to_customer'],
      awaiting_pharmacy_pickup: ['courier_on_way_to_pharmacy'],
      courier_on_way_to_pharmacy: ['arrived_at_pharmacy'],
      arrived_at_pharmacy: ['pharmacy_picked_up'],
      pharmacy_picked_up: ['in_pharmacy_delivery', 'delivered'],
      in_pharmacy_delivery: ['delivered', 'pharmacy_completed'],
    },
    everyFrom(HELD_UNFINISHED, ['courier_rejected']),
  ),
  // A courier who never went online misses the pickup (D17). The zone's autopilot (decision W12)
  // offers an order to one courier (assigned, with a time to accept), to the next after a
  // refusal, to the zone, or assigns it to a courier who accepts automatically.
  system: merged(everyFrom(COURIER_NOT_STARTED, ['missed_pickup']), everyFrom(AUTOPILOT_FROM, ['assigned', 'pending_courier', 'courier_confirmed'])),
};

export function mayTransition(actor: TransitionActor, from: OrderStatus, to: OrderStatus): boolean {
  return from === to || (TRANSITIONS[actor][from]?.includes(to) ?? false);
}

/** Moves the server makes for the courier that no step asks for: accepting is its own request; a route's end follows its stops. */
const COURIER_SERVER_MOVES: ReadonlyArray<readonly [OrderStatus, OrderStatus]> = [
  ['pending_courier', 'courier_confirmed'],
  ['on_way_to_customer', 'delivered'],
];

/** The steps a courier holding the order may ask for (PATCH /api/orders/:id) from `from`. */
export function courierNextStatuses(from: OrderStatus): OrderStatus[] {
  return (TRANSITIONS.courier[from] ?? []).filter((to) => !COURIER_SERVER_MOVES.some(([a, b]) => a === from && b === to));
}

export function canCourierMove(from: OrderStatus, to: OrderStatus): boolean {
  return courierNextStatuses(from).includes(to);
}

/** Restaurant-style statuses become their pharmacy form when the pharmacy workflow opens (spec 3-courier-area.md §4.4). */
export const PHARMACY_FORM: Partial<Record<OrderStatus, OrderStatus>> = {
  courier_confirmed: 'awaiting_pharmacy_pickup',
  courier_on_way_to_pickup: 'courier_on_way_to_pharmacy',
  arrived_at_pickup: 'arrived_at_pharmacy',
  picked_up: 'pharmacy_picked_up',
  on_way_to_customer: 'in_pharmacy_delivery',
};

/** For display only, a few more statuses map onto the pharmacy screens. */
export function pharmacyDisplayStatus(status: OrderStatus): OrderStatus {
  if (status === 'assigned') return 'awaiting_pharmacy_pickup';
  if (status === 'arrived_at_customer' || status === 'setup_in_progress') return 'in_pharmacy_delivery';
  return PHARMACY_FORM[status] ?? status;
}

export type MilestoneField =
  | 'goOnlineTime'
  | 'onWayToPickupTime'
  | 'arrivedAtPickupTime'
  | 'pickedUpTime'
  | 'onWayToCustomerTime'
  | 'arrivedAtCustomerTime'
  | 'setupStartTime'
  | 'setupCompleteTime'
  | 'pharmacyPickupTime';

/**
 * The milestone times the server stamps when an order enters a status (spec 3-courier-area.md §4.3).
 * A milestone keeps its first time: re-entering on_way_to_customer for the next stop
 * of a multi-stop order does not move "En Route to Customer".
 */
export const MILESTONES: Partial<Record<OrderStatus, readonly MilestoneField[]>> = {
  courier_on_way_to_pickup: ['goOnlineTime', 'onWayToPickupTime'],
  courier_on_way_to_pharmacy: ['goOnlineTime', 'onWayToPickupTime'],
  arrived_at_pickup: ['arrivedAtPickupTime'],
  arrived_at_pharmacy: ['arrivedAtPickupTime'],
  picked_up: ['pickedUpTime'],
  pharmacy_picked_up: ['pickedUpTime', 'pharmacyPickupTime'],
  on_way_to_customer: ['onWayToCustomerTime'],
  in_pharmacy_delivery: ['onWayToCustomerTime'],
  arrived_at_customer: ['arrivedAtCustomerTime'],
  setup_in_progress: ['setupStartTime'],
  delivered: ['setupCompleteTime'],
};

/** Minutes after pickupTime before an order whose courier never went online is a missed pickup. */
export const MISSED_PICKUP_GRACE_MINUTES = 15;

/** Order stop statuses (spec 1-foundations-and-admin.md §4.8). */
export const STOP_STATUSES = ['pending', 'on_way', 'arrived', 'delivered'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];
