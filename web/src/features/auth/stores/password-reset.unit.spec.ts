import { beforeEach, describe, expect, it } from 'vitest';
import { clearPasswordReset, forgotSent, passwordReset, rememberEmailForReset, resetDone, storeForgotDetails } from './password-reset.ts';

const answer = { message: 'If an account uses this email, we sent it a code and a link.', resend_after_seconds: 60, code_expires_in_seconds: 600, link_expires_in_seconds: 3600 };

describe('password reset store (spec section 4)', () => {
  beforeEach(() => clearPasswordReset());

  it('storing new details clears any previous reset result', () => {
    resetDone('Your password was reset.');
    storeForgotDetails({ email: ' Pat@Example.com ' });
    expect(passwordReset.reset).toBeNull();
    expect(passwordReset.forgotDetails).toEqual({ email: 'pat@example.com' });
    expect(passwordReset.emailForReset).toBe('pat@example.com');
  });

  it('a reset clears the forgot-password message and keeps its own result', () => {
    storeForgotDetails({ email: 'pat@example.com' });
    forgotSent(answer, 1_000);
    expect(passwordReset.forgot).toEqual({ message: answer.message, resendAt: 61_000, codeExpiresAt: 601_000, linkExpiresAt: 3_601_000 });
    resetDone('Your password was reset.');
    expect(passwordReset.forgot).toBeNull();
    expect(passwordReset.reset).toEqual({ message: 'Your password was reset.' });
  });

  it('clearing resets both, and the email for reset', () => {
    rememberEmailForReset('Pat@example.com ');
    expect(passwordReset.emailForReset).toBe('pat@example.com');
    storeForgotDetails({ email: 'pat@example.com' });
    forgotSent(answer);
    resetDone('done');
    clearPasswordReset();
    expect({ ...passwordReset }).toEqual({ emailForReset: '', forgotDetails: null, forgot: null, reset: null });
  });
});
