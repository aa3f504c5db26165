/**
 * The orders lists' date filter (spec 1-foundations-and-admin.md §2.8 'Date Range', spec 2-business-area.md §2.6): a Month picker
 * labelled 'MMM yyyy', a Day picker, and Reset. Choosing a month clears the day; the day
 * calendar opens on the chosen month; nothing after today can be picked. Each choice
 * loads the list region with the new filter (and records it in history).
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
  /** Today in the viewer's zone, 'yyyy-MM-dd': the last day that can be picked. */
  today: string;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${SHORT_MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
const dayLabel = (day: string) => `${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}, ${day.slice(0, 4)}`;

export default function OrderListFilter({ path, partial, status, month, day, today }: OrderListFilterProps) {
  const [monthOpen, setMonthOpen] = useState(false);
  const [dayOpen, setDayOpen] = useState(false);
  const [shownMonth, setShownMonth] = useState(day ? day.slice(0, 7) : month);

  const go = (params: Record<string, string>) => {
    const query = new URLSearchParams({ ...(status !== 'all' ? { status } : {}), ...params });
    navigatePartial(`${path}?${query}`, partial);
  };

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Date Range">
      <span className="text-sm font-medium text-slate-700">Date Range</span>
      <PopoverButton
        open={monthOpen}
        onOpenChange={setMonthOpen}
        className="btn btn-outline btn-sm"
        label={<span aria-label={`Month: ${monthLabel(month)}`}>{month ? monthLabel(month) : 'Month'}</span>}
      >
        <MonthGrid
          selected={day ? null : month}
          max={today}
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
          max={today}
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
