/**
 * A one-field form's round trip: the shared schema checks the value first (its message
 * under the field), then the API is called; a 400 from the server is shown under the
 * field too, any other failure in a toast.
 */
import { useState } from 'react';
import type * as z from 'zod/mini';
import { ApiRequestError, serverMessage } from './api';
import { errorToast } from './events';

export function useSubmit<Schema extends z.ZodMiniType>(schema: Schema, send: (data: z.infer<Schema>) => Promise<void>, failure: string) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(value: unknown) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await send(parsed.data as z.infer<Schema>);
    } catch (caught) {
      const message = serverMessage(caught, failure);
      if (caught instanceof ApiRequestError && caught.status === 400) setError(message);
      else errorToast(message);
    } finally {
      setPending(false);
    }
  }

  return { error, pending, submit };
}
