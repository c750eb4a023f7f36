import { z } from 'zod';
import { withoutHiddenCharacters } from './http.ts';
import { NewPassword } from './identity.ts';
import { E164_PHONE } from './sign-up.ts';

/**
 * Forgot and reset password, and the signed-in user's profile (name, photo, email, phone, password).
 * Routes live in the identity module (`identity/password-reset/`, `identity/profile/`).
 */

const email = z
  .email('Enter a valid email address')
  .max(254, 'An email address is at most 254 characters')
  .transform((e) => e.trim().toLowerCase());
const code = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');
/** E.164, e.g. +14155550123 (the web's phone field builds it with libphonenumber-js). */
export const E164Phone = z.string().regex(E164_PHONE, 'Enter the phone number with its country code, e.g. +14155550123');

// ---- Forgot and reset password ----

/** `POST /auth/forgot-password`: the same answer whether or not an account uses the email. */
export const ForgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export const ForgotPasswordResult = z.object({
  /** The real wait before another code may be asked for (the resend delay or the hourly cap, whichever binds). */
  resend_after_seconds: z.number().int().nonnegative(),
  code_expires_in_seconds: z.number().int().positive(),
  link_expires_in_seconds: z.number().int().positive(),
});
export type ForgotPasswordResult = z.infer<typeof ForgotPasswordResult>;

