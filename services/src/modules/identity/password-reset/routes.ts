import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForgotPasswordBody, ForgotPasswordResult, ResetPasswordBody } from '@acpg/contracts/account';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { clearRefreshCookie } from '../../../platform/auth/refresh-cookie.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { identityContext } from '../context.ts';
import { requestPasswordReset, resetPassword } from './flow.ts';

const tags = ['auth'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
// Per client address; reset hashes the new password (scrypt), so it gets the tighter limit.
const forgotLimit = { max: 20, timeWindow: '1 minute' };
const resetLimit = { max: 10, timeWindow: '1 minute' };

export const FORGOT_PASSWORD_MESSAGE = 'If an account uses this email, we sent it a code and a link to reset the password.';

/** Forgot password (a code and a link by email) and reset password (either, once, then every session ends). */
export const passwordResetRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const ctx = await identityContext(platform);

    app.post(
      '/auth/forgot-password',
      {
        config: { auth: 'public', rateLimit: forgotLimit },
        schema: {
          tags,
          summary: 'Forgot password: send a code and a link by email',
          description:
            'Emails a 6-digit code (10 minutes) and a link (1 hour) to reset the password; a new request within an open reset ' +
            'replaces both and keeps its count of wrong tries. The answer is the same whether or not an account uses the email. ' +
            '429 OTP_RESEND_TOO_SOON within 60 s of the last code to this email, 429 OTP_HOURLY_LIMIT after 5 in an hour, ' +
            '429 OTP_DAILY_LIMIT after 20 in a UTC day.',
          body: ForgotPasswordBody,
          response: { 200: okEnvelope(ForgotPasswordResult), ...errors(400, 429) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await requestPasswordReset(ctx, request.body, requestMeta(request, platform)),
        message: FORGOT_PASSWORD_MESSAGE,
      }),
    );

    app.post(
      '/auth/reset-password',
      {
        config: { auth: 'public', rateLimit: resetLimit },
        schema: {
          tags,
          summary: 'Reset password with the emailed code or link',
          description:
            'Body `{ email, code, password }` or `{ token, password }` (the link\'s token). Sets the new password (8 to 128 ' +
            'characters, not a common one) and ends every session of the account; the refresh cookie is cleared. The code or link is ' +
            'checked before the new password is hashed, so a wrong one costs no hashing. ' +
            '400 PASSWORD_REFUSED (no try counted), 400 OTP_INCORRECT (tries left in the message), 400 RESET_LOCKED on the 5th ' +
            'wrong try, 400 RESET_NOT_FOUND (no code asked for, or an unknown link); 410 OTP_EXPIRED, RESET_LINK_EXPIRED, ' +
            'RESET_LOCKED, RESET_USED; 409 OTP_IN_USE (the right code or link is being used by another request this moment: ' +
            'nothing compared or counted), 409 CONFLICT (another try came at the same moment: not counted). A right code or link is ' +
            'used up before the password is set, so two requests with it set one password.',
          body: ResetPasswordBody,
          response: { 200: okEnvelope(z.null()), ...errors(400, 409, 410, 429) },
        },
      },
      async (request, reply) => {
        await resetPassword(ctx, request.body, requestMeta(request, platform));
        clearRefreshCookie(reply, { secure: platform.config.COOKIE_SECURE });
        return { success: true as const, data: null, message: 'Your password was reset. Sign in with your new password.' };
      },
    );
  };
