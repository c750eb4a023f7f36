import { assign, fromPromise, setup } from 'xstate';
import type { OtpChannel, SignInChallenge, SignInResult } from '@acpg/contracts/identity';
import type { CodeSent } from '../api/sign-in.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInContext {
  email: string;
  challenge: SignInChallenge | null;
  channel: OtpChannel | null;
  code: CodeSent | null;
  /** Epoch ms when a new code may be asked for, and when the current one expires. */
  resendAt: number;
  expiresAt: number;
  error: string | null;
  result: SignInResult | null;
  message: string | null;
}

export type SignInEvent =
  | { type: 'SUBMIT'; email: string; password: string }
  | { type: 'CHOOSE'; channel: OtpChannel }
  | { type: 'VERIFY'; code: string }
  | { type: 'RESEND' }
  | { type: 'CHANGE_CHANNEL' }
  | { type: 'RESTART' };

const errorMessage = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** A code went out (first send or resend): where to, when another may be asked for, when it expires. */
const codeSent = (sent: CodeSent, now = Date.now()) => ({
  code: sent,
  resendAt: now + sent.resend_after_seconds * 1000,
  expiresAt: now + sent.expires_in_seconds * 1000,
  error: null,
});

const sendCodeInput = ({ context }: { context: SignInContext }) => ({ challenge_id: context.challenge?.challenge_id ?? '', channel: context.channel ?? 'email' });

/** Password, then a one-time code by the channel the user picks (DECISIONS.md, "Sign-in is two-step"). */
export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    output: {} as { result: SignInResult; message: string | null },
  },
  actors: {
    signIn: fromPromise<SignInChallenge, Credentials>(() => Promise.reject(new Error('signIn actor not provided'))),
    sendCode: fromPromise<CodeSent, { challenge_id: string; channel: OtpChannel }>(() => Promise.reject(new Error('sendCode actor not provided'))),
    verifyCode: fromPromise<{ result: SignInResult; message: string | null }, { challenge_id: string; code: string }>(() =>
      Promise.reject(new Error('verifyCode actor not provided')),
    ),
  },
  guards: {
    canResend: ({ context }) => Date.now() >= context.resendAt,
    isSixDigits: ({ event }) => event.type === 'VERIFY' && /^\d{6}$/.test(event.code),
  },
}).createMachine({
  id: 'signIn',
  context: { email: '', challenge: null, channel: null, code: null, resendAt: 0, expiresAt: 0, error: null, result: null, message: null },
  initial: 'credentials',
  on: {
    RESTART: { target: '.credentials', actions: assign({ challenge: null, channel: null, code: null, error: null, resendAt: 0, expiresAt: 0 }) },
  },
  states: {
    credentials: {
      on: { SUBMIT: { target: 'checkingPassword', actions: assign({ email: ({ event }) => event.email, error: null }) } },
    },
    checkingPassword: {
      invoke: {
        src: 'signIn',
        input: ({ event }) => (event.type === 'SUBMIT' ? { email: event.email, password: event.password } : { email: '', password: '' }),
        onDone: { target: 'choosingChannel', actions: assign({ challenge: ({ event }) => event.output, error: null }) },
        onError: { target: 'credentials', actions: assign({ error: ({ event }) => errorMessage(event.error, 'Sign-in failed. Check your email and password.') }) },
      },
    },
    choosingChannel: {
      on: {
        CHOOSE: { target: 'sendingCode', actions: assign({ channel: ({ event }) => event.channel, error: null }) },
      },
    },
    sendingCode: {
      invoke: {
        src: 'sendCode',
        input: sendCodeInput,
        onDone: { target: 'enteringCode', actions: assign(({ event }) => codeSent(event.output)) },
        onError: { target: 'choosingChannel', actions: assign({ error: ({ event }) => errorMessage(event.error, 'The code could not be sent. Try again.') }) },
      },
    },
    enteringCode: {
      on: {
        VERIFY: [
          { guard: 'isSixDigits', target: 'verifyingCode', actions: assign({ error: null }) },
          { actions: assign({ error: 'Enter the 6-digit code' }) },
        ],
        RESEND: [{ guard: 'canResend', target: 'resendingCode', actions: assign({ error: null }) }],
        CHANGE_CHANNEL: { target: 'choosingChannel', actions: assign({ error: null, code: null }) },
      },
    },
    resendingCode: {
      invoke: {
        src: 'sendCode',
        input: sendCodeInput,
        onDone: { target: 'enteringCode', actions: assign(({ event }) => codeSent(event.output)) },
        onError: { target: 'enteringCode', actions: assign({ error: ({ event }) => errorMessage(event.error, 'A new code could not be sent. Try again later.') }) },
      },
    },
    verifyingCode: {
      invoke: {
        src: 'verifyCode',
        input: ({ context, event }) => ({ challenge_id: context.challenge?.challenge_id ?? '', code: event.type === 'VERIFY' ? event.code : '' }),
        onDone: { target: 'signedIn', actions: assign({ result: ({ event }) => event.output.result, message: ({ event }) => event.output.message }) },
        onError: { target: 'enteringCode', actions: assign({ error: ({ event }) => errorMessage(event.error, 'That code is wrong or has expired.') }) },
      },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ result: context.result!, message: context.message }),
});

export type SignInState = 'credentials' | 'checkingPassword' | 'choosingChannel' | 'sendingCode' | 'enteringCode' | 'resendingCode' | 'verifyingCode' | 'signedIn';
