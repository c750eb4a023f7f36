import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import {
  BeneficiariesBody,
  CaptchaChallenge,
  FaceSignatureBody,
  MailingAddressBody,
  PinBody,
  SignUpBody,
  SignUpCreated,
  SignUpIntentBody,
  SignUpOtpBody,
  SignUpOtpResult,
  SignUpProgress,
  SignUpVerifyBody,
  SignUpVerifyResult,
} from '@acpg/contracts/sign-up';
import { MAX_IMAGE_BYTES } from '@acpg/contracts/uploads';
import { setRefreshCookie } from '../../../platform/auth/refresh-cookie.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { altchaCaptcha } from '../../../platform/captcha/altcha.ts';
import { identityContext } from '../context.ts';
import { refuse } from '../decider.ts';
import { signedIn } from '../signed-in.ts';
import { startSession } from '../session/flow.ts';
import { sessionUserAgent } from '../session/user-agent.ts';
import { clearSignUpCookie, readSignUpCookie, setSignUpCookie, SIGN_UP_COOKIE_NAME, SIGN_UP_COOKIE_SCHEME } from './cookie.ts';
import { sendSignUpCode, verifySignUpCode } from './codes.ts';
import { SIGN_UP_TTL_SECONDS } from './decider.ts';
import { loadProgress, progressView } from './progress/view.ts';
import { startSignUp } from './start.ts';
import { addIntent, saveBeneficiaries, saveFaceSignature, saveMailingAddress, setPin } from './steps.ts';
import { keepBrowserTimeZone } from '../profile/flow.ts';

const tags = ['sign-up'];
// Per client address: creation hashes a password (scrypt), so it gets the tightest limit.
const detailsLimit = { max: 10, timeWindow: '1 minute' };
const codeLimit = { max: 20, timeWindow: '1 minute' };
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
/** Two images of at most 5 MB each, in base64 (4 characters per 3 bytes), plus the JSON around them. */
const FACE_SIGNATURE_BODY_LIMIT = 2 * Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64 * 1024;

