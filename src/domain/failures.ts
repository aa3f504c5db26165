/**
 * How a rule or a use case says no, without HTTP: what kind of refusal it is and the
 * words a person reads. The application services (src/services) throw these; the error
 * handler (src/http/errorHandler.tsx) answers each kind with its status: invalid 400,
 * forbidden 403, not found 404, conflict 409, too many 429 (with Retry-After). What is HTTP's own (401, 413, 415, a
 * malformed body) stays an ApiError of the HTTP layer.
 */
import type { Refusal } from './courierFlow';

export type FailureKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'too_many';

export class Failure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly details?: string,
    /** For 'too_many': when trying again can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Failure';
  }
}

/** A rule's refusal (a title and a sentence), as a failure of the given kind. */
export const refused = (refusal: Refusal, kind: FailureKind = 'conflict') => new Failure(kind, refusal.error, refusal.details);
