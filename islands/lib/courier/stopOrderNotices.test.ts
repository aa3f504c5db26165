import { describe, expect, it } from 'vitest';
import { optimizedNotice } from './stopOrderNotices';
import type { CourierOrder, CourierStop } from './types';

const stop = (id: number, sequence: number, name: string, extra: Partial<CourierStop> = {}) =>
  ({ id, sequence, customerName: name, status: 'pending', deliverBy: null, ...extra }) as CourierStop;
const order = (stops: CourierStop[]) => ({ stops }) as CourierOrder;
const time = (value: string | null) => (value ? '9:30 AM' : '');

describe('after "Optimize remaining stops"', () => {
  it('names the new order from the first stop still ahead, and what it saves', () => {
    const answer = {
      order: order([stop(1, 1, 'Ann', { status: 'delivered' }), stop(3, 2, 'Cy'), stop(2, 3, 'Bo')]),
      optimization: { previousMiles: 9, miles: 7.5, lateStopIds: [] },
    };
    expect(optimizedNotice(answer, time)).toEqual({ title: 'Route optimized', description: 'New order: 2 Cy, 3 Bo. Saves 1.5 mi.' });
  });

  it('says nothing was better, and which deliver-by times cannot be met', () => {
    const answer = {
      order: order([stop(2, 1, 'Bo', { deliverBy: '2026-11-27T14:30:00Z' }), stop(3, 2, 'Cy')]),
      optimization: { previousMiles: 7, miles: 7, lateStopIds: [2] },
    };
    expect(optimizedNotice(answer, time)).toEqual({
      title: 'Route unchanged',
      description: 'Your remaining stops are already in the best order. Stop 1 (Bo) cannot be reached by 9:30 AM.',
    });
  });
});
