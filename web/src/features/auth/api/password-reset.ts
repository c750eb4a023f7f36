import type { ForgotPasswordResult } from '@acpg/contracts/account';
import { http } from '../../../lib/http.ts';

type Ok<T> = { success: true; data: T; message?: string };

export const requestPasswordReset = (email: string) =>
  http.post<Ok<ForgotPasswordResult>>('/auth/forgot-password', { email }).then((r) => ({ ...r.data, message: r.message ?? 'Check your email for a code and a link.' }));

export type ResetPasswordInput = { email: string; code: string; password: string } | { token: string; password: string };

export const resetPassword = (body: ResetPasswordInput) =>
  http.post<Ok<null>>('/auth/reset-password', body).then((r) => r.message ?? 'Your password was reset. Sign in with your new password.');
