import { describe, expect, it } from 'vitest';
import { customerNotice, failureOutcome, failureRefusal, failureToTell, isStopSettled } from './failedDelivery';
import { orderEventType } from './webhooks';

describe('the failed delivery rule', () => {
  it('tries "customer not there" again once; then, and for every other reason, a stop is returned and an order goes to dispatch', () => {
    expect(failureOutcome('customer_not_there', false, 0)).toBe('retry');
    expect(failureOutcome('customer_not_there', true, 0)).toBe('retry');
    expect(failureOutcome('customer_not_there', false, 1)).toBe('dispatch');
    expect(failureOutcome('customer_not_there', true, 1)).toBe('return');
    for (const reason of ['wrong_address', 'refused', 'unsafe'] as const) {
      expect(failureOutcome(reason, false, 0)).toBe('dispatch');
      expect(failureOutcome(reason, true, 0)).toBe('return');
    }
  });

  it('takes a report on the way to the customer or at the door, and on a route only for its current stop', () => {
    expect(failureRefusal({ orderStatus: 'arrived_at_customer', hasStops: false, stop: null })).toBeNull();
    expect(failureRefusal({ orderStatus: 'picked_up', hasStops: false, stop: null })?.error).toBe('Not delivering yet');
    expect(failureRefusal({ orderStatus: 'in_pharmacy_delivery', hasStops: true, stop: null })?.error).toBe('Stop required');
    const stop = { status: 'arrived' as const, returnedAt: null, current: true };
    expect(failureRefusal({ orderStatus: 'in_pharmacy_delivery', hasStops: true, stop })).toBeNull();
    expect(failureRefusal({ orderStatus: 'in_pharmacy_delivery', hasStops: true, stop: { ...stop, current: false } })?.error).toBe('Not delivering this stop');
    expect(failureRefusal({ orderStatus: 'in_pharmacy_delivery', hasStops: true, stop: { ...stop, returnedAt: 1 } })?.error).toBe('Not delivering this stop');
    expect(failureRefusal({ orderStatus: 'courier_on_way_to_pharmacy', hasStops: true, stop })?.error).toBe('Not delivering this stop');
  });

  it('settles a returned stop like a delivered one', () => {
    expect(isStopSettled({ status: 'arrived', returnedAt: 5 })).toBe(true);
    expect(isStopSettled({ status: 'delivered' })).toBe(true);
    expect(isStopSettled({ status: 'on_way', returnedAt: null })).toBe(false);
  });

  it('tells the customer of a returned stop for good, of a retry only while it is tried, of dispatch only while it waits', () => {
    const retry = { outcome: 'retry' as const };
    expect(failureToTell({ failure: retry, orderStatus: 'in_pharmacy_delivery', waitingForDispatch: false, stop: { status: 'arrived', returnedAt: 9 } })).toBe(
      'return',
    );
    expect(
      failureToTell({ failure: retry, orderStatus: 'in_pharmacy_delivery', waitingForDispatch: false, stop: { status: 'arrived', returnedAt: null } }),
    ).toBe('retry');
    expect(failureToTell({ failure: retry, orderStatus: 'delivered', waitingForDispatch: false, stop: { status: 'delivered', returnedAt: null } })).toBeNull();
    expect(failureToTell({ failure: { outcome: 'dispatch' }, orderStatus: 'arrived_at_customer', waitingForDispatch: true, stop: null })).toBe('dispatch');
    expect(failureToTell({ failure: { outcome: 'dispatch' }, orderStatus: 'arrived_at_customer', waitingForDispatch: false, stop: null })).toBeNull();
    expect(failureToTell({ failure: null, orderStatus: 'arrived_at_customer', waitingForDispatch: false, stop: null })).toBeNull();
    expect(customerNotice('return', 'customer_not_there', 'Bay Pharmacy')).toBe(
      'We could not deliver your order (nobody was there to receive it). It is going back to Bay Pharmacy, who will contact you.',
    );
  });

  it('is its own webhook event, whatever the status', () => {
    const change = { fromStatus: 'arrived_at_customer', toStatus: 'arrived_at_customer', fromCourierId: 3, toCourierId: 3 };
    expect(orderEventType({ ...change, deliveryFailureId: 7 })).toBe('order.delivery_failed');
    expect(orderEventType({ ...change, deliveryFailureId: null })).toBe('order.status_changed');
  });
});
