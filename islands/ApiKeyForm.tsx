/**
 * Profile → API access (issue 17): names and creates a key (POST /api/api-keys), then
 * shows it once, with a copy button, until the business dismisses it. The list of keys
 * is the server's region 'api-keys', refreshed after each creation.
 */
import { useState, type FormEvent } from 'react';
import { apiKeyCreateSchema } from '../src/domain/apiKeys';
import { TextInput } from './business/forms';
import { apiRequest } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';
import { useSubmit } from './lib/useSubmit';

interface CreatedKey {
  name: string;
  key: string;
}

export default function ApiKeyForm() {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [copied, setCopied] = useState(false);
  const { error, pending, submit } = useSubmit(
    apiKeyCreateSchema,
    async (body) => {
      setCreated(await apiRequest<CreatedKey>('POST', '/api/api-keys', body));
      setCopied(false);
      setName('');
      refreshPartials('api-keys');
    },
    'Could not create the key. Please try again.',
  );

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast({ title: 'Copied', description: 'The key is on your clipboard.' });
    } catch {
      errorToast('Copying is not allowed here; select the key and copy it.');
    }
  }

  return (
    <div className="space-y-4">
      {created ? (
        <div className="rounded-md border border-emerald-200 bg-emerald-50 p-3" role="status">
          <p className="text-sm font-semibold text-emerald-900">Your new key "{created.name}"</p>
          <p className="mt-1 text-sm text-emerald-900">Copy it now and keep it secret: it will not be shown again.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-white p-2 font-mono text-xs" data-testid="new-api-key">
              {created.key}
            </code>
            <button type="button" className="btn btn-outline btn-sm" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCreated(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
      <form
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void submit({ name });
        }}
        noValidate
        className="flex flex-wrap items-start gap-2"
        aria-label="Create API key"
      >
        <TextInput
          label="Key name"
          className="min-w-0 flex-1 basis-48"
          placeholder="e.g. Order system"
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <button type="submit" className="btn btn-primary mt-7" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Creating...' : 'Create key'}
        </button>
      </form>
    </div>
  );
}
