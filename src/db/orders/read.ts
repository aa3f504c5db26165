/**
 * Reading orders: filtered, counted and paginated in SQL (never by loading all
 * orders), plus an order's stops and history.
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OrderCursor } from '../../domain/orderCursor';
import { countTabs, type ListSort } from '../../domain/orderFilters';
import type { SearchPlan } from '../../domain/orderSearch';
import { FINISHED_STATUSES, UNFINISHED_STATUSES, type OrderStatus, type StatusTab } from '../../domain/orderStatus';
import { paging, type Paging } from '../../domain/paging';
import type { Range } from '../../domain/time';
import type { Db } from '../client';
import { containing } from '../like';
import { countableFromHours, countFromHours, statusCountsFromHours } from './tabCounts';
import { couriers, orderEvents, orders, orderStops, users, type Order } from '../schema';

export interface OrderFilter {
  /** An access condition (orders/access.ts visibleTo). */
  visible?: SQL;
  statuses?: readonly OrderStatus[] | null;
  /** On deliveryTime, the field the lists filter on (spec 1-foundations-and-admin.md §2.8); null or absent for all dates. */
  deliveryRange?: Range | null;
  /** The dispatcher's search (domain/orderSearch.ts): through the order index, or a whole order #. */
  search?: SearchPlan | null;
  /** Created or changed at or after these instants (the integrations API's sync filters). */
  createdSince?: number;
  updatedSince?: number;
}

export function orderConditions(filter: OrderFilter): SQL | undefined {
  return and(
    filter.visible,
    filter.statuses ? inArray(orders.status, [...filter.statuses]) : undefined,
    filter.deliveryRange ? gte(orders.deliveryTime, filter.deliveryRange.start) : undefined,
    filter.deliveryRange ? lt(orders.deliveryTime, filter.deliveryRange.end) : undefined,
    filter.search ? searchCondition(filter.search) : undefined,
    filter.createdSince != null ? gte(orders.createdAt, filter.createdSince) : undefined,
    filter.updatedSince != null ? gte(orders.updatedAt, filter.updatedSince) : undefined,
  );
}

function searchCondition(plan: SearchPlan): SQL {
  if (plan.kind === 'exact') return eq(orders.orderNumber, plan.value);
  // orders_search is the trigram index of migrations/0023_search_addresses.sql; its rowid is the order's id.
  // A courier's name is not in it (assignments change all day): the couriers so named are
  // found among the few couriers, and their orders through orders.courier_id's index.
  return sql`(${orders.id} in (select rowid from orders_search where orders_search match ${plan.match})
    or ${orders.courierId} in (select c.id from couriers c join users u on u.id = c.user_id where u.name like ${containing(plan.text)} escape '\\'))`;
}

export type { OrderCursor };

