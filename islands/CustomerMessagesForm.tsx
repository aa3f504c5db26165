/**
 * Profile → Customer messages (issue 16): each message on or off, with its wording, saved
 * with PUT /api/message-settings. The placeholders are filled in for each customer.
 */
import { useState, type FormEvent } from 'react';
import { DEFAULT_TEMPLATES, MAX_TEMPLATE_LENGTH, MESSAGE_LABELS, PLACEHOLDERS, type MessageKind } from '../src/domain/messages';
import { messageSettingsSchema } from '../src/domain/schemas/messages';
import { TextArea } from './business/forms';
import { apiRequest } from './lib/api';
import { toast } from './lib/events';
import { useSubmit } from './lib/useSubmit';

export interface CustomerMessagesFormProps {
  settings: Array<{ kind: MessageKind; enabled: boolean; template: string }>;
}

const WHEN: Record<MessageKind, string> = {
  on_the_way: 'when the courier sets off to the customer, with the tracking link',
  arriving_soon: 'when the courier is a few minutes away',
  delivered: 'when the order is delivered, with the link to the photo',
  cancelled: 'when the order is cancelled',
};

export default function CustomerMessagesForm({ settings: saved }: CustomerMessagesFormProps) {
  const [settings, setSettings] = useState(saved);
  const update = (kind: MessageKind, change: Partial<{ enabled: boolean; template: string }>) =>
    setSettings((current) => current.map((setting) => (setting.kind === kind ? { ...setting, ...change } : setting)));
  const { error, pending, submit } = useSubmit(
    messageSettingsSchema,
    async (body) => {
      await apiRequest('PUT', '/api/message-settings', body);
      toast({ title: 'Success', description: 'Customer messages saved' });
    },
    'Could not save the messages. Please try again.',
  );

  return (
    <form
      aria-label="Customer messages"
      noValidate
      className="space-y-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit({ settings });
      }}
    >
      <p className="text-sm text-slate-600">
        Placeholders: {PLACEHOLDERS.join(', ')}. Texts go to the customer’s phone and, when the order has the customer’s email, by email too; at most{' '}
        {MAX_TEMPLATE_LENGTH} characters.
      </p>
      {settings.map((setting) => (
        <fieldset key={setting.kind} className="space-y-2 rounded-md border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{MESSAGE_LABELS[setting.kind]}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={setting.enabled} onChange={(event) => update(setting.kind, { enabled: event.target.checked })} />
            Send {WHEN[setting.kind]}
          </label>
          <TextArea
            label={`Wording of “${MESSAGE_LABELS[setting.kind]}”`}
            value={setting.template}
            maxLength={MAX_TEMPLATE_LENGTH}
            onChange={(event) => update(setting.kind, { template: event.target.value })}
          />
          {setting.template !== DEFAULT_TEMPLATES[setting.kind] ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => update(setting.kind, { template: DEFAULT_TEMPLATES[setting.kind] })}>
              Use the default wording
            </button>
          ) : null}
        </fieldset>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving...' : 'Save messages'}
      </button>
    </form>
  );
}
