import { defineCodeTemplates } from '../otp-destination/code-templates.ts';

const signInCode = defineCodeTemplates({
  key: 'identity.sign-in-code',
  kind: 'sign-in',
  subject: 'Your sign-in code',
  ifNotYou: 'If you did not try to sign in, change your password.',
  emailDescription: 'The one-time code that finishes a sign-in, sent by email.',
  smsDescription: 'The one-time code that finishes a sign-in, sent by text message.',
});

export const { email: signInCodeEmail, sms: signInCodeSms, message: signInCodeMessage } = signInCode;
