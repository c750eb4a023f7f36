import { z } from 'zod';
import { Role } from './roles.ts';

export const OtpChannel = z.enum(['email', 'phone']);
export type OtpChannel = z.infer<typeof OtpChannel>;

export const SignInBody = z.object({
  email: z.email('Enter a valid email address').transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Enter your password').max(128),
});
export const SignInChallenge = z.object({
  challenge_id: z.string(),
  channels: z.array(OtpChannel),
  masked: z.object({ email: z.string(), phone: z.string().nullable() }),
});
export type SignInChallenge = z.infer<typeof SignInChallenge>;

export const SendOtpBody = z.object({ challenge_id: z.string().min(1), channel: OtpChannel });
export const SendOtpResult = z.object({ channel: OtpChannel, masked_destination: z.string(), resend_after_seconds: z.number().int(), expires_in_seconds: z.number().int() });

export const VerifyOtpBody = z.object({ challenge_id: z.string().min(1), code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code') });

export const SessionUser = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  user_type: z.array(z.object({ type: z.string() })),
  profile_img: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** Login response fields read (spec section 3). */
export const SignInResult = z.object({
  AccessToken: z.string(),
  role: z.array(Role),
  user: SessionUser,
});
export type SignInResult = z.infer<typeof SignInResult>;

/** Accounts by role, for the admin dashboard. */
export const AccountsSummary = z.object({
  total: z.number().int().nonnegative(),
  by_role: z.array(z.object({ role: z.string(), count: z.number().int().nonnegative() })),
});
export type AccountsSummary = z.infer<typeof AccountsSummary>;
