/**
 * The state every admin create/edit dialog has: open or not, the record being edited
 * (null when adding), the form, field errors, and a save that shows the spec's toasts,
 * closes, and refreshes the list region. A row's Edit button opens it through its
 * data-action (./trigger.ts).
 */
import { useState } from 'react';
import type { RegionName } from '../../src/shared/partials';
import { apiRequest, serverMessage } from '../lib/api';
import { errorToast, refreshPartials, toast } from '../lib/events';
import { apiFieldErrors, type FieldErrors } from './form';
import { useTrigger } from './trigger';

export interface EditDialogOptions<Item, Form> {
  /** The data-action of the rows' Edit buttons. */
  action: string;
  empty: Form;
  formOf: (item: Item) => Form;
  /** The list region refreshed after a save. */
  region: RegionName;
  messages: { created: string; updated: string; createFailed: string; updateFailed: string };
  /** Called with a dialog's errors (to show the tab that holds them). */
  onErrors?: (errors: FieldErrors) => void;
  onShow?: (item: Item | null) => void;
}

export function useEditDialog<Item, Form>({ action, empty, formOf, region, messages, onErrors, onShow }: EditDialogOptions<Item, Form>) {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Item | null>(null);
  const [form, setForm] = useState<Form>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const show = (item: Item | null) => {
    setEditing(item);
    setForm(item ? formOf(item) : empty);
    setErrors({});
    onShow?.(item);
    setOpen(true);
  };
  useTrigger<Item>(action, show);

  /** Field errors next to their fields, the message in a toast. */
  function fail(found: FieldErrors, message: string) {
    setErrors(found);
    onErrors?.(found);
    errorToast(message);
  }

  /** Sends the body (POST to create, PATCH to edit); the server's own message on failure. */
  async function save(createUrl: string, editUrl: (item: Item) => string, body: unknown) {
    setErrors({});
    setPending(true);
    try {
      if (editing) await apiRequest('PATCH', editUrl(editing), body);
      else await apiRequest('POST', createUrl, body);
      toast({ title: 'Success', description: editing ? messages.updated : messages.created });
      setOpen(false);
      setForm(empty);
      refreshPartials(region);
    } catch (error) {
      fail(apiFieldErrors((error as { body?: unknown }).body), serverMessage(error, editing ? messages.updateFailed : messages.createFailed));
    } finally {
      setPending(false);
    }
  }

  return { open, setOpen, editing, form, setForm, errors, pending, show, fail, save };
}
