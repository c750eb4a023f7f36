import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, RetryLater, VersionConflict, conflict, invalid, notFound, unauthenticated, type DomainErrorKind } from '../commands/domain-error.ts';
import { ConcurrencyError } from '../event-store/port.ts';
import { errorHandler } from './error-handler.ts';
import { AppError, RetryLaterError, badRequest, conflict as httpConflict, notFound as httpNotFound, unauthorized } from './errors.ts';

/**
 * Deciders refuse with domain errors; the HTTP layer alone turns them into statuses. Each answer must be byte for byte
 * what the AppError the decider threw before answered: same status, body (code, message, errors, retry_after_seconds)
 * and Retry-After.
 */
describe('the HTTP answer of a domain error', () => {
  let app: FastifyInstance;
  let thrown: unknown;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/throw', async () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const answerTo = async (error: unknown) => {
    thrown = error;
    const reply = await app.inject({ method: 'GET', url: '/throw' });
    return { status: reply.statusCode, body: reply.body, retryAfter: reply.headers['retry-after'] };
  };

  /** Each kind and the status its refusals always had. */
  const KINDS: [DomainErrorKind, number][] = [
    ['invalid', 400],
    ['unauthenticated', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['gone', 410],
    ['too_many', 429],
    ['unavailable', 502],
  ];

  it.each(KINDS)('a %s refusal answers %i with the same envelope an AppError of that status answered', async (kind, status) => {
    const domain = await answerTo(new DomainError(kind, 'SOME_CODE', 'Something to act on.'));
    expect(domain).toEqual(await answerTo(new AppError(status, 'SOME_CODE', 'Something to act on.')));
    expect(domain.status).toBe(status);
    expect(JSON.parse(domain.body)).toEqual({ success: false, message: 'Something to act on.', code: 'SOME_CODE' });
  });

  it('keeps field errors, in the same order of keys', async () => {
    const errors = [{ path: 'email', message: 'An account with this email already exists.' }];
    const domain = await answerTo(new DomainError('conflict', 'EMAIL_TAKEN', 'An account with this email already exists. Sign in.', errors));
    expect(domain).toEqual(await answerTo(new AppError(409, 'EMAIL_TAKEN', 'An account with this email already exists. Sign in.', errors)));
    expect(domain.body).toBe('{"success":false,"message":"An account with this email already exists. Sign in.","code":"EMAIL_TAKEN","errors":[{"path":"email","message":"An account with this email already exists."}]}');
    // An empty list is left out, as before.
    expect(await answerTo(new DomainError('invalid', 'BAD_REQUEST', 'No.', []))).toEqual(await answerTo(new AppError(400, 'BAD_REQUEST', 'No.', [])));
  });

  it('answers the shorthand refusals as the http helpers of the same name did', async () => {
    expect(await answerTo(invalid('Not valid.', [{ path: 'slug', message: 'Use lower-case letters' }]))).toEqual(await answerTo(badRequest('Not valid.', [{ path: 'slug', message: 'Use lower-case letters' }])));
    expect(await answerTo(notFound())).toEqual(await answerTo(httpNotFound()));
    expect(await answerTo(conflict('Taken.'))).toEqual(await answerTo(httpConflict('Taken.')));
    expect(await answerTo(unauthenticated())).toEqual(await answerTo(unauthorized()));
  });

  it('answers a RetryLater as a RetryLaterError: 429, retry_after_seconds and Retry-After', async () => {
    const domain = await answerTo(new RetryLater('OTP_RESEND_TOO_SOON', 'Wait 42 seconds before asking for a new code.', 41.2));
    expect(domain).toEqual(await answerTo(new RetryLaterError('OTP_RESEND_TOO_SOON', 'Wait 42 seconds before asking for a new code.', 41.2)));
    expect(domain).toMatchObject({ status: 429, retryAfter: '42' });
    expect(JSON.parse(domain.body)).toEqual({ success: false, message: 'Wait 42 seconds before asking for a new code.', code: 'OTP_RESEND_TOO_SOON', retry_after_seconds: 42 });
  });

  it('answers a lost write race (VersionConflict) as the 409 CONFLICT the handler answered, with its sentence', async () => {
    const domain = await answerTo(new VersionConflict('nhd-order-1', 'Someone else changed this order. Reload and try again.'));
    expect(domain).toEqual(await answerTo(httpConflict('Someone else changed this order. Reload and try again.')));
    expect(await answerTo(new VersionConflict('s', 'Someone else changed this at the same time. Reload and try again.'))).toEqual(await answerTo(new ConcurrencyError('s', 1, 2)));
  });
});
