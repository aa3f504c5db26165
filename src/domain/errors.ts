/**
 * How a failed response becomes a message (spec 1-foundations-and-admin.md §8.1), and the JSON error shape the
 * API answers with. Islands build messages with the same function the tests check.
 */

export interface ApiErrorBody {
  error: string;
  /** A sentence for people: what exactly was wrong. */
  details?: string;
  /** For forms: the messages of each invalid field. */
  fields?: Record<string, string[]>;
}

export function buildErrorMessage(status: number, statusText: string, bodyText: string): string {
  const text = bodyText.trim();
  if (!text) return `${status}: ${statusText}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status}: ${text}`;
  }
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    const details = 'details' in body ? describeDetails(body.details) : '';
    return details ? `${status}: ${body.error} - ${details}` : `${status}: ${body.error}`;
  }
  return `${status}: ${text}`;
}

/** Field errors travel as {field: [messages]}; a person reads them as one sentence. */
export function describeDetails(details: unknown): string {
  if (details == null || details === '') return '';
  if (typeof details === 'string') return details;
  if (typeof details === 'object') {
    return Object.values(details as Record<string, unknown>)
      .flat()
      .filter((message): message is string => typeof message === 'string')
      .join('; ');
  }
  return String(details);
}
