import { SIGN_UP_STEP_PATHS, stepPath } from '../../lib/sign-up-resume.ts';

/** The wizard's screens. The first three are public (before the account exists); the rest need the session. */
export const SIGN_UP_PATH = '/authentication/sign-up';
export const MOBILE_VERIFICATION_PATH = '/authentication/mobile-verification';
export const EMAIL_VERIFICATION_PATH = '/authentication/email-verification';

export const STEP_PATHS = SIGN_UP_STEP_PATHS;
export { stepPath };

export const SIGNED_IN_STEP_PATHS: readonly string[] = Object.values(STEP_PATHS);
export const WIZARD_PATHS: readonly string[] = [SIGN_UP_PATH, MOBILE_VERIFICATION_PATH, EMAIL_VERIFICATION_PATH, ...SIGNED_IN_STEP_PATHS];
