import { assign, fromPromise, setup } from 'xstate';
import type { OtpChannel, SignInChallenge, SignInResult } from '@acpg/contracts/identity';
import type { CodeSent } from '../api/sign-in.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** A code sent to one channel: where, when another may be asked for and when it expires (epoch ms). */
export interface SentCode {
  code: CodeSent;
  resendAt: number;
  expiresAt: number;
}

export interface SignInContext {
  email: string;
  challenge: SignInChallenge | null;
  channel: OtpChannel | null;
  code: CodeSent | null;
  /** Every code sent in this challenge, by channel (Back/Forward must not ask for one again: 429 within 60 s). */
  sent: Partial<Record<OtpChannel, SentCode>>;
  /** The channel of the newest code: the only one the server still accepts (it keeps one code per challenge). */
  lastSent: OtpChannel | null;
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

/** The server's error code (`{ success: false, code, message }`, carried by HttpError's body), if any. */
export function errorCode(error: unknown): string | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : null;
}

/** The challenge itself is over (contracts IDENTITY_ERROR_CODES): only a new password step helps. */
export const CHALLENGE_ENDED_CODES: readonly string[] = ['SIGN_IN_LOCKED', 'SIGN_IN_EXPIRED', 'SIGN_IN_USED', 'SIGN_IN_NOT_FOUND'];
const challengeEnded = (error: unknown) => CHALLENGE_ENDED_CODES.includes(errorCode(error) ?? '');

const freshFlow = { challenge: null, channel: null, code: null, sent: {}, lastSent: null, resendAt: 0, expiresAt: 0 } as const;

/** Back at the password step with the server's reason (the challenge is locked, expired, used or unknown). */
const endedFlow = (error: unknown) => ({ ...freshFlow, error: errorMessage(error, 'This sign-in has ended. Sign in again.') });

/** A code went out (first send or resend): where to, when another may be asked for, when it expires. */
const codeSent = (context: SignInContext, sent: CodeSent, now = Date.now()) => {
  const entry: SentCode = { code: sent, resendAt: now + sent.resend_after_seconds * 1000, expiresAt: now + sent.expires_in_seconds * 1000 };
  const channel = context.channel ?? sent.channel;
  return { ...entry, sent: { ...context.sent, [channel]: entry }, lastSent: channel, error: null };
};

/** The code of `channel` the server still accepts, if it has not expired. */
export function liveCode(context: Pick<SignInContext, 'sent' | 'lastSent'>, channel: OtpChannel, now = Date.now()): SentCode | null {
  const entry = context.sent[channel];
  return entry && context.lastSent === channel && entry.expiresAt > now ? entry : null;
}

/** The real wait a refused send states (a 429 about codes: `retry_after_seconds` in the error envelope). */
export function retryAfterSeconds(error: unknown): number | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  const wait = body && typeof body === 'object' && 'retry_after_seconds' in body ? body.retry_after_seconds : null;
  return typeof wait === 'number' && wait >= 0 ? wait : null;
}

/** A send refused with a stated wait: Send stays disabled, counting it down, for this channel. */
const sendRefused = (context: SignInContext, error: unknown, now = Date.now()): Partial<SignInContext> => {
  const wait = retryAfterSeconds(error);
  const channel = context.channel;
  if (wait == null || !channel) return {};
  const resendAt = now + wait * 1000;
  const entry = context.sent[channel];
  const sent: SentCode = entry ? { ...entry, resendAt } : { code: { channel, masked_destination: '', resend_after_seconds: wait, expires_in_seconds: 0 }, resendAt, expiresAt: 0 };
  return { sent: { ...context.sent, [channel]: sent }, resendAt };
};

/** Epoch ms when a code may next be sent to `channel` (0: now). */
export const resendAtOf = (context: Pick<SignInContext, 'sent'>, channel: OtpChannel): number => context.sent[channel]?.resendAt ?? 0;

