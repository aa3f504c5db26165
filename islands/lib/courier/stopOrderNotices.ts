/** What the courier is told after optimizing or reordering a route's stops (issue 18), on screen and in a toast. */
import { milesText } from '../../../src/domain/routePlan';
import { movableStops } from '../../../src/domain/stopSequence';
import type { CourierOrder, CourierStop } from './types';

export interface Notice {
  title: string;
  description: string;
}

/** "1 Ann, 2 Bo" from the stops in their new order, numbered from the first one's place. */
export const listed = (stops: readonly CourierStop[], first: number) => stops.map((stop, index) => `${first + index} ${stop.customerName}`).join(', ');

/** The server's answer to "Optimize remaining stops": what it saves, or that nothing was better, and any deliver-by it cannot meet. */
export function optimizedNotice(
  answer: { order: CourierOrder; optimization: { previousMiles: number; miles: number; lateStopIds: number[] } },
  formatTime: (value: string | null) => string,
): Notice {
  const { previousMiles, miles, lateStopIds } = answer.optimization;
  const now = movableStops(answer.order.stops);
  const late = now.filter((stop) => lateStopIds.includes(stop.id));
  const lateText = late.length
    ? ` ${late.map((stop) => `Stop ${stop.sequence} (${stop.customerName}) cannot be reached by ${formatTime(stop.deliverBy)}.`).join(' ')}`
    : '';
  if (miles < previousMiles && now.length)
    return { title: 'Route optimized', description: `New order: ${listed(now, now[0].sequence)}. Saves ${milesText(previousMiles - miles)}.${lateText}` };
  return { title: 'Route unchanged', description: `Your remaining stops are already in the best order.${lateText}` };
}
