import { defineCodeTemplates } from '../otp-destination/code-templates.ts';

const signUpCode = defineCodeTemplates({
  key: 'identity.sign-up-code',
  kind: 'sign-up',
  subject: 'Your sign-up code',
  ifNotYou: 'If you did not sign up for ACPG, ignore this message.',
  emailDescription: 'The one-time code that verifies the email of a new sign-up.',
  smsDescription: 'The one-time code that verifies the phone of a new sign-up, by text message.',
});

export const { email: signUpCodeEmail, sms: signUpCodeSms, message: signUpCodeMessage } = signUpCode;
