/**
 * For the runtime's tests (happy-dom): a fetch that holds each request until the test
 * answers it, so a test decides the order replies arrive in. Like a real server that has
 * already sent its reply, it ignores an abort unless told otherwise.
 */
import { vi } from 'vitest';

export interface HeldRequest {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  answer(response: Response): Promise<void>;
  fail(error: Error): Promise<void>;
}

/** Lets pending promise callbacks (fetch, response.text()) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

export function fakeServer(options: { honourAbort?: boolean } = {}) {
  const requests: HeldRequest[] = [];
  vi.stubGlobal(
    'fetch',
    (input: string, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init.signal ?? new AbortController().signal;
        if (options.honourAbort) signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        requests.push({
          url: new URL(input, window.location.href).pathname + new URL(input, window.location.href).search,
          headers: init.headers as Record<string, string>,
          signal,
          answer: async (response) => {
            resolve(response);
            await settle();
          },
          fail: async (error) => {
            reject(error);
            await settle();
          },
        });
      }),
  );
  return {
    requests,
    /** The one request still unanswered for a region (its X-Partial). */
    last(region: string): HeldRequest {
      const found = requests.filter((request) => request.headers['X-Partial'] === region);
      if (found.length === 0) throw new Error(`no request for ${region}`);
      return found[found.length - 1];
    },
  };
}

/** The server's reply for one region, as respond() in src/views/render.tsx sends it. */
export function regionReply(name: string, html: string, headers: Record<string, string> = {}, attributes = ''): Response {
  return new Response(`<div data-partial="${name}" ${attributes}>${html}</div>`, { headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });
}

/** A reply fetch reached by following a redirect. */
export function redirectedReply(url: string, html: string): Response {
  const response = new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  Object.defineProperty(response, 'redirected', { value: true });
  Object.defineProperty(response, 'url', { value: new URL(url, window.location.href).href });
  return response;
}
