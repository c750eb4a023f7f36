import { proxy } from 'valtio';
import { registerReset } from '../../../lib/store-reset.ts';

/**
 * The forgot/reset-password part of the spec's sign-in state group: forgot-password details and message, the email for
 * reset, reset-password details and result. Rules (spec section 4): storing new details clears any previous reset
 * result; a reset clears the forgot-password message; clearing resets both. Memory only: nothing here is a secret kept.
 */
export interface ForgotDetails {
  email: string;
}

export interface ForgotResult {
  message: string;
  /** Epoch ms when another code may be asked for, and when the code and the link expire. */
  resendAt: number;
  codeExpiresAt: number;
  linkExpiresAt: number;
}

interface PasswordResetState {
  /** The email typed on the sign-in page, offered on the forgot-password page. */
  emailForReset: string;
  forgotDetails: ForgotDetails | null;
  forgot: ForgotResult | null;
  reset: { message: string } | null;
}

const empty = (): PasswordResetState => ({ emailForReset: '', forgotDetails: null, forgot: null, reset: null });

export const passwordReset = proxy<PasswordResetState>(empty());

export function rememberEmailForReset(email: string): void {
  passwordReset.emailForReset = email.trim().toLowerCase();
}

/** New details: the previous reset's result no longer applies. */
export function storeForgotDetails(details: ForgotDetails): void {
  passwordReset.forgotDetails = { email: details.email.trim().toLowerCase() };
  passwordReset.emailForReset = passwordReset.forgotDetails.email;
  passwordReset.reset = null;
}

export function forgotSent(answer: { message: string; resend_after_seconds: number; code_expires_in_seconds: number; link_expires_in_seconds: number }, now = Date.now()): void {
  passwordReset.forgot = {
    message: answer.message,
    resendAt: now + answer.resend_after_seconds * 1000,
    codeExpiresAt: now + answer.code_expires_in_seconds * 1000,
    linkExpiresAt: now + answer.link_expires_in_seconds * 1000,
  };
}

/** The password was reset: the forgot-password message is done with. */
export function resetDone(message: string): void {
  passwordReset.reset = { message };
  passwordReset.forgot = null;
}

export function clearPasswordReset(): void {
  Object.assign(passwordReset, empty());
}

// Logout resets all sign-in data (spec section 4).
registerReset('password-reset', clearPasswordReset);
