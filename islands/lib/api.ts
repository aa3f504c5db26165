/**
 * Calls from islands to the API (spec 1-foundations-and-admin.md §7.1): the session cookie always goes along,
 * Content-Type: application/json only when there is a body, and a failed response
 * becomes an Error whose message is built as spec 1-foundations-and-admin.md §8.1 says.
 */
import { buildErrorMessage } from '../../src/domain/errors';
import { noteResponse, serverUnreachable } from './connection';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  let payload: string | undefined;
  if (body !== undefined) {
    try {
      payload = JSON.stringify(body);
    } catch (error) {
      throw new Error(`Failed to serialize request data: ${(error as Error).message}`);
    }
  }
  const response = await fetch(url, {
    ...init,
    method,
    credentials: 'include',
    headers: { ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: payload,
  }).catch((error: unknown) => {
    serverUnreachable();
    throw error;
  });
  noteResponse(response);
  const text = await response.text();
  if (!response.ok) {
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* plain text */
    }
    throw new ApiRequestError(response.status, buildErrorMessage(response.status, response.statusText, text), parsed);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** The server's own words from a failed call: details, else error, else the message. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.body && typeof error.body === 'object') {
    const body = error.body as { error?: unknown; details?: unknown };
    if (typeof body.details === 'string' && body.details) return body.details;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  if (error instanceof ApiRequestError && typeof error.body === 'string' && error.body) return error.body;
  return fallback;
}
