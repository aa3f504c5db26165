/**
 * The orders lists' date filter (spec 1-foundations-and-admin.md §2.8 'Date Range', spec 2-business-area.md §2.6): a Month picker
 * labelled 'MMM yyyy', a Day picker, and Reset. Choosing a month clears the day; the day
 * calendar opens on the chosen month; nothing after today can be picked (the dispatcher's
 * list reaches a year ahead, decision W1). Each choice loads the list region with
 * the new filter (and records it in history), keeping the rest of the view.
 */
import { useState } from 'react';
import type { RegionName } from '../src/shared/partials';
import { Calendar, MonthGrid } from './lib/Calendar';
import { navigatePartial } from './lib/events';
import { PopoverButton } from './lib/popovers';

export interface OrderListFilterProps {
  /** The list page, e.g. '/admin/orders'. */
  path: string;
  /** The region the list lives in. */
  partial: RegionName;
  /** The chosen tab key ('all' when none). */
  status: string;
  month: string;
  day: string | null;
  /** The last day that can be picked, 'yyyy-MM-dd': today in the viewer's zone, or later for the dispatcher. */
  max: string;
  /** Other query parameters of the view that a new date keeps (the dispatcher's sort and density). */
  keep?: Record<string, string>;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${SHORT_MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
const dayLabel = (day: string) => `${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}, ${day.slice(0, 4)}`;

export default function OrderListFilter({ path, partial, status, month, day, max, keep = {} }: OrderListFilterProps) {
  const [monthOpen, setMonthOpen] = useState(false);
  const [dayOpen, setDayOpen] = useState(false);
  const [shownMonth, setShownMonth] = useState(day ? day.slice(0, 7) : month);

  const go = (params: Record<string, string>) => {
    const query = new URLSearchParams({ ...(status !== 'all' ? { status } : {}), ...params, ...keep });
    navigatePartial(`${path}?${query}`, partial);
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Date Range">
      <span className="text-sm font-medium text-slate-700">Date Range</span>
      <PopoverButton
        open={monthOpen}
        onOpenChange={setMonthOpen}
        className="btn btn-outline btn-sm"
        label={<span aria-label={`Month: ${month ? monthLabel(month) : 'none'}`}>{month ? monthLabel(month) : 'Month'}</span>}
      >
        <MonthGrid
          selected={day || !month ? null : month}
          max={max}
          onSelect={(chosen) => {
            setMonthOpen(false);
            go({ month: chosen });
          }}
        />
      </PopoverButton>
      <PopoverButton
        open={dayOpen}
        onOpenChange={(open) => {
          setDayOpen(open);
          if (open) setShownMonth(day ? day.slice(0, 7) : month);
        }}
        className="btn btn-outline btn-sm"
        label={<span aria-label={`Day: ${day ? dayLabel(day) : 'none'}`}>{day ? dayLabel(day) : 'Day'}</span>}
      >
        <Calendar
          mode="single"
          month={shownMonth}
          onMonthChange={setShownMonth}
          max={max}
          label="Choose a day"
          selected={day}
          onSelect={(chosen) => {
            setDayOpen(false);
            go({ day: chosen });
          }}
        />
      </PopoverButton>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => navigatePartial(path, partial)}>
        Reset
      </button>
    </div>
  );
}
