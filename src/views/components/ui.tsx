/** Small server components shared by the pages of every area. */
import type { ReactNode } from 'react';
import { formatMoney, formatUsd, type Cents } from '../../domain/money';
import { isCompleted, isFinished, statusWords, type OrderStatus } from '../../domain/orderStatus';
import { formatPhone } from '../../domain/phone';
import { formatIn } from '../../domain/time';
import { ACTIVE_ORDER_STORAGE_KEY } from '../../shared/storage';
import { useView } from '../context';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({ title, icon, children, className = '' }: { title?: string; icon?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`card p-5 ${className}`} aria-label={title}>
      {title ? (
        <h2 className="mb-3 flex items-center justify-between text-sm font-semibold text-slate-700">
          {title}
          {icon ? <span className="text-slate-400">{icon}</span> : null}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

const TONES = {
  slate: 'bg-slate-100 text-slate-700',
  blue: 'bg-blue-100 text-blue-800',
  amber: 'bg-amber-100 text-amber-800',
  green: 'bg-emerald-100 text-emerald-800',
  red: 'bg-red-100 text-red-800',
  violet: 'bg-violet-100 text-violet-800',
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone = 'slate', children, className = '' }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={`badge ${TONES[tone]} ${className}`}>{children}</span>;
}

export function statusTone(status: OrderStatus): Tone {
  if (status === 'cancelled' || status === 'missed_pickup' || status === 'courier_rejected') return 'red';
  if (isCompleted(status)) return 'green';
  if (status === 'new' || status === 'pending_restaurant') return 'blue';
  if (status === 'pending_courier') return 'amber';
  if (isFinished(status)) return 'slate';
  return 'violet';
}

/** A status badge; a missed pickup is highlighted and pulses (spec 1-foundations-and-admin.md §2.8). */
export function StatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  const missed = status === 'missed_pickup';
  return (
    <Badge tone={statusTone(status)} className={missed ? 'animate-pulse ring-2 ring-red-500' : ''}>
      {label ?? statusWords(status)}
    </Badge>
  );
}

/** A time in the viewer's zone; data-time lets the runtime re-render once the real zone is known. */
export function Time({ value, pattern = 'h:mm a' }: { value: number | string | null | undefined; pattern?: string }) {
  const { timeZone } = useView();
  const text = formatIn(value, timeZone, pattern);
  const iso = value == null || value === '' || text === 'Invalid date' ? undefined : new Date(value).toISOString();
  return (
    <time dateTime={iso} data-time="">
      {text}
    </time>
  );
}

export function Money({ cents }: { cents: Cents | null | undefined }) {
  return <data value={formatMoney(cents ?? 0)}>{formatUsd(cents)}</data>;
}

/** A phone number as the lists show it, never broken across lines; 'N/A' without one (spec 1-foundations-and-admin.md §2.9). */
export function PhoneNumber({ phone }: { phone: string | null | undefined }) {
  return <span className="whitespace-nowrap">{phone ? formatPhone(phone) : 'N/A'}</span>;
}

/** The id of every layout's main element, where the skip link leads. */
const MAIN_ID = 'main';

/**
 * The first control of every page: past the header and its navigation, straight to the
 * content (WCAG 2.4.1). Out of sight until it has focus; 44 px tall, as courier controls are.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-md focus:bg-white focus:px-4 focus:py-2.5 focus:font-medium focus:text-slate-900 focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}

/** A layout's main element: the skip link's target, focusable from it (tabIndex -1) and not by Tab. */
export function Main({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`focus:outline-none ${className}`}>
      {children}
    </main>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">{children}</p>;
}

/** Logout: POST /api/logout, then the sign-in page; the courier's stored active order goes too (spec 1-foundations-and-admin.md §7.2). */
export function LogoutButton({
  className = 'btn btn-outline btn-sm',
  next = '/auth',
  label = 'Logout',
}: {
  className?: string;
  next?: string;
  label?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      data-action="api"
      data-url="/api/logout"
      data-method="POST"
      data-navigate={next}
      data-error-title="Logout failed"
      data-clear-storage={ACTIVE_ORDER_STORAGE_KEY}
    >
      {label}
    </button>
  );
}
