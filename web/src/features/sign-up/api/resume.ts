import { http } from '../../../lib/http.ts';
import { stepPath } from '../paths.ts';

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
