/** A button that opens a popover (Radix), and the date range picker built on it. */
import { Popover } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { addMonths, Calendar, localToday, type DayRange } from './Calendar';

export function PopoverButton({
  label,
  children,
  className = 'btn btn-outline',
  open,
  onOpenChange,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger className={className}>{label}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content sideOffset={6} align="start" className="z-50 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * A date range in a popover showing two months (spec 1-foundations-and-admin.md §2.11, spec 3-courier-area.md §2.17). Days are
 * 'yyyy-MM-dd'; nothing after today can be picked.
 */
export function DateRangePicker({
  value,
  onChange,
  placeholder = 'Pick a date range',
  label = 'Date range',
}: {
  value: DayRange | null;
  onChange: (range: DayRange) => void;
  placeholder?: string;
  label?: string;
}) {
  const today = localToday();
  const [month, setMonth] = useState(addMonths((value?.to ?? value?.from ?? today).slice(0, 7), -1));
  const [draft, setDraft] = useState<DayRange | null>(value);
  const [open, setOpen] = useState(false);
  const text = value ? `${value.from} – ${value.to ?? value.from}` : placeholder;
  return (
    <PopoverButton
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setDraft(value);
      }}
      label={<span aria-label={`${label}: ${text}`}>{text}</span>}
    >
      <Calendar
        mode="range"
        months={2}
        month={month}
        onMonthChange={setMonth}
        max={today}
        label={label}
        selected={draft}
        onSelect={(range) => {
          setDraft(range);
          if (range.to) {
            onChange(range);
            setOpen(false);
          }
        }}
      />
    </PopoverButton>
  );
}
