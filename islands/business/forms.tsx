/**
 * Pieces the business forms share: labelled inputs, local date-time to the API's UTC
 * form, and turning a failed call into the message the spec asks for.
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { INVALID_EMAIL, isEmail } from '../../src/domain/email';
import { normalizePhoneInput } from '../../src/domain/phone';
import { ApiRequestError } from '../lib/api';
import { Field } from '../lib/Field';

/** 'YYYY-MM-DDTHH:mm' (or a date and a time) in the browser's zone, as UTC with an offset (spec 2-business-area.md §7). */
export function localToUtc(local: string): string | null {
  const time = new Date(local).getTime();
  if (!local || Number.isNaN(time)) return null;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: ReactNode; error?: string | null; hint?: ReactNode; className?: string };

export function TextInput({ label, error, hint, className, ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <input className="input" {...control} {...input} />}
    </Field>
  );
}

/** A dollar amount: a number with cents, never negative, the decimal keypad on phones. */
export function MoneyInput(props: Omit<InputProps, 'type' | 'min' | 'step' | 'inputMode'>) {
  return <TextInput type="number" min={0} step={0.01} inputMode="decimal" {...props} />;
}

/**
 * A customer's phone (spec 2 §2.11: at most 10 characters): keeps the 10 digits of what
 * is typed or pasted, "(813) 555-9876" and "+1 813 555 9876" alike. No maxLength, which
 * would cut a pasted number before its digits are read.
 */
export function PhoneInput({
  label = 'Phone Number',
  value,
  onChange,
  error,
}: {
  label?: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string | null;
}) {
  return (
    <TextInput
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(normalizePhoneInput(e.target.value))}
      error={error}
      hint="10 digits"
    />
  );
}

/** Why a customer's email cannot be saved, or null: blank is fine, it is optional (decision K14). */
export const emailProblem = (value: string): string | null => (!value.trim() || isEmail(value.trim()) ? null : INVALID_EMAIL);

/** A customer's optional email: the messages the business turned on go there too. */
export function EmailInput({
  label = 'Customer Email (Optional)',
  value,
  onChange,
  error,
}: {
  label?: string;
  value: string;
  onChange: (email: string) => void;
  error?: string | null;
}) {
  return (
    <TextInput
      label={label}
      type="email"
      inputMode="email"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint="The customer messages you turn on in Profile go here too"
    />
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: ReactNode; hint?: ReactNode; className?: string };

export function TextArea({ label, hint, className, ...area }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} className={className}>
      {(control) => <textarea className="input" rows={2} {...control} {...area} />}
    </Field>
  );
}

/** A card of the form with its heading. */
export function FormSection({ id, title, className = 'card p-5', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The business the order is picked up from, read-only (spec 2-business-area.md §2.11, §2.12). */
export function PickupFrom({
  id,
  title,
  labels,
  business,
}: {
  id: string;
  title: string;
  labels: [string, string, string];
  business: { name: string; address: string; phone: string };
}) {
  return (
    <FormSection id={id} title={title}>
      <div className="grid gap-4 md:grid-cols-3">
        <TextInput label={labels[0]} value={business.name} readOnly />
        <TextInput label={labels[1]} value={business.address} readOnly />
        <TextInput label={labels[2]} value={business.phone} readOnly />
      </div>
    </FormSection>
  );
}

/** The server's details, else its error, else the fallback (spec 2-business-area.md §8.2). */
export function failureReason(error: unknown): { details: string | null; status: number | null } {
  if (!(error instanceof ApiRequestError)) return { details: null, status: null };
  const body = error.body as { error?: unknown; details?: unknown } | null;
  const details = typeof body?.details === 'string' && body.details ? body.details : typeof body?.error === 'string' ? body.error : null;
  return { details, status: error.status };
}

/** 'Order creation failed': the server's details, else '… - server error' for a server fault, else 'Failed to create order'. */
export function orderCreationMessage(error: unknown): string {
  const { details, status } = failureReason(error);
  if (details) return details;
  return status != null && status >= 500 ? 'Failed to create order - server error' : 'Failed to create order';
}

/** A spec message, followed by the server's own reason when it gave one. */
export function withReason(message: string, error: unknown): string {
  const { details } = failureReason(error);
  if (!details) return message;
  return /[.!?]$/.test(message) ? `${message} ${details}` : `${message}: ${details}`;
}
