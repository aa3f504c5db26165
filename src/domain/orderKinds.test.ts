import { describe, expect, it } from 'vitest';
import { CUSTOMER_TYPES } from './customerTypes';
import { kindProblem, NO_SETUP_ON_ROUTES, NOT_A_ROUTE, ORDER_KINDS, orderKindFor, orderKindOf, ROUTE_EMAIL_PER_STOP } from './orderKinds';

describe('what a business’s orders are, by its customer type', () => {
  it('gives every customer type a kind: restaurants single orders, pharmacies routes', () => {
    expect(CUSTOMER_TYPES.map((type) => [type, orderKindFor(type)])).toEqual([
      ['restaurant', 'single'],
      ['pharmacy', 'route'],
    ]);
    expect(ORDER_KINDS.single).toMatchObject({ fee: 'share_of_amount', form: 'SingleOrderForm', title: 'Create New Order' });
    expect(ORDER_KINDS.route).toMatchObject({ fee: 'route_miles', form: 'MultiStopOrderForm', title: 'Create Multi-Stop Order' });
  });

  it('refuses what the kind may not carry: stops on a restaurant’s order, setup or an order-level email on a route', () => {
    expect(kindProblem('single', { stops: [{}] })).toEqual({ field: 'stops', message: NOT_A_ROUTE });
    expect(kindProblem('single', { setupRequired: true, customerEmail: 'a@b.co' })).toBeNull();
    expect(kindProblem('route', { stops: [{}], setupRequired: true })).toEqual({ field: 'setupRequired', message: NO_SETUP_ON_ROUTES });
    expect(kindProblem('route', { stops: [{}], customerEmail: 'a@b.co' })).toEqual({ field: 'customerEmail', message: ROUTE_EMAIL_PER_STOP });
    expect(kindProblem('route', { stops: [{}], setupRequired: false, customerEmail: null })).toBeNull();
    // The spec's two-step form sends a route's order before its stops.
    expect(kindProblem('route', {})).toBeNull();
  });

  it('reads a stored order’s kind from its route distance, which routes carry from creation on', () => {
    expect(orderKindOf({ totalDistanceMiles: null })).toBe('single');
    expect(orderKindOf({ totalDistanceMiles: 0 })).toBe('route');
  });
});
