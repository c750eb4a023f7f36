import { assign, fromPromise, setup } from 'xstate';
import type { ContactChangeSent, Profile } from '@acpg/contracts/account';

/** Change of the email or the phone: the new one, then the code sent to it (the server changes nothing before). */
export interface ContactChangeContext {
  destination: string;
  /**
   * Step-up: the current password, asked with the new email or phone (a stolen session alone cannot take the account).
   * Kept only until the change is done or dropped, since a new code (RESEND) asks for it again.
   */
  password: string;
  /** The server refused the password (STEP_UP_REQUIRED, PASSWORD_INCORRECT): shown at the password field. */
  passwordError: string | null;
  change: ContactChangeSent | null;
  /** Epoch ms: when another code may be asked for, when the code expires. */
  resendAt: number;
  expiresAt: number;
  error: string | null;
  /** The success message of the last change, shown until the next attempt. */
  notice: string | null;
}

export type ContactChangeEvent =
  | { type: 'SEND'; destination: string; password: string }
  | { type: 'VERIFY'; code: string }
  | { type: 'RESEND' }
  | { type: 'CANCEL' };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
const bodyOf = (error: unknown): Record<string, unknown> | null => {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
};
const codeOf = (error: unknown) => (typeof bodyOf(error)?.code === 'string' ? (bodyOf(error)?.code as string) : null);
/** The wait a 429 names (`retry_after_seconds`), else none. */
const retryAfter = (error: unknown) => (typeof bodyOf(error)?.retry_after_seconds === 'number' ? (bodyOf(error)?.retry_after_seconds as number) : 0);

/** The change itself is over (or the destination was taken meanwhile): only starting again helps. */
/** The current password was missing or wrong: the form asks it again. */
export const STEP_UP_CODES: readonly string[] = ['STEP_UP_REQUIRED', 'PASSWORD_INCORRECT'];

/** A refused send: the password's own message at its field, any other at the destination, and the wait a 429 names. */
const refusedSend = (error: unknown, fallback: string) =>
  STEP_UP_CODES.includes(codeOf(error) ?? '')
    ? { passwordError: messageOf(error, 'Enter your current password.'), error: null }
    : { error: messageOf(error, fallback), passwordError: null, resendAt: Date.now() + retryAfter(error) * 1000 };

export const CHANGE_OVER_CODES: readonly string[] = ['CHANGE_LOCKED', 'CHANGE_USED', 'CHANGE_NOT_FOUND', 'EMAIL_TAKEN', 'PHONE_TAKEN'];

const sent = (answer: ContactChangeSent, now = Date.now()) => ({
  change: answer,
  resendAt: now + answer.resend_after_seconds * 1000,
  expiresAt: now + answer.expires_in_seconds * 1000,
  error: null,
});

const fresh = { destination: '', password: '', passwordError: null, change: null, resendAt: 0, expiresAt: 0, error: null, notice: null };

export const contactChangeMachine = setup({
  types: { context: {} as ContactChangeContext, events: {} as ContactChangeEvent },
  actors: {
    requestChange: fromPromise<ContactChangeSent, { destination: string; current_password: string }>(() => Promise.reject(new Error('requestChange actor not provided'))),
    verifyChange: fromPromise<{ profile: Profile; message: string }, { change_id: string; code: string }>(() =>
      Promise.reject(new Error('verifyChange actor not provided')),
    ),
  },
  guards: {
    isSixDigits: ({ event }) => event.type === 'VERIFY' && /^\d{6}$/.test(event.code),
    canResend: ({ context }) => Date.now() >= context.resendAt,
  },
}).createMachine({
  id: 'contactChange',
  context: { ...fresh },
  initial: 'editing',
  states: {
    editing: {
      on: {
        SEND: [
          {
            guard: ({ event }) => event.password === '',
            actions: assign({ passwordError: 'Enter your current password.', notice: null }),
          },
          {
            // The server would answer 429: say the wait instead of asking.
            guard: ({ context, event }) => event.destination === context.destination && Date.now() < context.resendAt,
            actions: assign(({ context }) => ({ error: `A code was just sent there. Ask for another in ${Math.ceil((context.resendAt - Date.now()) / 1000)} s.`, notice: null })),
          },
          { target: 'sending', actions: assign(({ event }) => ({ destination: event.destination, password: event.password, error: null, passwordError: null, notice: null })) },
        ],
      },
    },
    sending: {
      invoke: {
        src: 'requestChange',
        input: ({ context }) => ({ destination: context.destination, current_password: context.password }),
        onDone: { target: 'enteringCode', actions: assign(({ event }) => sent(event.output)) },
        onError: { target: 'editing', actions: assign(({ event }) => ({ ...refusedSend(event.error, 'The code could not be sent. Try again.'), password: '' })) },
      },
    },
    enteringCode: {
      on: {
        VERIFY: [{ guard: 'isSixDigits', target: 'verifying', actions: assign({ error: null }) }, { actions: assign({ error: 'Enter the 6-digit code' }) }],
        RESEND: { guard: 'canResend', target: 'resending', actions: assign({ error: null }) },
        CANCEL: { target: 'editing', actions: assign(({ context }) => ({ ...fresh, resendAt: context.resendAt, destination: context.destination })) },
      },
    },
    resending: {
      invoke: {
        src: 'requestChange',
        input: ({ context }) => ({ destination: context.destination, current_password: context.password }),
        onDone: { target: 'enteringCode', actions: assign(({ event }) => sent(event.output)) },
        onError: {
          target: 'enteringCode',
          actions: assign(({ event }) => {
            const refused = refusedSend(event.error, 'A new code could not be sent. Try again later.');
            return { ...refused, error: refused.error ?? refused.passwordError };
          }),
        },
      },
    },
    verifying: {
      invoke: {
        src: 'verifyChange',
        input: ({ context, event }) => ({ change_id: context.change?.change_id ?? '', code: event.type === 'VERIFY' ? event.code : '' }),
        onDone: { target: 'editing', actions: assign(({ event }) => ({ ...fresh, notice: event.output.message })) },
        onError: [
          {
            guard: ({ event }) => CHANGE_OVER_CODES.includes(codeOf(event.error) ?? ''),
            target: 'editing',
            actions: assign(({ context, event }) => ({ ...fresh, resendAt: context.resendAt, destination: context.destination, error: messageOf(event.error, 'Start the change again.') })),
          },
          { target: 'enteringCode', actions: assign(({ event }) => ({ error: messageOf(event.error, 'That code is wrong or has expired.') })) },
        ],
      },
    },
  },
});
