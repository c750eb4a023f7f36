/** An error a user can act on: the HTTP layer answers `{ success: false, message, code, errors? }` with `status`. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: { path: string; message: string }[] | undefined;
  constructor(status: number, code: string, message: string, errors?: { path: string; message: string }[]) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** A 429 that knows when to come back: the envelope carries `retry_after_seconds` and the reply a Retry-After header. */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: string, message: string, retryAfterSeconds: number) {
    super(429, code, message);
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = Math.max(0, Math.ceil(retryAfterSeconds));
  }
}

export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new AppError(400, 'BAD_REQUEST', message, errors);
/** A refusal of what the client sent (a field's value, an upload's content): `errors` names each field. */
export const validationFailed = (message: string, errors: { path: string; message: string }[]) =>
  new AppError(400, 'VALIDATION_FAILED', message, errors);
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** A 429 with the seconds to wait (every 429 carries `retry_after_seconds` and Retry-After). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new RetryLaterError('TOO_MANY_REQUESTS', message, retryAfterSeconds);
