import { describe, expect, it } from 'vitest';
import { alertAction, alertText, type AlertOrder } from './live';

const clock = () => '1:10 PM';
const order = (orderId: number, courierName: string | null = null): AlertOrder => ({
  orderId,
  orderNumber: `10${orderId}`,
  restaurantName: 'Harbor Bistro',
  courierName,
});

describe('dispatcher alerts (issue 29)', () => {
  it('name the order, its restaurant and what to do, and open its Assign dialog', () => {
    const created = { type: 'alert', kind: 'new_order', pickupTime: 0, ...order(186) } as const;
    expect(alertText(created, clock)).toBe('New order #10186 from Harbor Bistro, pickup 1:10 PM');
    expect(alertAction(created)).toEqual({ label: 'Assign', href: '/admin/orders?assign=186' });
    const given = { type: 'alert', kind: 'declined', ...order(7, 'Sofia Alvarez') } as const;
    expect(alertText(given, clock)).toBe('Sofia Alvarez gave back order #107 (Harbor Bistro): reassign it');
    expect(alertAction(given)).toEqual({ label: 'Reassign', href: '/admin/orders?assign=7' });
  });

  it('name each missed pickup, opening the one, or the queue for several', () => {
    const one = { type: 'alert', kind: 'missed_pickup', orders: [order(3, 'Victor Hughes')] } as const;
    expect(alertText(one, clock)).toBe('1 missed pickup: order #103 (Harbor Bistro), Victor Hughes: reassign it');
    expect(alertAction(one)).toEqual({ label: 'Reassign', href: '/admin/orders?assign=3' });
    const two = { type: 'alert', kind: 'offer_unanswered', orders: [order(3), order(4)] } as const;
    expect(alertText(two, clock)).toBe('No courier took orders #103, #104 offered to the zone: assign them');
    expect(alertAction(two)).toEqual({ label: 'Show', href: '/admin/orders#needs-person' });
  });

  it('send a failed delivery to its details', () => {
    const failed = { type: 'alert', kind: 'delivery_failed', reason: 'Refused', ...order(9, 'Ana') } as const;
    expect(alertText(failed, clock)).toBe('Order #109 (Harbor Bistro) was not delivered: Refused');
    expect(alertAction(failed)).toEqual({ label: 'Review', href: '/admin/orders/9' });
  });
});
