/** Form pieces the admin dialogs share: text fields tied to their errors, tabs, a switch, the footer. */
import { Tabs } from 'radix-ui';
import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Field } from '../lib/Field';
import { Modal } from '../lib/Modal';
import { tabHasErrors, tabsShown, type Sections } from './editDialog';
import type { EditDialog } from './useEditDialog';

// The zone dialog takes its errors helper from here, beside the fields it fills.
export { firstErrors } from '../lib/fieldErrors';

export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  className,
  ...input
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'className'>) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...input} name={name} className="input" value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

export function TextArea({
  label,
  name,
  value,
  onChange,
  error,
  hint,
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} name={name} rows={3} className="input" value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

export function SelectField({
  label,
  name,
  value,
  onChange,
  error,
  placeholder,
  options,
}: {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <select {...control} name={name} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A zone of the service, as the account dialogs offer them. */
export interface ZoneOption {
  id: number;
  name: string;
}

export function ZoneSelect({
  zones,
  ...field
}: {
  label: string;
  zones: ReadonlyArray<ZoneOption>;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return <SelectField {...field} placeholder="Select a zone" options={zones.map((zone) => ({ value: String(zone.id), label: zone.name }))} />;
}

export function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="h-4 w-4 rounded border-slate-300" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** An on/off switch (a checkbox with the switch role, so screen readers say "on" or "off"). */
export function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-700">
      <input type="checkbox" role="switch" className="peer sr-only" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-emerald-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
      />
      {label}
    </label>
  );
}

/** Tabs of a dialog form. Every panel stays mounted (forceMount), so fields keep their values and the form submits them all. */
export function FormTabs({
  tabs,
  value,
  onValueChange,
}: {
  tabs: ReadonlyArray<{ value: string; label: string; content: ReactNode; invalid?: boolean }>;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange}>
      <Tabs.List className="mb-4 flex gap-1 overflow-x-auto rounded-md bg-slate-100 p-1" aria-label="Sections">
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="flex-1 rounded px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            {tab.label}
            {tab.invalid ? (
              <span className="ml-1 text-red-600" aria-label="has errors">
                •
              </span>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} forceMount className="space-y-4 data-[state=inactive]:hidden">
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

export function DialogFooter({
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
}) {
  return (
    <div className="mt-6 flex justify-end gap-2">
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}

/**
 * The account dialogs (couriers, businesses): an 'Add New …' button, and a wide modal with
 * a tabbed form saved by 'Create …' or, when editing, 'Save Changes'.
 */
export function AccountFormDialog<Item, Form>({
  noun,
  title,
  dialog,
  sections,
  panels,
  onSubmit,
  initialFocus,
}: {
  /** 'Courier', 'Restaurant'. */
  noun: string;
  title: string;
  dialog: EditDialog<Item, Form>;
  sections: Sections;
  /** Each tab's fields, by tab. */
  panels: Readonly<Record<string, ReactNode>>;
  onSubmit: () => void;
  /** The control focused on opening (Modal), when not the first. */
  initialFocus?: string;
}) {
  const editing = dialog.editing != null;
  const tabs = tabsShown(sections, editing).map((tab) => ({ ...tab, content: panels[tab.value], invalid: tabHasErrors(sections, dialog.errors, tab.value) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => dialog.show(null)}>
        {`Add New ${noun}`}
      </button>
      <Modal open={dialog.open} onOpenChange={dialog.setOpen} title={title} wide initialFocus={initialFocus}>
        <form onSubmit={submit} noValidate>
          <FormTabs tabs={tabs} value={dialog.tab} onValueChange={dialog.setTab} />
          <DialogFooter
            onCancel={() => dialog.setOpen(false)}
            pending={dialog.pending}
            submitLabel={editing ? 'Save Changes' : `Create ${noun}`}
            pendingLabel={editing ? 'Saving...' : 'Creating...'}
          />
        </form>
      </Modal>
    </>
  );
}
