import { SIGN_UP_STEPS, type SignedInStep } from '@acpg/contracts/sign-up-steps';
import { HttpError } from './http.ts';

/**
 * The sign-up steps a purchase was refused for (409 SIGN_UP_STEPS_MISSING, `missing_steps`, in the wizard's order),
 * or null for any other error. A screen then sends the person to exactly those steps (`StepsToFinish`).
 */
export const missingStepsOf = (error: unknown): SignedInStep[] | null => {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; missing_steps?: unknown } | null;
  if (body?.code !== 'SIGN_UP_STEPS_MISSING' || !Array.isArray(body.missing_steps)) return null;
  const known: readonly string[] = SIGN_UP_STEPS;
  const steps = body.missing_steps.filter((step): step is SignedInStep => typeof step === 'string' && step !== 'done' && known.includes(step));
  return steps.length > 0 ? steps : null;
};