/** A page of orders, newest delivery first: by offset, or after a cursor (awaited alone, or part of a batch). */
export function listOrders(db: Db, filter: OrderFilter, page: { limit: number; offset?: number; after?: OrderCursor }) {
  const after = page.after
    ? or(lt(orders.deliveryTime, page.after.deliveryTime), and(eq(orders.deliveryTime, page.after.deliveryTime), lt(orders.id, page.after.id)))
    : undefined;
  return db
    .select()
    .from(orders)
    .where(and(orderConditions(filter), after))
    .orderBy(desc(orders.deliveryTime), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** A page of orders and how many match in all, in one round trip (GET /api/orders?page=). */
export async function countedOrdersPage(db: Db, filter: OrderFilter, page: { limit: number; offset: number }): Promise<{ rows: Order[]; total: number }> {
  const [rows, [counted]] = await db.batch([
    listOrders(db, filter, page),
    db
      .select({ count: sql<number>`count(*)` })
      .from(orders)
      .where(orderConditions(filter)),
  ]);
  return { rows, total: counted.count };
}

/**
 * Orders per status under a filter (the status itself unfiltered): what tab counts are made of.
 * Over every order (the admin's lists unsearched) they are summed from counts kept per hour.
 */
function statusCounts(db: Db, filter: Omit<OrderFilter, 'statuses'>) {
  const { deliveryRange, ...narrowing } = filter;
  if (countableFromHours(narrowing)) return statusCountsFromHours(db, deliveryRange ?? null);
  return db
    .select({ status: orders.status, count: sql<number>`count(*)` })
    .from(orders)
    .where(orderConditions(filter))
    .groupBy(orders.status);
}

const stopsOf = (db: Db, orderId: number | SQL) => db.select().from(orderStops).where(eq(orderStops.orderId, orderId)).orderBy(asc(orderStops.sequence));

/** An order's stops in sequence; the order may be named by a subquery (the order of a stop). */
export async function getStops(db: Db, orderId: number | SQL) {
  return stopsOf(db, orderId);
}

/** An order's history, oldest first, with the name of whoever acted. */
export async function getEvents(db: Db, orderId: number) {
  return (
    db
      .select({
        id: orderEvents.id,
        orderId: orderEvents.orderId,
        at: orderEvents.at,
        actorUserId: orderEvents.actorUserId,
        actorRole: orderEvents.actorRole,
        action: orderEvents.action,
        fromStatus: orderEvents.fromStatus,
        toStatus: orderEvents.toStatus,
        outcome: orderEvents.outcome,
        detail: orderEvents.detail,
        fromCourierId: orderEvents.fromCourierId,
        actorName: users.name,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, orderId))
      // In the order things happened: a step that waited on a phone keeps its tap time (decision F7).
      .orderBy(asc(orderEvents.at), asc(orderEvents.id))
  );
}

export interface OrderListPage<K extends string> {
  counts: Record<K, number>;
  /** Orders in the chosen tab. */
  total: number;
  paging: Paging;
  rows: Order[];
  /** The name of each courier holding a listed order. */
  courierNames: Map<number, string>;
  /** Couriers of listed orders whose accounts are deactivated: their orders need reassigning. */
  deactivatedCouriers: Set<number>;
  /** When each courier's phone last reported a position: their live presence, beside the spec's indicator (issue 29). */
  courierSeenAt: Map<number, number | null>;
}

const listColumns = { order: orders, courierName: users.name, courierActive: users.isActive, courierSeenAt: couriers.lastLocationUpdateTime };

function listedOrders(db: Db, where: SQL | undefined, order: SQL[], limit: number | SQL, offset: number | SQL) {
  return (
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(couriers, eq(couriers.id, orders.courierId))
      .leftJoin(users, eq(users.id, couriers.userId))
      .where(where)
      .orderBy(...order)
      // Numbers, or for the finished part of 'next' expressions of the open part's count.
      .limit(limit as number)
      .offset(offset as number)
  );
}

/**
 * A page of a list: the spec's newest delivery first, or what needs the dispatcher next: open
 * orders by pickup time (soonest, and so the most overdue, first), then finished ones newest
 * delivery first (decision W3). 'next' is read as its two parts, each in an order an index gives: the open orders of the page,
 * and the finished ones that follow them, starting where the open ones end (their count is
 * a subquery, so both parts leave in the same round trip). Sorting every order of the range
 * on one computed key took 0.4 s at 100,000 orders.
 */
function pageOfOrders(db: Db, filter: OrderFilter, paged: Pick<Paging, 'limit' | 'offset'>, sort: ListSort) {
  const where = orderConditions(filter);
  if (sort === 'delivery') return [listedOrders(db, where, [desc(orders.deliveryTime), desc(orders.id)], paged.limit, paged.offset)] as const;
  // The open statuses named, not "not finished": the (status, delivery_time) index then reads open orders only.
  const open = and(where, inArray(orders.status, [...UNFINISHED_STATUSES]));
  const { deliveryRange, statuses, ...narrowing } = filter;
  // Where the open part ends: from the hours' counts when they can say (a month's open orders are thousands at volume).
  const openCount = countableFromHours(narrowing)
    ? countFromHours(deliveryRange ?? null, statuses ? [...UNFINISHED_STATUSES].filter((status) => statuses.includes(status)) : [...UNFINISHED_STATUSES])
    : sql`(select count(*) from ${orders} where ${open})`;
  // "+status": not looked up by status (most orders are finished) but read newest delivery first, stopping at the page's end.
  const finished = and(where, inArray(sql`+${orders.status}`, [...FINISHED_STATUSES]));
  return [
    // A failed delivery waiting for the dispatcher comes first (decision C28); the open orders are few, so the key costs little.
    listedOrders(db, open, [asc(sql`${orders.deliveryFailedAt} is null`), asc(orders.pickupTime), desc(orders.id)], paged.limit, paged.offset),
    // Only the finished orders the page has room for: none while open ones fill it (each row read is decoded in the Worker).
    listedOrders(
      db,
      finished,
      [desc(orders.deliveryTime), desc(orders.id)],
      sql`max(0, min(${paged.limit}, ${paged.offset + paged.limit} - ${openCount}))`,
      sql`max(0, ${paged.offset} - ${openCount})`,
    ),
  ] as const;
}

/** The rows of a page read by pageOfOrders: its parts in order, cut to the page. */
const pageRows = <T>(parts: readonly T[][], limit: number) => parts.flat().slice(0, limit);

/**
 * One page of an orders list (admin and business Orders Management): the tab counts, the
 * page's orders and their couriers' names, in one round trip. A page past the end (the
 * list shrank) is read again as the last page.
 */
export async function orderListPage<T extends StatusTab>(
  db: Db,
  options: {
    visible?: SQL;
    tabs: readonly T[];
    tab: T;
    deliveryRange: Range | null;
    search?: SearchPlan | null;
    sort?: ListSort;
    page: number;
    pageSize: number;
  },
): Promise<OrderListPage<T['key']>> {
  const sort = options.sort ?? 'delivery';
  const range = { visible: options.visible, deliveryRange: options.deliveryRange, search: options.search };
  const listed = { ...range, statuses: options.tab.statuses };
  const requested = paging(options.page, Number.MAX_SAFE_INTEGER, options.pageSize);
  const [statusRows, ...firstTry] = await db.batch([statusCounts(db, range), ...pageOfOrders(db, listed, requested, sort)]);
  const counts = countTabs(options.tabs, Object.fromEntries(statusRows.map((row) => [row.status, row.count])));
  const total = counts[options.tab.key as T['key']];
  const pages = paging(options.page, total, options.pageSize);
  const rows = pageRows(pages.page === requested.page ? firstTry : await db.batch(pageOfOrders(db, listed, pages, sort)), pages.limit);
  const courierNames = new Map(
    rows.flatMap(({ order, courierName }) => (order.courierId != null && courierName != null ? [[order.courierId, courierName] as const] : [])),
  );
  const deactivatedCouriers = new Set(
    rows.flatMap(({ order, courierActive }) => (order.courierId != null && courierActive === false ? [order.courierId] : [])),
  );
  const courierSeenAt = new Map(rows.flatMap(({ order, courierSeenAt: seen }) => (order.courierId != null ? [[order.courierId, seen] as const] : [])));
  return { counts, total, paging: pages, rows: rows.map(({ order }) => order), courierNames, deactivatedCouriers, courierSeenAt };
}