/** The link's token (`/authentication/reset-password?token=...`): the reset's key and a 256-bit secret. */
export const RESET_TOKEN_PATTERN = /^[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/;

/** `POST /auth/reset-password`: with the emailed code (and the email), or with the link's token. */
export const ResetPasswordBody = z.union([
  z.object({ email, code, password: NewPassword }).strict(),
  z.object({ token: z.string().regex(RESET_TOKEN_PATTERN, 'This reset link is not valid. Ask for a new one.'), password: NewPassword }).strict(),
]);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Code and link rules of a reset: the code is an OTP (DECISIONS.md); the link lives longer (its secret is 256 bits). */
export const RESET_RULES = { codeValidSeconds: 600, linkValidSeconds: 3600 } as const;

// ---- Profile ----

/** The spec's image widths (section 9): the photo is stored at each, served with a srcset. */
export const PROFILE_IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const PROFILE_IMAGE_QUALITY = 75;

export const Profile = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_masked: z.string().nullable(),
  role: z.array(z.string()),
  /** URL of the largest stored width; null without a photo. */
  profile_img: z.string().nullable(),
  /** `"<url> 16w, <url> 32w, ..."` for `<img srcset>`; null without a photo. */
  profile_img_srcset: z.string().nullable(),
  /** An Agent's or a Broker's brokerage (shown on the NHD orders they place); null for other roles. */
  brokerage_name: z.string().nullable(),
  /** The IANA zone the account's emails, texts and documents are dated in (`America/Los_Angeles` until one is set). */
  time_zone: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** As at sign-up (`SignUpBody.full_name`), so a name accepted there can be saved again here. */
export const FULL_NAME_MAX = 120;
export const UpdateProfileBody = z
  .object({
    full_name: z
      .string()
      .transform((n) => n.trim().replace(/\s+/g, ' '))
      .pipe(withoutHiddenCharacters(z.string().min(1, 'Enter your full name').max(FULL_NAME_MAX, `Use at most ${FULL_NAME_MAX} characters`))),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/** As at sign-up (`SignUpBody.brokerage_name`). */
export const BROKERAGE_NAME_MAX = 120;
/** `PUT /account/profile/brokerage`: an Agent's or a Broker's brokerage (refused for other roles). */
export const BrokerageBody = z
  .object({
    brokerage_name: z
      .string({ error: 'Enter the name of your brokerage' })
      .transform((n) => n.trim().replace(/\s+/g, ' '))
      .pipe(withoutHiddenCharacters(z.string().min(1, 'Enter the name of your brokerage').max(BROKERAGE_NAME_MAX, `Use at most ${BROKERAGE_NAME_MAX} characters`))),
  })
  .strict();
export type BrokerageBody = z.infer<typeof BrokerageBody>;

/** `PUT /account/profile/photo`: the image as base64 (JPEG, PNG or WebP, at most 5 MB), checked by its content. */
export const ProfilePhotoBody = z.object({ data: z.string().min(1, 'Choose an image') }).strict();
export type ProfilePhotoBody = z.infer<typeof ProfilePhotoBody>;

/**
 * Step-up: a change of the email or phone asks for the current password (a stolen access token alone cannot take the
 * account over). Optional in the schema so that its absence is answered 400 STEP_UP_REQUIRED, not a validation error.
 */
const currentPassword = z.string().min(1, 'Enter your current password').max(128).optional();
export const EmailChangeBody = z.object({ email, current_password: currentPassword }).strict();
export const PhoneChangeBody = z.object({ phone: E164Phone, current_password: currentPassword }).strict();
/** A code went to the new email or phone. */
export const ContactChangeSent = z.object({
  change_id: z.string(),
  masked_destination: z.string(),
  resend_after_seconds: z.number().int().nonnegative(),
  expires_in_seconds: z.number().int().positive(),
});
export type ContactChangeSent = z.infer<typeof ContactChangeSent>;
export const VerifyContactChangeBody = z.object({ change_id: z.string().min(1).max(100), code }).strict();
export type VerifyContactChangeBody = z.infer<typeof VerifyContactChangeBody>;

/** `POST /account/contact-change/undo`: the link in the notice of an email or phone change (`change` and `token`). */
export const UndoContactChangeBody = z.object({ change_id: z.string().min(1).max(100), token: z.string().min(1).max(200) }).strict();
export type UndoContactChangeBody = z.infer<typeof UndoContactChangeBody>;
/** `restored`: the previous email or phone is back (false when another account took it since); every session ended. */
export const UndoContactChangeResult = z.object({ channel: z.enum(['email', 'phone']), restored: z.boolean(), restored_masked: z.string().nullable() });
export type UndoContactChangeResult = z.infer<typeof UndoContactChangeResult>;

export const ChangePasswordBody = z
  .object({ current_password: z.string().min(1, 'Enter your current password').max(128), new_password: NewPassword })
  .strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** `code` of the error envelope for these routes (besides identity's OTP_INCORRECT, OTP_EXPIRED, OTP_RESEND_TOO_SOON, ...). */
export const ACCOUNT_ERROR_CODES = [
  'RESET_NOT_FOUND', // 400 no code was asked for this email, or the link is not (or no longer) the latest
  'RESET_LOCKED', // 410 too many wrong codes: ask for a new one
  'RESET_USED', // 410 the code or link already reset the password
  'RESET_LINK_EXPIRED', // 410 the link is older than an hour
  'CHANGE_NOT_FOUND', // 404 unknown change_id (or another account's)
  'CHANGE_LOCKED', // 410 too many wrong codes: start the change again
  'CHANGE_USED', // 410 the change is already done
  'EMAIL_TAKEN', // 409 another account uses this email
  'PHONE_TAKEN', // 409 another account uses this phone
  'SAME_AS_CURRENT', // 400 the new email or phone is the current one
  'PASSWORD_INCORRECT', // 400 the current password is wrong
  'STEP_UP_REQUIRED', // 400 an email or phone change without the current password
  'UNDO_NOT_FOUND', // 404 the undo link of a contact change is not valid
  'UNDO_EXPIRED', // 410 the undo link is older than CONTACT_UNDO_DAYS
  'UNDO_USED', // 410 the undo link was followed already
  'PASSWORD_REFUSED', // 400 too short, too long or too common
  'PHOTO_REFUSED', // 400 not an image sharp can read, or too small
  'BROKERAGE_NOT_ALLOWED', // 400 only an Agent or a Broker names a brokerage
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];
