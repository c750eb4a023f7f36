import { z } from 'zod';
import { withoutHiddenCharacters } from './http.ts';
import { NewPassword, OtpChannel, SignInResult } from './identity.ts';
import { pinProblem } from './pin-rules.ts';
import { TimeZoneName } from './time-zones.ts';
import { SignUpIntent, SignUpStep } from './sign-up-steps.ts';
import { ImageUpload } from './uploads.ts';

export { requiredSteps, SIGN_UP_INTENTS, SIGN_UP_STEPS, SignUpIntent, SignUpStatus, SignUpStep, STEPS_BY_INTENT, type SignedInStep } from './sign-up-steps.ts';

/**
 * The sign-up wizard's HTTP contract (identity module, streams `identity-signup-<sign_up_id>`).
 * Before sign-in: `GET /auth/sign-up/challenge`, `POST /auth/sign-up`, `POST /auth/sign-up/otp`, `POST /auth/sign-up/verify`
 * (an httpOnly sign-up cookie set by `POST /auth/sign-up` authorises the code steps; phone first, then email).
 * Signed in: `GET /sign-up` and one `PUT /sign-up/<step>` per step the identity module keeps.
 * The property and plan steps complete from other modules' events (`PropertyVerified`, `MembershipStarted`).
 */

/** Roles a stranger may pick at sign-up (spec section 6: the customer side). */
export const SIGN_UP_ROLES = ['Customer', 'Agent', 'Broker', 'Owner'] as const;
export const SignUpRole = z.enum(SIGN_UP_ROLES, { error: `Pick one of ${SIGN_UP_ROLES.join(', ')}` });
export type SignUpRole = z.infer<typeof SignUpRole>;

/** Roles that work for a brokerage: they name it at sign-up (it shows on the NHD orders they place for clients). */
export const ROLES_WITH_BROKERAGE: readonly SignUpRole[] = ['Agent', 'Broker'];

/**
 * The Terms of Service in force (the public page `/terms-of-service`). Sign-up records the version accepted and when;
 * a client showing an older version is refused, so nobody accepts terms they were not shown.
 */
export const TERMS_OF_SERVICE_VERSION = '2026-11-28';
export const TERMS_OF_SERVICE_PATH = '/terms-of-service';

/** E.164: a country code, then the number; a +1 (North American) number has exactly 10 digits after the 1. */
export const E164_PHONE = /^(?:\+1\d{10}|\+[2-9]\d{6,14})$/;

// ---- Human check (CAPTCHA port; default adapter ALTCHA, self-hosted proof of work) ----
/**
 * `GET /auth/sign-up/challenge`: the ALTCHA challenge JSON, handed as-is to the ALTCHA widget. Its fields belong to the
 * adapter (the widget reads them), so the contract only says it is an object.
 */
export const CaptchaChallenge = z.record(z.string(), z.unknown()).describe(
  'An ALTCHA v2 proof-of-work challenge, signed by the server and valid 10 minutes: `{ parameters: { algorithm: "PBKDF2/SHA-256", ' +
    'nonce, salt, cost, keyLength, keyPrefix, expiresAt, ... }, signature }`. Solve it with the ALTCHA widget (npm `altcha`, v2) or ' +
    '`solveChallenge` of `altcha-lib` v2 (with its PBKDF2 `deriveKey`), then send the payload as `captcha` in `POST /auth/sign-up`.',
);
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

