/**
 * The API's error convention (spec 1-foundations-and-admin.md §8.1): a JSON body {error, details?} with the right
 * status. Route code throws ApiError; the app's error handler writes it.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../domain/errors';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: string,
    readonly fields?: ApiErrorBody['fields'],
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toJSON(): ApiErrorBody {
    const body: ApiErrorBody = { error: this.message };
    if (this.details) body.details = this.details;
    if (this.fields) body.fields = this.fields;
    return body;
  }
}

export const badRequest = (message: string, details?: string, fields?: ApiErrorBody['fields']) => new ApiError(400, message, details, fields);
export const unauthorized = (message = 'Not signed in') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string, details?: string) => new ApiError(409, message, details);
/** 429: come back in `seconds`, said in the Retry-After header and, in words, in `details`. */
export const tooMany = (message: string, details: string, seconds: number) =>
  new ApiError(429, message, details, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });
