/**
 * A month calendar for picking a day or a range (spec 1-foundations-and-admin.md §2.8 day picker, §2.11 and
 * spec 3-courier-area.md §2.17 two-month range pickers). Days are 'yyyy-MM-dd' strings, so no time zone
 * can shift them. Keyboard: arrows move by day and week, PageUp/PageDown by month,
 * Home/End to the week's ends, Enter or Space picks. Days after `max` cannot be picked.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export interface DayRange {
  from: string;
  to: string | null;
}

interface CalendarBase {
  /** The first month shown, 'yyyy-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Months shown side by side. */
  months?: 1 | 2;
  /** The last day that may be picked, 'yyyy-MM-dd'. */
  max?: string;
  label: string;
}

type CalendarProps =
  | (CalendarBase & { mode: 'single'; selected: string | null; onSelect: (day: string) => void })
  | (CalendarBase & { mode: 'range'; selected: DayRange | null; onSelect: (range: DayRange) => void });

const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (value: number) => String(value).padStart(2, '0');
export const toDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const fromDay = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => toDay(new Date(fromDay(day).getTime() + days * 86_400_000));
export function addMonths(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + months, 1));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
}
export function monthTitle(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return `${MONTH_NAMES[index - 1]} ${year}`;
}
/** Today in the browser's own zone, as 'yyyy-MM-dd'. */
export function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The weeks of a month: days as 'yyyy-MM-dd', null outside the month. */
function weeksOf(month: string): Array<Array<string | null>> {
  const first = fromDay(`${month}-01`);
  const days: Array<string | null> = Array(first.getUTCDay()).fill(null);
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

export function Calendar(props: CalendarProps) {
  const { month, onMonthChange, months = 1, max, label } = props;
  const initialFocus = props.mode === 'single' ? props.selected : props.selected?.from;
  const [focused, setFocused] = useState<string>(initialFocus ?? (max && max.startsWith(month) ? max : `${month}-01`));
  const grid = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => Array.from({ length: months }, (_, i) => addMonths(month, i)), [month, months]);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const disabled = (day: string) => !!max && day > max;

  function pick(day: string) {
    if (disabled(day)) return;
    if (props.mode === 'single') return props.onSelect(day);
    const current = props.selected;
    if (!current || current.to || day < current.from) props.onSelect({ from: day, to: null });
    else props.onSelect({ from: current.from, to: day });
  }

  function inRange(day: string): boolean {
    if (props.mode !== 'range' || !props.selected) return false;
    const { from, to } = props.selected;
    return day >= from && day <= (to ?? from);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => toDay(new Date(Date.UTC(+focused.slice(0, 4), +focused.slice(5, 7) - 2, Math.min(+focused.slice(8), 28)))),
      PageDown: () => toDay(new Date(Date.UTC(+focused.slice(0, 4), +focused.slice(5, 7), Math.min(+focused.slice(8), 28)))),
      Home: () => addDays(focused, -fromDay(focused).getUTCDay()),
      End: () => addDays(focused, 6 - fromDay(focused).getUTCDay()),
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step();
    moveFocus.current = true;
    setFocused(next);
    const nextMonth = next.slice(0, 7);
    if (nextMonth < month) onMonthChange(nextMonth);
    else if (nextMonth > shown[shown.length - 1]) onMonthChange(addMonths(nextMonth, 1 - months));
  }

  const canGoForward = !max || addMonths(shown[shown.length - 1], 1) <= max.slice(0, 7);

  return (
    <div ref={grid} className="select-none" role="group" aria-label={label}>
      <div className="mb-2 flex items-center justify-between">
        <button type="button" className="btn btn-ghost h-8 w-8 px-0" aria-label="Previous month" onClick={() => onMonthChange(addMonths(month, -1))}>
          ‹
        </button>
        <button
          type="button"
          className="btn btn-ghost h-8 w-8 px-0"
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row">
        {shown.map((shownMonth) => (
          <table key={shownMonth} role="grid" aria-label={monthTitle(shownMonth)} className="border-collapse text-sm">
            <caption className="mb-1 text-sm font-semibold">{monthTitle(shownMonth)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday} scope="col" className="h-8 w-9 text-xs font-normal text-slate-500">
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(shownMonth).map((week, index) => (
                <tr key={index}>
                  {week.map((day, column) => {
                    if (!day) return <td key={column} />;
                    const selected = props.mode === 'single' ? props.selected === day : inRange(day);
                    const off = disabled(day);
                    return (
                      <td key={day} className="p-0" aria-selected={selected}>
                        <button
                          type="button"
                          data-day={day}
                          tabIndex={day === focused ? 0 : -1}
                          aria-disabled={off || undefined}
                          aria-label={`${monthTitle(shownMonth)} ${Number(day.slice(8))}`}
                          onClick={() => pick(day)}
                          onFocus={() => setFocused(day)}
                          onKeyDown={onKeyDown}
                          className={`h-9 w-9 rounded-md text-sm tabular-nums ${
                            selected ? 'bg-slate-900 text-white' : off ? 'cursor-not-allowed text-slate-300' : 'hover:bg-slate-100'
                          } ${day === localToday() && !selected ? 'font-bold text-brand-600' : ''}`}
                        >
                          {Number(day.slice(8))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}

/** Twelve months of a year to pick one from (the orders lists' Month picker). */
export function MonthGrid({ selected, max, onSelect }: { selected: string | null; max?: string; onSelect: (month: string) => void }) {
  const [year, setYear] = useState(Number((selected ?? max ?? localToday()).slice(0, 4)));
  const maxMonth = max?.slice(0, 7);
  return (
    <div role="group" aria-label="Choose a month">
      <div className="mb-2 flex items-center justify-between">
        <button type="button" className="btn btn-ghost h-8 w-8 px-0" aria-label="Previous year" onClick={() => setYear(year - 1)}>
          ‹
        </button>
        <span className="text-sm font-semibold">{year}</span>
        <button
          type="button"
          className="btn btn-ghost h-8 w-8 px-0"
          aria-label="Next year"
          disabled={!!maxMonth && `${year + 1}-01` > maxMonth}
          onClick={() => setYear(year + 1)}
        >
          ›
        </button>
      </div>
      <div className="grid grid-cols-3 gap-1">
        {MONTH_NAMES.map((name, index) => {
          const value = `${year}-${pad(index + 1)}`;
          const off = !!maxMonth && value > maxMonth;
          return (
            <button
              key={value}
              type="button"
              disabled={off}
              aria-pressed={selected === value}
              onClick={() => onSelect(value)}
              className={`h-9 rounded-md px-2 text-sm ${selected === value ? 'bg-slate-900 text-white' : 'hover:bg-slate-100 disabled:text-slate-300'}`}
            >
              {name.slice(0, 3)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
