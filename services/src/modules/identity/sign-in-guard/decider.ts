import { addSeconds, reached, secondsBetween, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * The password-failure budget of one account: after `maxFailures` wrong passwords within `windowSeconds`, password
 * sign-in to the account is paused for `windowSeconds`. While paused, sign-in answers the generic INVALID_CREDENTIALS
 * without hashing (a guesser spends no scrypt work and learns nothing), and the holder is emailed once per pause.
 */
export const SIGN_IN_FAILURE_RULES = { maxFailures: 10, windowSeconds: 15 * 60 } as const;

export const signInGuardStream = (accountId: string) => `identity-signinguard-${accountId}`;

export type SignInGuardEvent =
  | DomainEvent<'SignInPasswordFailed', { account_id: string; at: string }>
  | DomainEvent<'SignInPasswordPaused', { account_id: string; at: string; until: string }>;

export type SignInGuardCommand = Command<'RecordPasswordFailure', { account_id: string }>;

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
      const failed: SignInGuardEvent = { type: 'SignInPasswordFailed', data: { account_id: command.data.account_id, at: now } };
      const inWindow = state.recentFailures.filter((at) => secondsBetween(at, now) < windowSeconds).length + 1;
      if (inWindow < maxFailures) return [failed];
      return [failed, { type: 'SignInPasswordPaused', data: { account_id: command.data.account_id, at: now, until: addSeconds(now, windowSeconds) } }];
    }
    default:
      return unknownCommand(command.type);
  }
};

export const signInGuardDecider: Decider<SignInGuardCommand, SignInGuardEvent, SignInGuardState> = { initialState, evolve, decide };
