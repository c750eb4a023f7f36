import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { Me, RefreshResult, SendOtpBody, SendOtpResult, SignInBody, SignInChallenge, SignInResult, VerifyOtpBody } from '@acpg/contracts/identity';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from '../../platform/auth/refresh-cookie.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { callerOf } from '../../platform/http/caller.ts';
import { domainErrorStatus } from '../../platform/http/domain-errors.ts';
import type { Platform } from '../../platform/module.ts';
import { loadAccount, sessionUser } from './accounts.ts';
import { identityContext } from './context.ts';
import { requestMeta } from '../../platform/commands/metadata.ts';
import { endSession, refreshSession, startSession } from './session/flow.ts';
import { sessionUserAgent, USER_AGENT_MAX_LENGTH } from './session/user-agent.ts';
import { sendSignInCode, startSignIn, verifySignInCode } from './sign-in/flow.ts';
import { keepBrowserTimeZone } from './profile/flow.ts';
import { signedIn } from './signed-in.ts';
import { loadProgress, signUpStatus } from './sign-up/progress/view.ts';
import { clientKey } from '../../platform/http/client-key.ts';

const tags = ['auth'];
// Per client address; the password step is the expensive one (scrypt), so it gets the tightest limit.
const passwordLimit = { max: 10, timeWindow: '1 minute' };
const codeLimit = { max: 20, timeWindow: '1 minute' };
/**
 * Refreshes are counted per session (the refresh cookie's family), not per client address: every full page load
 * refreshes, and an office behind one address is many people. A request without a well-formed cookie (nothing to
 * refresh) is counted per address, as tightly as the codes.
 */
export const REFRESH_LIMIT_PER_SESSION = 60;
const refreshLimit = {
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => {
    const token = readRefreshCookie(request);
    return token ? `session:${token.familyId}` : `address:${clientKey(request)}`;
  },
  max: (_request: FastifyRequest, key: string) => (key.startsWith('session:') ? REFRESH_LIMIT_PER_SESSION : codeLimit.max),
};

const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));

