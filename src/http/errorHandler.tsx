/**
 * One place turns failures into answers: the API always answers JSON {error, details?}
 * (never a stack trace), pages get a friendly page. The services' failures get the status
 * of their kind. A database that cannot be reached is 503 with Retry-After, so clients
 * know to try again rather than give up.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { SessionNotConfirmed } from '../auth/session';
import { causedBy, isDatabaseUnavailable } from '../db/client';
import { ClaimNotHeld } from '../db/receipts';
import { Failure, type FailureKind } from '../domain/failures';
import type { AppEnv } from '../env';
import { renderPage } from '../views/render';
import { ErrorPage } from '../views/ErrorPage';
import { ApiError } from './errors';

const isApi = (c: Context<AppEnv>) => new URL(c.req.url).pathname.startsWith('/api/');

const FAILURE_STATUS = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, too_many: 429 } as const satisfies Record<FailureKind, number>;

/** SQLite refused a write (unique, check, foreign key): the request conflicts with stored data. */
function isConstraintError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if ((typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) || (typeof message === 'string' && message.includes('constraint failed'))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const apiErrorOf = (failure: Failure) =>
  new ApiError(
    FAILURE_STATUS[failure.kind],
    failure.message,
    failure.details,
    undefined,
    failure.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(Math.max(1, Math.ceil(failure.retryAfterSeconds))) },
  );

export const handleError: ErrorHandler<AppEnv> = (thrown, c) => {
  // Answered again with the session checked first, or from the key's receipt: this answer is thrown away.
  if (causedBy(thrown, SessionNotConfirmed) || causedBy(thrown, ClaimNotHeld)) return c.body(null, 503);
  const error = thrown instanceof Failure ? apiErrorOf(thrown) : thrown;
  if (isDatabaseUnavailable(error)) {
    const retry = { 'Retry-After': '5' };
    if (isApi(c)) {
      return c.json({ error: 'Service temporarily unavailable', details: 'The database cannot be reached. Please try again in a moment.' }, 503, retry);
    }
    return renderPage(
      c,
      <ErrorPage status={503} title="We'll be right back" message="The service is briefly unavailable. Your work is safe; please try again in a moment." />,
      503,
      retry,
    );
  }
  if (error instanceof ApiError) {
    if (isApi(c)) return c.json(error.toJSON(), error.status, error.headers);
    if (error.status === 404) return renderNotFound(c);
    if (error.status === 401) return c.redirect('/auth', 302);
    return renderPage(c, <ErrorPage status={error.status} title="Something is not right" message={error.message} />, error.status);
  }
  if (error instanceof HTTPException) {
    const message = error.status === 400 ? 'Invalid request' : error.message || 'Request failed';
    const details = error.status === 400 ? error.message : undefined;
    if (isApi(c)) return c.json(details ? { error: message, details } : { error: message }, error.status);
    return error.getResponse();
  }
  if (isConstraintError(error)) {
    if (isApi(c))
      return c.json(
        { error: 'This conflicts with existing data', details: 'A record with the same unique value already exists or a referenced record is missing.' },
        409,
      );
  }
  console.error('Unhandled error', error);
  if (isApi(c)) return c.json({ error: 'Internal server error' }, 500);
  return renderPage(c, <ErrorPage status={500} title="Something went wrong" message="An unexpected error occurred. Please try again." />, 500);
};

export function renderNotFound(c: Context<AppEnv>): Response | Promise<Response> {
  if (isApi(c)) return c.json({ error: 'Not found' }, 404);
  return renderPage(c, <ErrorPage status={404} title="404 Page Not Found" message="The page you are looking for does not exist." />, 404);
}

export const handleNotFound: NotFoundHandler<AppEnv> = (c) => renderNotFound(c);
