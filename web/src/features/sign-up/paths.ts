import type { WizardStep } from './api/sign-up.ts';

/** The wizard's screens. The first three are public (before the account exists); the rest need the session. */
export const SIGN_UP_PATH = '/authentication/sign-up';
export const MOBILE_VERIFICATION_PATH = '/authentication/mobile-verification';
export const EMAIL_VERIFICATION_PATH = '/authentication/email-verification';

export const STEP_PATHS: Record<Exclude<WizardStep, 'done'>, string> = {
  property: '/sign-up/property',
  face_signature: '/sign-up/face-signature',
  mailing_address: '/sign-up/mailing-address',
  plan: '/sign-up/plan',
  beneficiaries: '/sign-up/beneficiaries',
  pin: '/sign-up/pin',
};

export const SIGNED_IN_STEP_PATHS: readonly string[] = Object.values(STEP_PATHS);
export const WIZARD_PATHS: readonly string[] = [SIGN_UP_PATH, MOBILE_VERIFICATION_PATH, EMAIL_VERIFICATION_PATH, ...SIGNED_IN_STEP_PATHS];

/** Where an applicant at `step` continues; null once the sign-up is done. */
export const stepPath = (step: string | null | undefined): string | null => (step && step in STEP_PATHS ? STEP_PATHS[step as keyof typeof STEP_PATHS] : null);
