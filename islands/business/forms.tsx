/** The inputs the business forms share, labelled (their rules are in ./orderForm.ts). */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { normalizePhoneInput } from '../../src/domain/phone';
import { Field } from '../lib/Field';
import type { BusinessOnForm } from './orderForm';

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
export function PickupFrom({ id, title, labels, business }: { id: string; title: string; labels: [string, string, string]; business: BusinessOnForm }) {
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
