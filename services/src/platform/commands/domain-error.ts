import type { z } from 'zod';
import { ConcurrencyError } from '../event-store/port.ts';

/**
 * What kind of refusal a domain error is, in the domain's words: the command names something that does not exist
 * (`not_found`), is not valid (`invalid`), needs a signed-in caller (`unauthenticated`), is not the caller's to do
 * (`forbidden`), contradicts what happened already (`conflict`), is over for good (`gone`), comes too soon
 * (`too_many`), or an outside service did not do its part (`unavailable`). Only the HTTP layer
 * (`platform/http/domain-errors.ts`) turns a kind into a status.
 */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'too_many' | 'unavailable';

export type FieldError = { path: string; message: string };

/** A decider's (or a command's) refusal a user can act on: a kind, a code the client branches on, a sentence. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  constructor(kind: DomainErrorKind, code: string, message: string, errors?: FieldError[]) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    this.errors = errors;
  }
}

/** A refusal that says when to come back (a code sent too soon): kind `too_many` with the wait in seconds. */
export class RetryLater extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super('too_many', code, message);
    this.name = 'RetryLater';
    this.retryAfterSeconds = Math.max(0, Math.ceil(retryAfterSeconds));
  }
}

/**
 * A purchase refused because the account has not finished the sign-up steps it needs (409 SIGN_UP_STEPS_MISSING):
 * the steps, in the wizard's order, travel as `missing_steps` so the client sends the person to exactly those.
 */
export class StepsMissing extends DomainError {
  readonly missingSteps: readonly string[];
  constructor(message: string, missingSteps: readonly string[]) {
    super('conflict', 'SIGN_UP_STEPS_MISSING', message);
    this.name = 'StepsMissing';
    this.missingSteps = [...missingSteps];
  }
}

/**
 * Another writer appended to the stream first, and the command handler's retries are spent. Not a refusal: trying
 * again (a job's next attempt, the user's next click) decides on the newer state. `message` is the sentence for a user.
 */
export class VersionConflict extends Error {
  readonly stream: string;
  constructor(stream: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VersionConflict';
    this.stream = stream;
  }
}

/** A lost write race (the store's ConcurrencyError, or the handler's VersionConflict once its retries are spent). */
export const isVersionConflict = (error: unknown): error is VersionConflict | ConcurrencyError =>
  error instanceof VersionConflict || error instanceof ConcurrencyError;

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/** The common refusals, with the codes and default sentences the API has always answered. */
export const invalid = (message: string, errors?: FieldError[]) => new DomainError('invalid', 'BAD_REQUEST', message, errors);
/** What was sent is not valid, field by field (the same code as the validator's own refusals). */
export const validationFailed = (message: string, errors: FieldError[]) => new DomainError('invalid', 'VALIDATION_FAILED', message, errors);
export const notFound = (message = 'Not found.') => new DomainError('not_found', 'NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('conflict', 'CONFLICT', message);
export const unauthenticated = (message = 'Sign in to continue.') => new DomainError('unauthenticated', 'UNAUTHORIZED', message);

/**
 * What a job dead-letters at once: a domain refusal no retry can change (no such order, a state that takes no such
 * command). Never a version conflict (the next attempt decides on the newer state) nor an outside service's failure.
 */
export const refusedForGood = (error: unknown): error is DomainError => error instanceof DomainError && error.kind !== 'unavailable';

/** `data` as the contract's schema reads it, or a `validationFailed` with `message` and one error per field that is not valid. */
export const checkedBy = <T>(schema: z.ZodType<T>, data: unknown, message: string): T => {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw validationFailed(message, parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  return parsed.data;
};
