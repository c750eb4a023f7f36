import { z } from 'zod';

/**
 * The signed-in steps of the sign-up wizard, in order (DECISIONS.md), then 'done'. Kept apart from sign-up.ts so that
 * identity.ts (`GET /auth/me`'s `sign_up`) and sign-up.ts can both read it without importing each other.
 */
export const SIGN_UP_STEPS = ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin', 'done'] as const;
export const SignUpStep = z.enum(SIGN_UP_STEPS);
export type SignUpStep = z.infer<typeof SignUpStep>;
export type SignedInStep = Exclude<SignUpStep, 'done'>;

/**
 * What the applicant came to do (DECISIONS.md, "Sign-up steps follow the role and the intent"): the page the sign-up
 * started from (`/nhd-order` → `nhd`) or the choice on the first screen. A member who later buys something else adds
 * that intent (`PUT /sign-up/intent`) and is asked the steps it adds then.
 */
export const SIGN_UP_INTENTS = ['membership', 'equity_protect', 'nhd'] as const;
export const SignUpIntent = z.enum(SIGN_UP_INTENTS, { error: `Pick one of ${SIGN_UP_INTENTS.join(', ')}` });
export type SignUpIntent = z.infer<typeof SignUpIntent>;

/**
 * The signed-in steps each intent needs. Every account verifies its email and phone before these. An NHD report is
 * ordered for a client's home: no ownership, no face or signature. A homeowner buying a membership or Equity Protect
 * verifies the property and registers face and signature; beneficiaries are for a membership's payouts.
 */
export const STEPS_BY_INTENT: Record<SignUpIntent, readonly SignedInStep[]> = {
  membership: ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin'],
  equity_protect: ['property', 'face_signature', 'mailing_address', 'plan', 'pin'],
  nhd: [],
};

/** The steps an account with these intents is asked, in the wizard's order. */
export const requiredSteps = (intents: readonly SignUpIntent[]): SignedInStep[] =>
  SIGN_UP_STEPS.filter((step): step is SignedInStep => step !== 'done' && intents.some((intent) => STEPS_BY_INTENT[intent].includes(step)));

/** `GET /auth/me`'s `sign_up`: an account made without the wizard (a seeded admin) answers complete, 'done'. */
export const SignUpStatus = z.object({ complete: z.boolean(), current_step: SignUpStep });
export type SignUpStatus = z.infer<typeof SignUpStatus>;

// ---- Events other modules may read (identity's sign-up streams `identity-signup-<account_id>`) ----
/** Data of `SignUpEmailVerified`: the account exists; `intents` is absent on sign-ups from before intents (a membership). */
export const SignUpEmailVerifiedData = z.object({ sign_up_id: z.string(), account_id: z.string(), at: z.string(), intents: z.array(SignUpIntent).optional() });
/** Data of `SignUpIntentAdded`: the account is about to do something else too. */
export const SignUpIntentAddedData = z.object({ sign_up_id: z.string(), account_id: z.string(), intent: SignUpIntent, at: z.string() });
/** What another module may read of a step saved (`SignUpFaceSignatureSaved` ..., `SignUpCompleted`): whose sign-up. */
export const SignUpStepSavedData = z.object({ sign_up_id: z.string() });

/** The identity events from which another module keeps its copy of an account's sign-up steps (`SignUpSteps`). */
export const SIGN_UP_STEP_EVENTS = [
  'SignUpEmailVerified',
  'SignUpIntentAdded',
  'SignUpFaceSignatureSaved',
  'SignUpMailingAddressSaved',
  'SignUpBeneficiariesSaved',
  'SignUpCompleted',
] as const;

/** The steps identity keeps, done or not (property and plan are other modules' events). */
const STEP_OF_EVENT: Partial<Record<string, SignedInStep>> = {
  SignUpFaceSignatureSaved: 'face_signature',
  SignUpMailingAddressSaved: 'mailing_address',
  SignUpBeneficiariesSaved: 'beneficiaries',
  SignUpCompleted: 'pin',
};

/** What a module keeps of an account's sign-up: what it came to do and the steps identity keeps that are done. */
export interface SignUpSteps {
  intents: SignUpIntent[];
  done: SignedInStep[];
}

/**
 * The published fold of `SIGN_UP_STEP_EVENTS` (keyed by `sign_up_id`, which is the account's id): null until the
 * email code registered the account. An account with no copy was made without the wizard (a seeded member): it owes
 * no step.
 */
export const nextSignUpSteps = (copy: SignUpSteps | null, event: { type: string; data: unknown }): SignUpSteps | null => {
  if (event.type === 'SignUpEmailVerified') {
    const d = SignUpEmailVerifiedData.safeParse(event.data);
    return d.success ? { intents: d.data.intents ?? ['membership'], done: copy?.done ?? [] } : copy;
  }
  if (!copy) return copy;
  if (event.type === 'SignUpIntentAdded') {
    const d = SignUpIntentAddedData.safeParse(event.data);
    return d.success && !copy.intents.includes(d.data.intent) ? { ...copy, intents: [...copy.intents, d.data.intent] } : copy;
  }
  const step = STEP_OF_EVENT[event.type];
  if (!step || !SignUpStepSavedData.safeParse(event.data).success || copy.done.includes(step)) return copy;
  return { ...copy, done: [...copy.done, step] };
};

/**
 * The sign-up steps buying `intent` needs first (a membership's or Equity Protect's: the wizard's steps before its
 * plan step, which the purchase is), of which those not in `done`, in the wizard's order. The server refuses the
 * purchase with 409 SIGN_UP_STEPS_MISSING and these as `missing_steps`; the web asks exactly these steps first.
 */
export const stepsMissingToBuy = (intent: SignUpIntent, done: readonly SignedInStep[]): SignedInStep[] => {
  const needed = requiredSteps([intent]);
  const plan = needed.indexOf('plan');
  return (plan < 0 ? needed : needed.slice(0, plan)).filter((step) => !done.includes(step));
};
