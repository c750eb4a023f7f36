import type { OtpChannel, SignInChallenge, SignInResult } from '@acpg/contracts/identity';
import { http } from '../../../lib/http.ts';
import { withBrowserTimeZone } from '../../../lib/time-zone.ts';

export interface CodeSent {
  channel: OtpChannel;
  masked_destination: string;
  resend_after_seconds: number;
  expires_in_seconds: number;
}

type Ok<T> = { success: boolean; data: T; message?: string };

export const signIn = (body: { email: string; password: string }) => http.post<Ok<SignInChallenge>>('/auth/sign-in', body).then((r) => r.data);
export const sendCode = (body: { challenge_id: string; channel: OtpChannel }) => http.post<Ok<CodeSent>>('/auth/sign-in/otp', body).then((r) => r.data);
export const verifyCode = (body: { challenge_id: string; code: string }) =>
  http.post<Ok<SignInResult>>('/auth/sign-in/verify', { ...body, ...withBrowserTimeZone() }).then((r) => ({ result: r.data, message: r.message ?? null }));