/** Sign-in (password, then a one-time code), refresh-token rotation, sign-out and the caller's profile. */
export const identityRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const ctx = await identityContext(platform);
    const cookie = { secure: platform.config.COOKIE_SECURE };
    const meta = (request: FastifyRequest) => requestMeta(request, platform);
    const setCookie = (reply: FastifyReply, token: string, maxAgeSeconds: number) => setRefreshCookie(reply, token, maxAgeSeconds, cookie);

    app.post(
      '/auth/sign-in',
      {
        config: { auth: 'public', rateLimit: passwordLimit },
        schema: {
          tags,
          summary: 'Sign in, step 1: email and password',
          description:
            'Checks the password and opens a sign-in challenge (30 minutes) to finish with a one-time code. ' +
            "`channels` lists where a code can go ('phone' only when the account has one). " +
            "A wrong email and a wrong password both answer 401 'The email or password is incorrect.' After 10 wrong passwords for " +
            'one email within 15 minutes (an account\'s or not), sign-in with it is paused for 15 minutes: every try answers the same 401 ' +
            'without checking the password, and an account\'s holder is emailed once. 429 when the password-hashing queue is full.',
          body: SignInBody,
          response: { 200: okEnvelope(SignInChallenge), ...errors(400, 401, 429) },
        },
      },
      async (request) => ({ success: true as const, data: await startSignIn(ctx, request.body, meta(request)) }),
    );

    app.post(
      '/auth/sign-in/otp',
      {
        config: { auth: 'public', rateLimit: codeLimit },
        schema: {
          tags,
          summary: 'Sign in, step 2: send a one-time code',
          description:
            'Sends a 6-digit code, valid 10 minutes, by email or SMS; a new code replaces the previous one. ' +
            '`resend_after_seconds` is the real wait before the next code to this destination: 60 s, or longer when the hourly cap binds. ' +
            '429 OTP_RESEND_TOO_SOON within 60 s of the last code to the same destination, 429 OTP_HOURLY_LIMIT after 5 codes ' +
            'in an hour (the one that binds longer is told), 429 OTP_DAILY_LIMIT after 20 codes for the account in a UTC day, 429 ' +
            'SMS_BUDGET_EXHAUSTED when the platform\'s text budget for the hour or day is spent; all carry `retry_after_seconds` and a ' +
            'Retry-After header. 400 PHONE_COUNTRY_NOT_ALLOWED for a phone outside SMS_ALLOWED_COUNTRIES. ' +
            '404 SIGN_IN_NOT_FOUND; 410 SIGN_IN_EXPIRED, SIGN_IN_LOCKED, SIGN_IN_USED; 400 CHANNEL_UNAVAILABLE.',
          body: SendOtpBody,
          response: { 200: okEnvelope(SendOtpResult), ...errors(400, 404, 409, 410, 429) },
        },
      },
      async (request) => ({ success: true as const, data: await sendSignInCode(ctx, request.body, meta(request)) }),
    );

    app.post(
      '/auth/sign-in/verify',
      {
        config: { auth: 'public', rateLimit: codeLimit },
        schema: {
          tags,
          summary: 'Sign in, step 3: check the code',
          description:
            'Answers the access token and sets the rotating refresh token cookie. The User-Agent header (trimmed, at most ' +
            `${USER_AGENT_MAX_LENGTH} characters) is recorded on the session, and the new-sign-in email names the browser from it. ` +
            '400 OTP_INCORRECT (the message gives the tries left), 400 SIGN_IN_LOCKED on the 5th wrong code, 400 OTP_NOT_SENT; ' +
            '410 OTP_EXPIRED (ask for a new code), 410 SIGN_IN_LOCKED / SIGN_IN_USED / SIGN_IN_EXPIRED (sign in again); 404 SIGN_IN_NOT_FOUND. ' +
            'Optional `time_zone`: the browser’s IANA zone, kept on the account for the dates of what it is sent (400 VALIDATION_FAILED for an unknown zone).',
          body: VerifyOtpBody,
          response: { 200: okEnvelope(SignInResult), ...errors(400, 404, 409, 410, 429) },
        },
      },
      async (request, reply) => {
        const m = meta(request);
        const { account, sessionId } = await verifySignInCode(ctx, request.body, m);
        await keepBrowserTimeZone(ctx, account.id, request.body.time_zone, m);
        const userAgent = sessionUserAgent(request.headers['user-agent']);
        const refresh = await startSession(ctx, { accountId: account.id, sessionId, userAgent }, m);
        setCookie(reply, refresh.token, refresh.maxAgeSeconds);
        return { success: true as const, data: await signedIn(ctx, account, sessionId), message: 'Signed in successfully.' };
      },
    );

    app.post(
      '/auth/refresh',
      {
        config: { auth: 'public', rateLimit: refreshLimit },
        schema: {
          tags,
          summary: 'New access token from the refresh cookie',
          description:
            'Rotates the refresh token (httpOnly cookie). 401 SESSION_ENDED without a valid one; 401 SESSION_REUSED when a ' +
            'rotated token comes back, which ends the session everywhere. Clients must not refresh twice at once. ' +
            `Limited to ${REFRESH_LIMIT_PER_SESSION} a minute per session (without a cookie: ${codeLimit.max} per client address); ` +
            'a 429 is not a lost session: wait `retry_after_seconds` (also the Retry-After header) and refresh again.',
          response: { 200: okEnvelope(RefreshResult), ...errors(401, 409, 429) },
        },
      },
      async (request, reply) => {
        try {
          const refreshed = await refreshSession(ctx, readRefreshCookie(request), meta(request));
          setCookie(reply, refreshed.token, refreshed.maxAgeSeconds);
          return { success: true as const, data: await signedIn(ctx, refreshed.account, refreshed.sessionId) };
        } catch (error) {
          if ((domainErrorStatus(error) ?? (error as { status?: number }).status) === 401) clearRefreshCookie(reply, cookie);
          throw error;
        }
      },
    );

    app.post(
      '/auth/sign-out',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Sign out',
          description: 'Ends the session of the refresh cookie and clears it; answers 200 with or without a cookie.',
          response: { 200: okEnvelope(z.null()) },
        },
      },
      async (request, reply) => {
        await endSession(ctx, readRefreshCookie(request), meta(request));
        clearRefreshCookie(reply, cookie);
        return { success: true as const, data: null, message: 'Signed out.' };
      },
    );

    app.get(
      '/auth/me',
      {
        config: { auth: { capability: 'account' } },
        schema: {
          tags,
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(Me), ...errors(401) },
        },
      },
      async (request) => {
        const account = await loadAccount(platform.eventStore, callerOf(request).userId);
        if (!account) throw unauthorized();
        return { success: true as const, data: { role: account.roles, user: sessionUser(account), phone_masked: account.phoneMasked, sign_up: signUpStatus(await loadProgress(ctx, account.id)) } };
      },
    );
  };
