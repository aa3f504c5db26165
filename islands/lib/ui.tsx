/**
 * Building blocks islands share: a modal dialog and a popover (Radix, so focus, Escape
 * and screen readers are handled), form fields wired for accessibility, and a date range
 * picker. Styles come from the app's CSS classes (src/views/styles.css).
 */
import { Dialog, Popover } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { addMonths, Calendar, localToday, type DayRange } from './Calendar';
import { CloseIcon } from './icons';

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-6 shadow-xl ${
            wide ? 'max-w-3xl' : 'max-w-lg'
          }`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 pr-8">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
          </div>
          {children}
          <Dialog.Close className="btn btn-ghost absolute top-3 right-3 h-8 w-8 px-0" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function PopoverButton({ label, children, className = 'btn btn-outline', open, onOpenChange }: { label: ReactNode; children: ReactNode; className?: string; open?: boolean; onOpenChange?: (open: boolean) => void }) {
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

/** A labelled field with its error announced and tied to the control (render prop gets the ids). */
export function Field({
  label,
  error,
  hint,
  children,
  className = '',
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A date range in a popover showing two months (spec 1 §2.11, spec 3 §2.17). Days are
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
