import { ADMINISTRATION_EVENT_TYPES } from './account-administration/decider.ts';
import { ROSTER_EVENT_TYPES } from './account-administration/roster.ts';
import { PROFILE_EVENT_TYPES } from './account/profile-changes.ts';
import { MEMBER_DATA_EVENT_TYPES } from './member-data/decider.ts';
import { SIGN_UP_EVENT_TYPES } from './sign-up/events.ts';

/** Every event type identity writes (on `identity-…` streams); the stream-prefix test holds the module to it. */
export const IDENTITY_EVENT_TYPES: readonly string[] = [
  'AccountRegistered',
  'AccountPasswordSet',
  'EmailReserved',
  'OtpSendRecorded',
  'SignInChallengeIssued',
  'SignInCodeSent',
  'SignInCodeRejected',
  'SignInChallengeLocked',
  'SignInCompleted',
  'SessionStarted',
  'SessionRefreshed',
  'SessionReuseDetected',
  'SessionEnded',
  // the password-failure budget of an account (sign-in-guard/) and the per-account and global code send budgets (send-budget/)
  'SignInPasswordFailed',
  'SignInPasswordPaused',
  'CodeSendCounted',
  'SmsSendCounted',
  'SmsBudgetReached',
  // sign-up (sign-up/events.ts), its uniqueness streams and the single-use human check
  ...SIGN_UP_EVENT_TYPES,
  'EmailReleased',
  'PhoneReserved',
  'PhoneReleased',
  'CaptchaRedeemed',
  // Password reset (password-reset/) and profile changes (account/profile-changes.ts, profile/, phone/)
  'PasswordResetRequested',
  'PasswordResetCodeSent',
  'PasswordResetRejected',
  'PasswordResetLocked',
  'PasswordResetAccepted',
  'PasswordResetReleased',
  'PasswordResetCompleted',
  ...PROFILE_EVENT_TYPES,
  'ContactChangeRequested',
  'ContactChangeCodeRejected',
  'ContactChangeLocked',
  'ContactChangeCodeAccepted',
  'ContactChangeCodeReleased',
  'ContactChangeVerified',
  'ContactChangeUndone',
  // My Account: beneficiaries, mailing address, face and signature, PIN (member-data/)
  ...MEMBER_DATA_EVENT_TYPES,
  // account administration (account-administration/): roles (also a provider's appointment, account/roles-changes.ts),
  // suspension, reactivation by a Super Admin
  ...ADMINISTRATION_EVENT_TYPES,
  ...ROSTER_EVENT_TYPES, // the Super Admin roster: never the last one, across processes (account-administration/roster.ts)
];
