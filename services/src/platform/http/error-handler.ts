import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@acpg/contracts/http';
import { ConcurrencyError } from '../event-store/port.ts';
import { AppError, RetryLaterError } from './errors.ts';
import { missingBodyIssues } from './missing-body.ts';
import { domainErrorAnswer } from './domain-errors.ts';

type FieldError = { path: string; message: string };

const errorBody = (code: string, message: string, errors?: FieldError[]): ErrorEnvelope =>
  errors && errors.length > 0 ? { success: false, message, code, errors } : { success: false, message, code };

/** `/a/0/b` (the type provider's instancePath) → `a.0.b`; the header or query name when the issue is on the whole part. */
const pathOf = (instancePath: string): string => instancePath.replace(/^\//, '').replaceAll('/', '.');

/** One validation issue as a sentence a user can act on. */
export const plainIssue = (path: string, message: string, keyword: string): string => {
  const field = path || 'request';
  if (keyword === 'invalid_type' && /received undefined/.test(message)) return `${field} is required.`;
  const own = keyword === 'custom' || message.toLowerCase().startsWith(field.toLowerCase());
  const sentence = own ? message : `${field}: ${message}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
};

const isFastifyError = (error: unknown): error is FastifyError & { statusCode: number } =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof (error as { statusCode: unknown }).statusCode === 'number';

/** Fastify's client errors, as a code and a sentence a caller can act on. */
const FRAMEWORK_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as JSON (Content-Type: application/json).' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header does not match the body.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'The body is empty: send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The body is too large.' },
  FST_ERR_CTP_INVALID_CHARSET: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as UTF-8 JSON.' },
};

/**
 * The one place errors become responses: AppError and validation errors carry messages a user can act on;
 * anything else is logged with the request id and answered with a generic 500.
 */
export const errorHandler = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof RetryLaterError) {
      return reply
        .code(error.status)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ ...errorBody(error.code, error.message, error.errors), retry_after_seconds: error.retryAfterSeconds });
    }
    return reply.code(error.status).send(errorBody(error.code, error.message, error.errors));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // No body at all: say what to send, not the validator's "expected object, received null".
    const missing = (error as { validationContext?: string }).validationContext === 'body' ? missingBodyIssues(request, plainIssue) : undefined;
    if (missing) return reply.code(400).send(errorBody('VALIDATION_FAILED', missing.message, missing.errors));
    const errors = error.validation.map((issue) => {
      const path = pathOf(issue.instancePath);
      return { path, message: plainIssue(path, issue.message ?? 'is not valid', issue.keyword) };
    });
    const first = errors[0]?.message ?? 'The request is not valid.';
    return reply.code(400).send(errorBody('VALIDATION_FAILED', first, errors));
  }
  if (error instanceof ConcurrencyError) {
    request.log.info({ stream: error.stream, expected: error.expected, actual: error.actual }, 'concurrent change refused');
    return reply.code(409).send(errorBody('CONFLICT', 'Someone else changed this at the same time. Reload and try again.'));
  }
  const domain = domainErrorAnswer(error);
  if (domain) {
    // A decider's refusal or a lost write race: the status comes from the one table in domain-errors.ts.
    if (domain.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(domain.status).headers(domain.headers).send(domain.body);
  }
  if (isFastifyError(error) && isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: (error.cause as { issues?: unknown } | undefined)?.issues }, 'response does not match its schema');
    return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong.'));
  }
  if (isFastifyError(error) && error.statusCode === 429) {
    // A 429 raised outside our own errors still says when to come back (its Retry-After header if set, else a minute).
    const header = Number(reply.getHeader('retry-after'));
    const retryAfterSeconds = Number.isFinite(header) && header > 0 ? Math.ceil(header) : 60;
    return reply
      .code(429)
      .header('retry-after', String(retryAfterSeconds))
      .send({ ...errorBody('TOO_MANY_REQUESTS', error.message || 'Too many requests. Try again later.'), retry_after_seconds: retryAfterSeconds });
  }
  // Fastify's own client errors (malformed JSON, body too large, unsupported media type ...) keep their status, with
  // a code and a sentence of ours instead of the framework's internal names.
  if (isFastifyError(error) && error.statusCode >= 400 && error.statusCode < 500) {
    const known = FRAMEWORK_CLIENT_ERRORS[error.code];
    return reply.code(error.statusCode).send(known ? errorBody(known.code, known.message) : errorBody('BAD_REQUEST', error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong.'));
};

/** Unknown routes answer in the same envelope. */
export const notFoundBody = (method: string, url: string): ErrorEnvelope =>
  errorBody('NOT_FOUND', `No route ${method} ${url.split('?')[0] ?? url}.`);

/** Longest path parameter the router matches (a blog slug is at most 120); the route's own schema checks what it accepts. */
export const MAX_PATH_PARAMETER_LENGTH = 200;

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`), in the same envelope: a malformed
 * percent-encoding and an over-long path parameter are the client's to fix (400).
 */
export const routerErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply.code(400).send(errorBody('BAD_URL', 'The address holds a malformed percent-encoding (such as %ZZ). Check the link and try again.'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.code(400).send(errorBody('PATH_PARAMETER_TOO_LONG', `A value in the address is longer than ${MAX_PATH_PARAMETER_LENGTH} characters. Check the link and try again.`));
    default:
      request.log.error({ err: error }, 'router failed');
      return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong.'));
  }
};
