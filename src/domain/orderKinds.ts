/**
 * What a business's orders are, by its customer type (spec 2-business-area.md §1, §2.10,
 * §9.1): a restaurant's go to one customer and pay 10% (at least $30); a pharmacy's are
 * routes through stops, each with its own customer, priced by distance. The one table
 * that every way of creating or editing an order goes through (the portal's forms and
 * POST /api/orders, POST /api/order-stops, /api/v1, Edit Order), so the body's shape can
 * never choose the price (issue 26, decision B17).
 */
import type { CustomerType } from './customerTypes';

export type OrderKind = 'single' | 'route';

export interface OrderKindRules {
  /** Create Order's title and the form the business sees there (spec 2-business-area.md §2.10). */
  title: string;
  form: 'SingleOrderForm' | 'MultiStopOrderForm';
  /** How its fee is computed: 10% of the amount (at least $30), or the route's miles. */
  fee: 'share_of_amount' | 'route_miles';
  /** Whether it carries stops, each with its customer; the order's customer is then its first stop's. */
  stops: boolean;
  /** Whether the courier may be asked to set up on site (catering). */
  setupRequired: boolean;
}

export const ORDER_KINDS: Record<OrderKind, OrderKindRules> = {
  single: { title: 'Create New Order', form: 'SingleOrderForm', fee: 'share_of_amount', stops: false, setupRequired: true },
  route: { title: 'Create Multi-Stop Order', form: 'MultiStopOrderForm', fee: 'route_miles', stops: true, setupRequired: false },
};

const KIND_OF_CUSTOMER: Record<CustomerType, OrderKind> = { restaurant: 'single', pharmacy: 'route' };

/** The kind of order a business of this customer type creates. */
export const orderKindFor = (customerType: CustomerType): OrderKind => KIND_OF_CUSTOMER[customerType];

/**
 * The kind of a stored order: a route carries its distance from creation on (an order's
 * kind never changes, even if its business's type does later).
 */
export const orderKindOf = (order: { totalDistanceMiles: number | null }): OrderKind => (order.totalDistanceMiles != null ? 'route' : 'single');

export const NOT_A_ROUTE =
  "A restaurant's order goes to one customer: send customerName, customerPhone and customerAddress. Routes with stops are for pharmacy accounts.";
export const NO_SETUP_ON_ROUTES = 'Setup Required is for restaurant orders; a pharmacy route has none.';
export const ROUTE_EMAIL_PER_STOP = "A route's messages go to each stop's customer, at the email given with the stop";

/** What an order of this kind may not carry, if the body brings it: the field and why. */
export function kindProblem(
  kind: OrderKind,
  body: { stops?: unknown[] | null; setupRequired?: boolean; customerEmail?: string | null },
): { field: string; message: string } | null {
  const rules = ORDER_KINDS[kind];
  if (!rules.stops && body.stops != null) return { field: 'stops', message: NOT_A_ROUTE };
  if (!rules.setupRequired && body.setupRequired) return { field: 'setupRequired', message: NO_SETUP_ON_ROUTES };
  if (rules.stops && body.customerEmail != null) return { field: 'customerEmail', message: ROUTE_EMAIL_PER_STOP };
  return null;
}