/** The sign-up wizard's routes: before sign-in (details, phone code, email code), then the signed-in steps. */
export const signUpRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const ctx = await identityContext(platform);
    const captcha = altchaCaptcha({
      hmacSecret: ctx.cipher.deriveKey('altcha-challenge').toString('hex'),
      hmacKeySecret: ctx.cipher.deriveKey('altcha-key').toString('hex'),
      cost: platform.config.CAPTCHA_COST,
      clock: platform.clock,
    });
    const meta = (request: FastifyRequest) => requestMeta(request, platform);
    const signUpOf = (request: FastifyRequest) => {
      const id = readSignUpCookie(ctx, request);
      if (!id) throw refuse('unauthenticated', 'SIGN_UP_NOT_FOUND', 'Your sign-up was not found in this browser. Start again.');
      return id;
    };

    app.get(
      '/auth/sign-up/challenge',
      {
        config: { auth: 'public', rateLimit: codeLimit },
        schema: {
          tags,
          summary: 'Sign up: a human-check challenge',
          description:
            'The human check of `POST /auth/sign-up`: an ALTCHA v2 proof-of-work challenge (self-hosted, signed, valid 10 minutes, ' +
            'nothing sent to a third party). Solve `data` with the ALTCHA widget (npm `altcha` v2) or `solveChallenge` from `altcha-lib` v2 ' +
            '(PBKDF2/SHA-256 `deriveKey` from `altcha-lib/algorithms/pbkdf2`), then send ' +
            '`captcha: base64(JSON.stringify({ challenge: data, solution: { counter, derivedKey } }))` in the sign-up body. ' +
            'One challenge per sign-up attempt: a solved challenge is accepted once.',
          response: { 200: okEnvelope(CaptchaChallenge), ...errors(429) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await captcha.challenge() };
      },
    );

    app.post(
      '/auth/sign-up',
      {
        config: { auth: 'public', rateLimit: detailsLimit },
        schema: {
          tags,
          summary: 'Sign up, step 1: account details',
          description:
            'Checks the password (8 to 128 characters, not a common one) and the phone\'s country (`SMS_ALLOWED_COUNTRIES`), then the human ' +
            'check (`captcha`: the solved ALTCHA payload, see `GET /auth/sign-up/challenge`), which is used up before anything else: one ' +
            'solved challenge answers one set of details. Whether the email or the phone already has an account is not answered here: ' +
            'the answer is the same either way, the holder is emailed that someone tried (at most once a day), and the email code step ' +
            'refuses it (409 EMAIL_TAKEN / PHONE_TAKEN), so only who controls both learns it. Opens the sign-up and ' +
            `sets the httpOnly cookie \`${SIGN_UP_COOKIE_NAME}\` (security scheme \`${SIGN_UP_COOKIE_SCHEME}\`) for the two code steps (24 hours). ` +
            'The password is hashed here, once. Nothing is reserved until both codes are verified. `accept_terms` with the current ' +
            '`terms_version` records consent to the Terms of Service (`/terms-of-service`) with its time; `intent` (what the applicant ' +
            'came to do, from the page they started on) decides the signed-in steps; an Agent or a Broker names the brokerage. ' +
            '400 CAPTCHA_FAILED, PASSWORD_REFUSED, PHONE_COUNTRY_NOT_ALLOWED, VALIDATION_FAILED.',
          body: SignUpBody,
          response: { 200: okEnvelope(SignUpCreated), ...errors(400, 429) },
        },
      },
      async (request, reply) => {
        const created = await startSignUp(ctx, captcha, request.body, meta(request));
        setSignUpCookie(ctx, reply, created.sign_up_id, SIGN_UP_TTL_SECONDS);
        return { success: true as const, data: created, message: 'Check your phone for a code.' };
      },
    );

    app.post(
      '/auth/sign-up/otp',
      {
        config: { auth: 'public', rateLimit: codeLimit },
        schema: {
          tags,
          summary: 'Sign up, steps 2 and 3: send a code to the phone, then to the email',
          description:
            'Sends a 6-digit code, valid 10 minutes, by SMS (phone) or email; a new code replaces the previous one. ' +
            '`resend_after_seconds` is the real wait before the next code to this destination (60 s, or longer when the hourly cap binds). ' +
            '429 OTP_RESEND_TOO_SOON / OTP_HOURLY_LIMIT / OTP_DAILY_LIMIT (20 codes a day for one sign-up) / SMS_BUDGET_EXHAUSTED (the ' +
            'platform\'s text budget for the hour or day) with `retry_after_seconds`; 400 PHONE_COUNTRY_NOT_ALLOWED; 409 PHONE_NOT_VERIFIED (email before phone); ' +
            '401 SIGN_UP_NOT_FOUND (no sign-up cookie); 410 SIGN_UP_EXPIRED, SIGN_UP_LOCKED, SIGN_UP_USED.',
          security: [{ [SIGN_UP_COOKIE_SCHEME]: [] }],
          body: SignUpOtpBody,
          response: { 200: okEnvelope(SignUpOtpResult), ...errors(400, 401, 409, 410, 429) },
        },
      },
      async (request) => ({ success: true as const, data: await sendSignUpCode(ctx, signUpOf(request), request.body.channel, meta(request)) }),
    );

    app.post(
      '/auth/sign-up/verify',
      {
        config: { auth: 'public', rateLimit: codeLimit },
        schema: {
          tags,
          summary: 'Sign up: check a code (phone first, then email)',
          description:
            "The phone code answers `{ channel: 'phone', verified: true }`. The email code reserves the email and the phone, " +
            'registers the account and signs in: the same answer and refresh cookie as `POST /auth/sign-in/verify`. ' +
            '400 OTP_INCORRECT (tries left), SIGN_UP_LOCKED on the 5th wrong code, OTP_NOT_SENT; 410 OTP_EXPIRED; ' +
            '409 EMAIL_TAKEN / PHONE_TAKEN when another account has it (nothing is kept; step 1 does not tell), PHONE_NOT_VERIFIED; ' +
            '409 OTP_IN_USE (the right email code is registering the account in another request this moment: nothing compared or counted), ' +
            '409 CONFLICT (another try came at the same moment: not counted); ' +
            '401 SIGN_UP_NOT_FOUND; 410 SIGN_UP_EXPIRED, SIGN_UP_LOCKED, SIGN_UP_USED. A right email code is used up before the ' +
            'account is registered, so two requests with it register once. Optional `time_zone` with the email code: the browser’s IANA ' +
            'zone, kept on the account (400 VALIDATION_FAILED for an unknown zone; absent: America/Los_Angeles).',
          security: [{ [SIGN_UP_COOKIE_SCHEME]: [] }],
          body: SignUpVerifyBody,
          response: { 200: okEnvelope(SignUpVerifyResult), ...errors(400, 401, 409, 410, 429) },
        },
      },
      async (request, reply) => {
        const m = meta(request);
        const verified = await verifySignUpCode(ctx, signUpOf(request), request.body, m);
        if (verified.channel === 'phone') return { success: true as const, data: { channel: 'phone' as const, verified: true as const }, message: 'Your phone is verified.' };
        await keepBrowserTimeZone(ctx, verified.account.id, request.body.time_zone, m);
        const userAgent = sessionUserAgent(request.headers['user-agent']);
        const sessionId = m.newId();
        const refresh = await startSession(ctx, { accountId: verified.account.id, sessionId, userAgent, bySignUp: true }, m);
        setRefreshCookie(reply, refresh.token, refresh.maxAgeSeconds, { secure: platform.config.COOKIE_SECURE });
        clearSignUpCookie(ctx, reply);
        return { success: true as const, data: await signedIn(ctx, verified.account, sessionId), message: 'Your account is ready.' };
      },
    );

    const signedInRoute = { config: { auth: { capability: 'account' as const } } };

    app.get(
      '/sign-up',
      {
        ...signedInRoute,
        schema: {
          tags,
          summary: "The caller's sign-up progress",
          description:
            'The steps follow what the account came to do (`intents`): `required_steps` lists them in order (of property, face_signature, ' +
            'mailing_address, plan, beneficiaries, pin); an NHD order needs none (its current_step is done once the email and phone are ' +
            'verified), a membership needs all, Equity Protect all but beneficiaries. Property and plan complete from PropertyVerified and ' +
            'MembershipStarted (or, for Equity Protect only, its paid enrollment). The draft never holds a password, code, PIN or image. ' +
            '404 SIGN_UP_NOT_FOUND for an account made without the wizard.',
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(SignUpProgress), ...errors(401, 404) },
        },
      },
      async (request) => {
        const doc = await loadProgress(ctx, callerOf(request).userId);
        if (!doc) throw refuse('not_found', 'SIGN_UP_NOT_FOUND', 'This account has no sign-up.');
        return { success: true as const, data: progressView(ctx, doc) };
      },
    );

    const stepErrors = errors(400, 401, 404, 409);
    const stepSchema = { tags, security: [{ bearer: [] }], response: { 200: okEnvelope(SignUpProgress), ...stepErrors } };

    app.put(
      '/sign-up/intent',
      {
        ...signedInRoute,
        schema: {
          ...stepSchema,
          summary: 'Sign up: add what the account is about to do',
          description:
            'Before buying a membership or Equity Protect, an account that signed up for something needing fewer steps (an NHD order) ' +
            'adds that intent; the answer names the steps it adds (`required_steps`, `current_step`), which the wizard then asks. ' +
            'An intent the account has already changes nothing. 404 SIGN_UP_NOT_FOUND for an account made without the wizard.',
          body: SignUpIntentBody,
        },
      },
      async (request) => ({ success: true as const, data: await addIntent(ctx, callerOf(request).userId, request.body, meta(request)) }),
    );

    app.put(
      '/sign-up/face-signature',
      {
        ...signedInRoute,
        bodyLimit: FACE_SIGNATURE_BODY_LIMIT,
        schema: {
          ...stepSchema,
          summary: 'Sign up: face photo and signature',
          description:
            'Each a JPEG, PNG or WebP image of at most 5 MB, checked by its content; stored encrypted at rest. Saving again replaces them. ' +
            '400 with the field named for an empty, oversized or wrong-type image; 409 SIGN_UP_USED once the sign-up is complete.',
          body: FaceSignatureBody,
        },
      },
      async (request) => ({ success: true as const, data: await saveFaceSignature(ctx, callerOf(request).userId, request.body, meta(request)) }),
    );

    app.put(
      '/sign-up/mailing-address',
      {
        ...signedInRoute,
        schema: {
          ...stepSchema,
          summary: 'Sign up: mailing address',
          description: 'The address of a property verified at the property step (400 PROPERTY_NOT_VERIFIED otherwise), or another one; kept encrypted.',
          body: MailingAddressBody,
        },
      },
      async (request) => ({ success: true as const, data: await saveMailingAddress(ctx, callerOf(request).userId, request.body, meta(request)) }),
    );

    app.put(
      '/sign-up/beneficiaries',
      {
        ...signedInRoute,
        schema: {
          ...stepSchema,
          summary: 'Sign up: beneficiaries',
          description: 'One to ten beneficiaries whose whole-percent shares add up to 100; kept encrypted. Saving again replaces the list.',
          body: BeneficiariesBody,
        },
      },
      async (request) => ({ success: true as const, data: await saveBeneficiaries(ctx, callerOf(request).userId, request.body, meta(request)) }),
    );

    app.put(
      '/sign-up/pin',
      {
        ...signedInRoute,
        config: { ...signedInRoute.config, rateLimit: detailsLimit },
        schema: {
          ...stepSchema,
          summary: 'Sign up: security PIN (the last step)',
          description: '4 to 6 digits, hashed. 409 SIGN_UP_STEP_MISSING names the first step still to do; on success the sign-up is complete.',
          body: PinBody,
        },
      },
      async (request) => ({ success: true as const, data: await setPin(ctx, callerOf(request).userId, request.body, meta(request)) }),
    );
  };