const waitSeconds = (context: SignInContext, channel: OtpChannel, now = Date.now()) => Math.ceil(((context.sent[channel]?.resendAt ?? 0) - now) / 1000);

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
  context: { email: '', ...freshFlow, error: null, result: null, message: null },
  initial: 'credentials',
  on: {
    RESTART: { target: '.credentials', actions: assign({ ...freshFlow, error: null }) },
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
        CHOOSE: [
          {
            // The code sent to this channel is still valid (Back, then the same choice): no new send.
            guard: ({ context, event }) => liveCode(context, event.channel) != null,
            target: 'enteringCode',
            actions: assign(({ context, event }) => ({ ...liveCode(context, event.channel)!, channel: event.channel, error: null })),
          },
          {
            // A code went to this channel less than the resend delay ago: the server would answer 429.
            guard: ({ context, event }) => waitSeconds(context, event.channel) > 0,
            actions: assign(({ context, event }) => ({
              error: `A code was just sent to your ${event.channel}. You can ask for another in ${waitSeconds(context, event.channel)} s.`,
            })),
          },
          { target: 'sendingCode', actions: assign({ channel: ({ event }) => event.channel, error: null }) },
        ],
      },
    },
    sendingCode: {
      invoke: {
        src: 'sendCode',
        input: sendCodeInput,
        onDone: { target: 'enteringCode', actions: assign(({ context, event }) => codeSent(context, event.output)) },
        onError: [
          { guard: ({ event }) => challengeEnded(event.error), target: 'credentials', actions: assign(({ event }) => endedFlow(event.error)) },
          {
            target: 'choosingChannel',
            actions: assign(({ context, event }) => ({ ...sendRefused(context, event.error), error: errorMessage(event.error, 'The code could not be sent. Try again.') })),
          },
        ],
      },
    },
    enteringCode: {
      on: {
        VERIFY: [
          { guard: 'isSixDigits', target: 'verifyingCode', actions: assign({ error: null }) },
          { actions: assign({ error: 'Enter the 6-digit code' }) },
        ],
        RESEND: [{ guard: 'canResend', target: 'resendingCode', actions: assign({ error: null }) }],
        // The code sent stays known (sent): choosing this channel again within its validity goes straight back.
        CHANGE_CHANNEL: { target: 'choosingChannel', actions: assign({ error: null }) },
      },
    },
    resendingCode: {
      invoke: {
        src: 'sendCode',
        input: sendCodeInput,
        onDone: { target: 'enteringCode', actions: assign(({ context, event }) => codeSent(context, event.output)) },
        onError: [
          { guard: ({ event }) => challengeEnded(event.error), target: 'credentials', actions: assign(({ event }) => endedFlow(event.error)) },
          {
            target: 'enteringCode',
            actions: assign(({ context, event }) => ({ ...sendRefused(context, event.error), error: errorMessage(event.error, 'A new code could not be sent. Try again later.') })),
          },
        ],
      },
    },
    verifyingCode: {
      invoke: {
        src: 'verifyCode',
        input: ({ context, event }) => ({ challenge_id: context.challenge?.challenge_id ?? '', code: event.type === 'VERIFY' ? event.code : '' }),
        onDone: { target: 'signedIn', actions: assign({ result: ({ event }) => event.output.result, message: ({ event }) => event.output.message }) },
        onError: [
          { guard: ({ event }) => challengeEnded(event.error), target: 'credentials', actions: assign(({ event }) => endedFlow(event.error)) },
          {
            // OTP_INCORRECT, OTP_EXPIRED, OTP_NOT_SENT: stay here; an expired code is marked so (ask for a new one).
            target: 'enteringCode',
            actions: assign(({ context, event }) => {
              const error = errorMessage(event.error, 'That code is wrong or has expired.');
              if (errorCode(event.error) !== 'OTP_EXPIRED' || !context.channel) return { error };
              const now = Date.now();
              const entry = context.sent[context.channel];
              return { error, expiresAt: now, sent: entry ? { ...context.sent, [context.channel]: { ...entry, expiresAt: now } } : context.sent };
            }),
          },
        ],
      },
    },
    signedIn: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ result: context.result!, message: context.message }),
});

export type SignInState = 'credentials' | 'checkingPassword' | 'choosingChannel' | 'sendingCode' | 'enteringCode' | 'resendingCode' | 'verifyingCode' | 'signedIn';
