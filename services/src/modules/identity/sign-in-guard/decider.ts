import { addSeconds, reached, secondsBetween, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * The password-failure budget of one email (an account's, or one no account uses): after `maxFailures` wrong passwords within `windowSeconds`, password
 * sign-in to the account is paused for `windowSeconds`. While paused, sign-in answers the generic INVALID_CREDENTIALS
 * without hashing (a guesser spends no scrypt work and learns nothing), and the holder is emailed once per pause.
 */
export const SIGN_IN_FAILURE_RULES = { maxFailures: 10, windowSeconds: 15 * 60 } as const;

/** `key`: a keyed digest of the email typed at sign-in (see `signInGuardKey`), whether or not an account uses it. */
export const signInGuardStream = (key: string) => `identity-signinguard-${key}`;

export type SignInGuardEvent =
  | DomainEvent<'SignInPasswordFailed', { key: string; at: string }>
  | DomainEvent<'SignInPasswordPaused', { key: string; at: string; until: string }>;

export type SignInGuardCommand = Command<'RecordPasswordFailure', { key: string }>;

/** The latest failures (only the last `maxFailures` matter), and the end of the current pause. */
export type SignInGuardState = { recentFailures: string[]; pausedUntil: string | null };

export const initialState = (): SignInGuardState => ({ recentFailures: [], pausedUntil: null });

export const evolve = (state: SignInGuardState, event: SignInGuardEvent): SignInGuardState => {
  switch (event.type) {
    case 'SignInPasswordFailed':
      return { ...state, recentFailures: [...state.recentFailures, event.data.at].slice(-SIGN_IN_FAILURE_RULES.maxFailures) };
    case 'SignInPasswordPaused':
      return { recentFailures: [], pausedUntil: event.data.until };
    default:
      return state;
  }
};

/** True while password sign-in to the account is paused. */
export const isPaused = (state: SignInGuardState, now: string) => state.pausedUntil !== null && !reached(now, state.pausedUntil);

export const decide = (command: SignInGuardCommand, state: SignInGuardState): SignInGuardEvent[] => {
  switch (command.type) {
    case 'RecordPasswordFailure': {
      const now = command.metadata.now.toISOString();
      if (isPaused(state, now)) return []; // refused without a check: nothing new to count
      const { maxFailures, windowSeconds } = SIGN_IN_FAILURE_RULES;
      const failed: SignInGuardEvent = { type: 'SignInPasswordFailed', data: { key: command.data.key, at: now } };
      const inWindow = state.recentFailures.filter((at) => secondsBetween(at, now) < windowSeconds).length + 1;
      if (inWindow < maxFailures) return [failed];
      return [failed, { type: 'SignInPasswordPaused', data: { key: command.data.key, at: now, until: addSeconds(now, windowSeconds) } }];
    }
    default:
      return unknownCommand(command.type);
  }
};

export const signInGuardDecider: Decider<SignInGuardCommand, SignInGuardEvent, SignInGuardState> = { initialState, evolve, decide };
