/**
 * Profile → Webhooks (issue 17): the endpoint's URL, saved with PUT /api/webhook-endpoint.
 * The server checks where it leads and answers why when it refuses. Saving a turned-off
 * endpoint turns it back on. The endpoint's details are the server's region.
 */
import { useState, type FormEvent } from 'react';
import { webhookEndpointSchema } from '../src/domain/webhooks';
import { TextInput } from './business/forms';
import { apiRequest } from './lib/api';
import { refreshPartials, toast } from './lib/events';
import { useSubmit } from './lib/useSubmit';

export default function WebhookEndpointForm({ url: savedUrl }: { url: string | null }) {
  const [url, setUrl] = useState(savedUrl ?? '');
  const { error, pending, submit } = useSubmit(
    webhookEndpointSchema,
    async (body) => {
      await apiRequest('PUT', '/api/webhook-endpoint', body);
      toast({ title: 'Success', description: 'Webhook endpoint saved' });
      refreshPartials('webhook-endpoint');
    },
    'Could not save the endpoint. Please try again.',
  );

  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit({ url });
      }}
      noValidate
      className="flex flex-wrap items-start gap-2"
      aria-label="Webhook endpoint"
    >
      <TextInput
        label="Endpoint URL"
        className="min-w-0 flex-1 basis-64"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/dispatch"
        autoComplete="off"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={error}
      />
      <button type="submit" className="btn btn-primary mt-7" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving...' : 'Save endpoint'}
      </button>
    </form>
  );
}
