/**
 * An admin create/edit dialog: its state (./editDialog.ts), and a save that shows the
 * spec's toasts, closes, and refreshes the list region. A row's Edit button opens it
 * through its data-action (./trigger.ts).
 */
import { useReducer } from 'react';
import { normalizePhoneInput } from '../../src/domain/phone';
import type { RegionName } from '../../src/shared/partials';
import { apiRequest, serverMessage } from '../lib/api';
import { errorToast, refreshPartials, toast } from '../lib/events';
import { apiFieldErrors, type Checked, type FieldErrors } from '../lib/fieldErrors';
import { closedDialog, editDialogReducer, type DialogForm } from './editDialog';
import { useTrigger } from './trigger';

export interface EditDialogOptions<Item, Form> extends DialogForm<Item, Form> {
  /** The data-action of the rows' Edit buttons. */
  action: string;
  /** The list region refreshed after a save. */
  region: RegionName;
  messages: { created: string; updated: string; createFailed: string; updateFailed: string };
  /** The success toast's words from the message and the record as saved, when the record has more to say. */
  savedMessage?: (message: string, saved: Item) => string;
}

type KeysOf<Form, Value> = { [K in keyof Form]: Form[K] extends Value ? K : never }[keyof Form] & string;

/** Phone inputs: a keyboard of digits, no autofill, and a hint of what is kept. */
const PHONE_INPUT = { type: 'tel', inputMode: 'numeric', autoComplete: 'off', hint: '10 digits' } as const;

export function useEditDialog<Item, Form>(options: EditDialogOptions<Item, Form>) {
  const { action, region, messages, savedMessage = (message) => message } = options;
  // The reducer reads the dialog's form definition, which never changes.
  const [state, dispatch] = useReducer(editDialogReducer<Item, Form>(options), options, closedDialog<Item, Form>);
  const { editing, form, errors } = state;

  const show = (item: Item | null) => dispatch({ type: 'show', item });
  useTrigger<Item>(action, show);
  const setOpen = (open: boolean) => dispatch({ type: 'openChanged', open });
  const setTab = (tab: string) => dispatch({ type: 'tabChosen', tab });
  const setForm = (update: (form: Form) => Form) => dispatch({ type: 'edited', update });
  const setValue = (name: keyof Form, value: unknown) => setForm((current) => ({ ...current, [name]: value }));

  /** Field errors next to their fields, the message in a toast. */
  function fail(found: FieldErrors, message: string) {
    dispatch({ type: 'failed', errors: found });
    errorToast(message);
  }

  /** Sends the body (POST to create, PATCH to edit); the server's own message on failure. */
  async function save(createUrl: string, editUrl: (item: Item) => string, body: unknown) {
    dispatch({ type: 'saving' });
    try {
      const saved = editing ? await apiRequest<Item>('PATCH', editUrl(editing), body) : await apiRequest<Item>('POST', createUrl, body);
      toast({ title: 'Success', description: savedMessage(editing ? messages.updated : messages.created, saved) });
      dispatch({ type: 'saved' });
      refreshPartials(region);
    } catch (error) {
      fail(apiFieldErrors((error as { body?: unknown }).body), serverMessage(error, editing ? messages.updateFailed : messages.createFailed));
    }
  }

  /** Saves a form that passed its check; one that did not shows why. */
  function submit(checked: Checked<unknown>, createUrl: string, editUrl: (item: Item) => string) {
    if (checked.ok) void save(createUrl, editUrl, checked.body);
    else fail(checked.errors, checked.message);
  }

  /** Props that tie a TextField, TextArea or SelectField to a text field of the form. */
  const field = (name: KeysOf<Form, string>) => ({
    name,
    value: form[name] as string,
    error: errors[name],
    onChange: (value: string) => setValue(name, value),
  });
  /** A phone field keeps the 10 digits of what is typed or pasted (decision G9). */
  const phoneField = (name: KeysOf<Form, string>) => ({
    ...field(name),
    ...PHONE_INPUT,
    onChange: (value: string) => setValue(name, normalizePhoneInput(value)),
  });
  const flag = (name: KeysOf<Form, boolean>) => ({ checked: form[name] as boolean, onChange: (checked: boolean) => setValue(name, checked) });

  return { ...state, show, setOpen, setTab, setForm, fail, save, submit, field, phoneField, flag };
}

export type EditDialog<Item, Form> = ReturnType<typeof useEditDialog<Item, Form>>;
