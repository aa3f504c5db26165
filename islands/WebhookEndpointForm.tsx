/**
 * Profile → Webhooks (issue 17): the endpoint's URL, saved with PUT /api/webhook-endpoint.
 * The server checks where it leads and answers why when it refuses. Saving a turned-off
 * endpoint turns it back on. The endpoint's details are the server's region.
 */
import { useState, type FormEvent } from 'react';
import { webhookEndpointSchema } from '../src/domain/webhooks';
import { TextInput } from './business/forms';
import { apiRequest, ApiRequestError, serverMessage } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';

export default function WebhookEndpointForm({ url: savedUrl }: { url: string | null }) {
  const [url, setUrl] = useState(savedUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = webhookEndpointSchema.safeParse({ url });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await apiRequest('PUT', '/api/webhook-endpoint', parsed.data);
      toast({ title: 'Success', description: 'Webhook endpoint saved' });
      refreshPartials('webhook-endpoint');
    } catch (failure) {
      const message = serverMessage(failure, 'Could not save the endpoint. Please try again.');
      if (failure instanceof ApiRequestError && failure.status === 400) setError(message);
      else errorToast(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2" aria-label="Webhook endpoint">
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
