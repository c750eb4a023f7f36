/**
 * The human check at sign-up (DECISIONS.md): a CAPTCHA port. The default adapter is ALTCHA, a self-hosted proof of
 * work, so nothing reaches a third party. Another adapter (a hosted CAPTCHA) implements the same two calls.
 */
export interface Captcha {
  /** A new challenge for the browser's widget (JSON it reads as it is). */
  challenge(): Promise<Record<string, unknown>>;
  /**
   * Checks the widget's payload. `id` names the solved challenge: the caller redeems it once (a payload is single use).
   * Never throws for a bad payload: answers `{ verified: false, reason }`.
   */
  verify(payload: string): Promise<{ verified: true; id: string } | { verified: false; reason: string }>;
}
