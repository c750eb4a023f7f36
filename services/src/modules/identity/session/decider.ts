import { addSeconds, reached, refuse, unknownCommand } from '../decider.ts';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';

/**
 * A refresh-token family: one per sign-in. Each refresh rotates the token; a rotated token that comes back means it
 * was copied, so the whole family is revoked (reuse detection), except the token rotated away from in the last
 * REFRESH_REUSE_GRACE_SECONDS (a refresh whose answer was lost). Only digests of the tokens are stored.
 */
export const sessionStream = (sessionId: string) => `identity-session-${sessionId}`;

export type SessionEvent =
  /**
   * `user_agent`: the browser's User-Agent at sign-in, when it sent one (events before it was recorded have none).
   * `by`: `sign-up` for the session a new account starts with; absent for a sign-in (and in events before it was recorded).
   */
  | DomainEvent<
      'SessionStarted',
      { session_id: string; account_id: string; token_hash: string; started_at: string; expires_at: string; user_agent?: string; by?: 'sign-up' }
    >
  | DomainEvent<'SessionRefreshed', { session_id: string; token_hash: string; refreshed_at: string; expires_at: string }>
  | DomainEvent<'SessionReuseDetected', { session_id: string; at: string }>
  | DomainEvent<'SessionEnded', { session_id: string; reason: 'sign-out'; at: string }>;

/** `ttl_seconds`: how long the refresh token lives from now (configuration). */
export type SessionCommand =
  | Command<'StartSession', { session_id: string; account_id: string; token_hash: string; ttl_seconds: number; user_agent?: string; by?: 'sign-up' }>
  /** `max_age_seconds`: the absolute session lifetime (SESSION_MAX_AGE_DAYS), counted from the session's start. */
  | Command<'RefreshSession', { presented_hash: string; new_hash: string; ttl_seconds: number; max_age_seconds: number }>
  | Command<'EndSession', { presented_hash: string }>;

export type SessionState =
  | { status: 'none' }
  | {
      status: 'active' | 'revoked' | 'ended';
      sessionId: string;
      accountId: string;
      currentHash: string;
      /** Digests of every token this family rotated away from. */
      previousHashes: string[];
      expiresAt: string;
      /** When the current token replaced the previous one (absent before the first refresh). */
      rotatedAt?: string;
      /** When the session started: a password reset or change ends the sessions started before it. */
      startedAt?: string;
    };

/**
 * How long the token just rotated away from is still taken (it rotates again) instead of counting as reuse: a refresh
 * whose answer never reached the browser (the page was reloaded or left while it was in flight, the network dropped)
 * leaves the browser holding that token. Past this window, or for any older token, the family is revoked.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export const initialState = (): SessionState => ({ status: 'none' });

export const evolve = (state: SessionState, event: SessionEvent): SessionState => {
  if (event.type === 'SessionStarted') {
    const d = event.data;
    return { status: 'active', sessionId: d.session_id, accountId: d.account_id, currentHash: d.token_hash, previousHashes: [], expiresAt: d.expires_at, startedAt: d.started_at };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SessionRefreshed':
      return {
        ...state,
        previousHashes: [...state.previousHashes, state.currentHash],
        currentHash: event.data.token_hash,
        expiresAt: event.data.expires_at,
        rotatedAt: event.data.refreshed_at,
      };
    case 'SessionReuseDetected':
      return { ...state, status: 'revoked' };
    case 'SessionEnded':
      return { ...state, status: 'ended' };
    default:
      return state;
  }
};

const ended = () => refuse('unauthenticated', 'SESSION_ENDED', 'Your session has ended. Sign in again.');

export const decide = (command: SessionCommand, state: SessionState): SessionEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'StartSession': {
      const d = command.data;
      if (state.status !== 'none') throw refuse('conflict', 'INVALID_COMMAND', 'This session already exists.');
      const data = { session_id: d.session_id, account_id: d.account_id, token_hash: d.token_hash, started_at: now, expires_at: addSeconds(now, d.ttl_seconds) };
      // Absent rather than null when unknown: a stored null would not read back as "no device".
      return [{ type: 'SessionStarted', data: { ...data, ...(d.user_agent ? { user_agent: d.user_agent } : {}), ...(d.by ? { by: d.by } : {}) } }];
    }
    case 'RefreshSession': {
      const d = command.data;
      if (state.status !== 'active') throw ended();
      const justRotated =
        d.presented_hash === state.previousHashes.at(-1) &&
        state.rotatedAt !== undefined &&
        !reached(now, addSeconds(state.rotatedAt, REFRESH_REUSE_GRACE_SECONDS));
      if (state.previousHashes.includes(d.presented_hash) && !justRotated) {
        return [{ type: 'SessionReuseDetected', data: { session_id: state.sessionId, at: now } }];
      }
      // An unknown secret is not evidence of a copied token (it may be garbage): refuse without revoking.
      if (d.presented_hash !== state.currentHash && !justRotated) throw ended();
      if (reached(now, state.expiresAt)) throw ended();
      // The absolute lifetime: a chain refreshed every day still ends this long after its sign-in.
      const endsAt = state.startedAt ? addSeconds(state.startedAt, d.max_age_seconds) : null;
      if (endsAt !== null && reached(now, endsAt)) throw ended();
      const next = addSeconds(now, d.ttl_seconds);
      const expiresAt = endsAt !== null && Date.parse(endsAt) < Date.parse(next) ? endsAt : next;
      return [{ type: 'SessionRefreshed', data: { session_id: state.sessionId, token_hash: d.new_hash, refreshed_at: now, expires_at: expiresAt } }];
    }
    case 'EndSession': {
      const d = command.data;
      const known = state.status !== 'none' && (d.presented_hash === state.currentHash || state.previousHashes.includes(d.presented_hash));
      // Signing out is idempotent: an unknown token or a finished session records nothing.
      if (state.status !== 'active' || !known) return [];
      return [{ type: 'SessionEnded', data: { session_id: state.sessionId, reason: 'sign-out', at: now } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = { initialState, evolve, decide };
