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
];
