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
