import type { ErrorEnvelope } from '@acpg/contracts/http';
import { DomainError, RetryLater, StepsMissing, VersionConflict, isVersionConflict, type DomainErrorKind } from '../commands/domain-error.ts';

/** The one table from a domain refusal's kind to the HTTP status it is answered with. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many: 429,
  unavailable: 502,
};

/** The sentence a lost write race is answered with when the command named none. */
export const VERSION_CONFLICT_MESSAGE = 'Someone else changed this at the same time. Reload and try again.';

export interface DomainErrorAnswer {
  status: number;
  body: ErrorEnvelope;
  headers: Record<string, string>;
}

/**
 * How the API answers a domain error (`{ success: false, message, code, errors? }` with the kind's status; a
 * RetryLater also `retry_after_seconds` and Retry-After, a StepsMissing `missing_steps`) or a version conflict (409 CONFLICT); null for anything else.
 */
export const domainErrorAnswer = (error: unknown): DomainErrorAnswer | null => {
  if (error instanceof DomainError) {
    const base = error.errors && error.errors.length > 0
      ? { success: false as const, message: error.message, code: error.code, errors: error.errors }
      : { success: false as const, message: error.message, code: error.code };
    if (error instanceof RetryLater) {
      return { status: DOMAIN_ERROR_STATUS[error.kind], body: { ...base, retry_after_seconds: error.retryAfterSeconds }, headers: { 'retry-after': String(error.retryAfterSeconds) } };
    }
    if (error instanceof StepsMissing) return { status: DOMAIN_ERROR_STATUS[error.kind], body: { ...base, missing_steps: [...error.missingSteps] }, headers: {} };
    return { status: DOMAIN_ERROR_STATUS[error.kind], body: base, headers: {} };
  }
  if (isVersionConflict(error)) {
    const message = error instanceof VersionConflict ? error.message : VERSION_CONFLICT_MESSAGE;
    return { status: 409, body: { success: false, message, code: 'CONFLICT' }, headers: {} };
  }
  return null;
};

/** The status a domain error (or version conflict) is answered with; undefined for any other error. */
export const domainErrorStatus = (error: unknown): number | undefined => domainErrorAnswer(error)?.status;