// ---- Step 1: account details ----
export const SignUpBody = z.object({
  full_name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter your full name').max(120, 'Use at most 120 characters')),
  email: z
    .email('Enter a valid email address')
    .max(254, 'Use at most 254 characters')
    .transform((e) => e.toLowerCase()),
  phone: z.string().regex(E164_PHONE, 'Enter the phone with its country code, e.g. +14155550123'),
  /** Sent once over TLS and hashed on the server; `confirm_password` never leaves the form. */
  password: NewPassword,
  role: SignUpRole,
  /** What the applicant came to do; it decides the signed-in steps (`STEPS_BY_INTENT`). A membership when absent. */
  intent: SignUpIntent.default('membership'),
  /** The brokerage an Agent or a Broker works for (required for those roles, refused for the others). */
  brokerage_name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the name of your brokerage').max(120, 'Use at most 120 characters')).optional(),
  /** Consent to the Terms of Service, recorded with its version and time in the sign-up's first event. */
  accept_terms: z.literal(true, { error: 'Accept the Terms of Service to create your account' }),
  terms_version: z.literal(TERMS_OF_SERVICE_VERSION, { error: 'The Terms of Service have changed. Reload the page and read them again.' }),
  /** The ALTCHA widget's payload (base64 JSON of the solved challenge). */
  captcha: z
    .string()
    .min(1, 'Complete the human check')
    .max(10_000)
    .describe(
      'The solved human check (ALTCHA v2 payload): base64 of the JSON `{ "challenge": { "parameters": {...}, "signature": "..." }, ' +
        '"solution": { "counter": <number>, "derivedKey": "<hex>" } }`, where `challenge` is exactly what ' +
        '`GET /auth/sign-up/challenge` answered in `data` and `solution` is what the solver found. Single use; ' +
        '400 CAPTCHA_FAILED when it is missing, wrong, expired or used already (get a new challenge).',
    ),
}).superRefine((body, ctx) => {
  const works = ROLES_WITH_BROKERAGE.includes(body.role);
  if (works && !body.brokerage_name) ctx.addIssue({ code: 'custom', path: ['brokerage_name'], message: 'Enter the name of your brokerage' });
  if (!works && body.brokerage_name) ctx.addIssue({ code: 'custom', path: ['brokerage_name'], message: 'Only an Agent or a Broker names a brokerage' });
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** `POST /auth/sign-up` answer (spec: `data.user_id`). `user_id` is the account the email code will create. */
export const SignUpCreated = z.object({
  user_id: z.string(),
  sign_up_id: z.string(),
  masked: z.object({ email: z.string(), phone: z.string() }),
});
export type SignUpCreated = z.infer<typeof SignUpCreated>;

// ---- Steps 2 and 3: phone code, then email code ----
export const SignUpOtpBody = z.object({ channel: OtpChannel });
export type SignUpOtpBody = z.infer<typeof SignUpOtpBody>;

/**
 * A code was sent. `resend_after_seconds` is the real wait before the next send to this destination is allowed: the
 * 60 s delay or the hourly cap, whichever binds.
 */
export const SignUpOtpResult = z.object({
  channel: OtpChannel,
  masked_destination: z.string(),
  resend_after_seconds: z.number().int().nonnegative(),
  expires_in_seconds: z.number().int().positive(),
});
export type SignUpOtpResult = z.infer<typeof SignUpOtpResult>;

export const SignUpVerifyBody = z.object({
  channel: OtpChannel,
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  /** The browser's IANA zone, kept on the account the email code registers; absent: `America/Los_Angeles`. */
  time_zone: TimeZoneName.optional(),
});
export type SignUpVerifyBody = z.infer<typeof SignUpVerifyBody>;

/** The phone code was right: ask for the email code next. */
export const SignUpPhoneVerified = z.object({ channel: z.literal('phone'), verified: z.literal(true) });
export type SignUpPhoneVerified = z.infer<typeof SignUpPhoneVerified>;

/**
 * `POST /auth/sign-up/verify` answer: after the phone code, `SignUpPhoneVerified`; after the email code the account
 * exists and is signed in: the same answer (and refresh cookie) as `POST /auth/sign-in/verify`.
 */
export const SignUpVerifyResult = z.union([SignUpPhoneVerified, SignInResult]);
export type SignUpVerifyResult = z.infer<typeof SignUpVerifyResult>;

// ---- Signed-in steps ----
/**
 * `PUT /sign-up/face-signature`: face photo and signature, each `{ data: base64 or data: URL }`, images of at most 5 MB
 * (JPEG, PNG or WebP, checked by content on the server).
 */
export const FaceSignatureBody = z.object({ face: ImageUpload, signature: ImageUpload });
export type FaceSignatureBody = z.infer<typeof FaceSignatureBody>;

export const MailingAddress = z.object({
  line1: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the street address').max(200)),
  line2: withoutHiddenCharacters(z.string().trim().max(200)).optional(),
  city: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the city').max(100)),
  state: z.string().regex(/^[A-Z]{2}$/, 'Pick the state'),
  zip: z.string().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
});
export type MailingAddress = z.infer<typeof MailingAddress>;

/** `PUT /sign-up/mailing-address`: the address of a property verified at the property step, or another one. */
export const MailingAddressBody = z.discriminatedUnion('same_as_property', [
  z.object({ same_as_property: z.literal(true), property_id: z.string().min(1).max(64) }),
  z.object({ same_as_property: z.literal(false), address: MailingAddress }),
]);
export type MailingAddressBody = z.infer<typeof MailingAddressBody>;

export const MAX_BENEFICIARIES = 10;
export const Beneficiary = z.object({
  full_name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the full name').max(120)),
  relationship: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the relationship').max(60)),
  email: z.email('Enter a valid email address').max(254, 'Use at most 254 characters').optional(),
  /** Whole percent, 1 to 100. */
  share_percent: z.number().int('Use a whole percent').min(1, 'A share is at least 1%').max(100, 'A share is at most 100%'),
});
export type Beneficiary = z.infer<typeof Beneficiary>;

/** `PUT /sign-up/beneficiaries`: one or more, shares adding up to 100. */
export const BeneficiariesBody = z.object({
  beneficiaries: z
    .array(Beneficiary)
    .min(1, 'Add at least one beneficiary')
    .max(MAX_BENEFICIARIES, `Add at most ${MAX_BENEFICIARIES} beneficiaries`)
    .refine((list) => list.reduce((sum, b) => sum + b.share_percent, 0) === 100, 'The shares must add up to 100%'),
});
export type BeneficiariesBody = z.infer<typeof BeneficiariesBody>;

/** `PUT /sign-up/pin`: 4 to 6 digits, not an easy one (`pin-rules.ts`), hashed on the server; the last step. */
export const PinBody = z.object({
  pin: z.string().superRefine((pin, ctx) => {
    const problem = pinProblem(pin);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
export type PinBody = z.infer<typeof PinBody>;

// ---- Progress (`GET /sign-up`) ----
export const VerifiedPropertyRef = z.object({
  property_id: z.string(),
  address_line: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type VerifiedPropertyRef = z.infer<typeof VerifiedPropertyRef>;

/** What the server keeps of the wizard, so it resumes on any device. Never a password, code, PIN or image. */
export const SignUpDraft = z.object({
  properties: z.array(VerifiedPropertyRef),
  face_signature: z.object({ saved_at: z.string() }).nullable(),
  mailing_address: z
    .union([
      z.object({ same_as_property: z.literal(true), property_id: z.string() }),
      z.object({ same_as_property: z.literal(false), address: MailingAddress }),
    ])
    .nullable(),
  plan: z.object({ membership_id: z.string(), plan_id: z.string(), plan_name: z.string() }).nullable(),
  beneficiaries: z.array(Beneficiary).nullable(),
  pin_set: z.boolean(),
});
export type SignUpDraft = z.infer<typeof SignUpDraft>;

export const SignUpProgress = z.object({
  current_step: SignUpStep,
  completed_steps: z.array(SignUpStep),
  /** What the account came to do, first to last, and the signed-in steps those need (in order). */
  intents: z.array(SignUpIntent),
  required_steps: z.array(SignUpStep),
  draft: SignUpDraft,
});
export type SignUpProgress = z.infer<typeof SignUpProgress>;

/**
 * `PUT /sign-up/intent`: the account is about to do something else too (buy a membership after an NHD order); the
 * answer names the steps that adds, still to do. An intent the account has already changes nothing.
 */
export const SignUpIntentBody = z.object({ intent: SignUpIntent });
export type SignUpIntentBody = z.infer<typeof SignUpIntentBody>;

/** Answer of every `PUT /sign-up/<step>`: the progress after the step. */
export const SignUpStepResult = SignUpProgress;

/** `code` of the error envelope for sign-up refusals (beside identity's: OTP_*, EMAIL_TAKEN, PHONE_TAKEN, PASSWORD_REFUSED). */
export const SIGN_UP_ERROR_CODES = [
  'CAPTCHA_FAILED', // 400 the human check is missing, wrong, used or expired: solve a new one
  'SIGN_UP_NOT_FOUND', // 401 no or a bad sign-up cookie: start again
  'SIGN_UP_EXPIRED', // 410 the codes were not verified in time: start again
  'SIGN_UP_LOCKED', // 410 (400 on the try that locks it) too many wrong codes: start again
  'SIGN_UP_USED', // 410 this sign-up already created its account: sign in
  'PHONE_NOT_VERIFIED', // 409 the email code comes after the phone code
  'SIGN_UP_STEP_MISSING', // 409 a step the current one needs is not done (the message names it)
  'SIGN_UP_STEP_NOT_NEEDED', // 409 what the account came to do does not need this step (add the intent first)
  'SIGN_UP_STEPS_MISSING', // 409 (payments, equity) a membership or Equity Protect needs sign-up steps first: `missing_steps` names them
  'PROPERTY_NOT_VERIFIED', // 400 mailing address "same as property" names a property this account has not verified
] as const;
export type SignUpErrorCode = (typeof SIGN_UP_ERROR_CODES)[number];
