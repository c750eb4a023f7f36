import { http } from './http.ts';
import { registerReset } from './store-reset.ts';

/**
 * The signed-in steps of the sign-up wizard and their pages. Kept in lib: the sign-in flow and the protected-route
 * guard send a user whose sign-up is not finished to their step, on any device (the server keeps the draft).
 */
export const SIGN_UP_STEP_PATHS = {
  property: '/sign-up/property',
  face_signature: '/sign-up/face-signature',
  mailing_address: '/sign-up/mailing-address',
  plan: '/sign-up/plan',
  beneficiaries: '/sign-up/beneficiaries',
  pin: '/sign-up/pin',
} as const;

/** Where an applicant at `step` continues; null once the sign-up is done (or for a step this app does not know). */
export const stepPath = (step: string | null | undefined): string | null =>
  step && Object.hasOwn(SIGN_UP_STEP_PATHS, step) ? SIGN_UP_STEP_PATHS[step as keyof typeof SIGN_UP_STEP_PATHS] : null;

/** `GET /auth/me`'s `sign_up` (w4): whether the caller's sign-up is complete, and its current step. */
interface MeSignUp {
  sign_up?: { complete: boolean; current_step: string } | null;
}

// One answer per account and page load: the wizard marks it complete when it finishes.
const known = new Map<string, string | null>();

/**
 * Where a signed-in user whose sign-up is not finished continues (their step's page), or null (finished, no sign-up,
 * or the answer could not be read: the user is not held up by a failed check).
 */
export async function resumePath(userId: string, signal?: AbortSignal): Promise<string | null> {
  if (known.has(userId)) return known.get(userId) ?? null;
  const r = await http.get<MeSignUp>('/auth/me', signal ? { signal } : {});
  if (!r.success) return null;
  const signUp = r.data.sign_up;
  const path = signUp && !signUp.complete ? stepPath(signUp.current_step) : null;
  known.set(userId, path);
  return path;
}

/** The wizard reached a step (or finished): later checks in this page load use it. */
export function rememberStep(userId: string, path: string | null): void {
  known.set(userId, path);
}

export function forgetResume(): void {
  known.clear();
}

registerReset('sign-up-resume', forgetResume);
