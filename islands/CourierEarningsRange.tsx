/**
 * The earnings page's "Custom range" (spec 3-courier-area.md §2.17): a two-month range calendar with the
 * placeholder "Pick a date range". A chosen range loads the earnings region for it.
 */
import type { RegionName } from '../src/shared/partials';
import { navigatePartial } from './lib/events';
import { DateRangePicker } from './lib/popovers';

export interface CourierEarningsRangeProps {
  /** The earnings page path. */
  path: string;
  /** The region the earnings live in. */
  partial: RegionName;
  startDate: string | null;
  endDate: string | null;
}

export default function CourierEarningsRange({ path, partial, startDate, endDate }: CourierEarningsRangeProps) {
  return (
    <DateRangePicker
      label="Earnings date range"
      value={startDate ? { from: startDate, to: endDate ?? startDate } : null}
      onChange={(range) =>
        navigatePartial(`${path}?${new URLSearchParams({ period: 'custom', startDate: range.from, endDate: range.to ?? range.from })}`, partial)
      }
    />
  );
}
