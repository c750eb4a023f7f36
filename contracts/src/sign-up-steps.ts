import { z } from 'zod';

/**
 * The signed-in steps of the sign-up wizard, in order (DECISIONS.md), then 'done'. Kept apart from sign-up.ts so that
 * identity.ts (`GET /auth/me`'s `sign_up`) and sign-up.ts can both read it without importing each other.
 */
export const SIGN_UP_STEPS = ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin', 'done'] as const;
export const SignUpStep = z.enum(SIGN_UP_STEPS);
export type SignUpStep = z.infer<typeof SignUpStep>;

/** `GET /auth/me`'s `sign_up`: an account made without the wizard (a seeded admin) answers complete, 'done'. */
export const SignUpStatus = z.object({ complete: z.boolean(), current_step: SignUpStep });
export type SignUpStatus = z.infer<typeof SignUpStatus>;
