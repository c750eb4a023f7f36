import type { AccessCheck } from '../../../platform/auth/port.ts';
import type { EventStore, StoredEvent } from '../../../platform/event-store/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { accountDecider, accountStream, type AccountState } from '../account/decider.ts';

interface Cached {
  state: AccountState;
  /** The account stream's version the state was folded to. */
  version: number;
}

/** Accounts kept folded per process; past this, the oldest entry goes (a miss only costs a stream read). */
export const SESSION_CACHE_MAX = 10_000;

const fold = (state: AccountState, events: readonly StoredEvent[]): AccountState => {
  let next = state;
  for (const stored of events) {
    const event = accountDecider.fromStored?.(stored);
    if (event) next = accountDecider.evolve(next, event);
  }
  return next;
};

/**
 * The guard's check of a verified access token against its account: refused when its session
 * version moved on since the token was issued (sign-out, password reset or change, email or phone change or its undo),
 * or when its roles are no longer the token's. Cheap on the hot path: each account's state is kept folded per process,
 * and a request reads only the events appended since (one indexed read, usually empty). Reading the stream, not a read
 * model or a bus message, makes a sign-out on one api process refuse the token on every other one at once.
 */
export const sessionVersionCheck = (platform: Platform): AccessCheck => {
  const cache = new Map<string, Cached>();
  return async (principal) => {
    const stream = accountStream(principal.userId);
    const cached = cache.get(principal.userId) ?? { state: accountDecider.initialState(), version: 0 };
    const newer = await platform.eventStore.readStream(stream, cached.version + 1);
    const current: Cached = newer.length === 0 ? cached : { state: fold(cached.state, newer), version: newer.at(-1)?.version ?? cached.version };
    // No account stream: nothing to compare with (only this app's key signs tokens; tests sign some for made-up ids).
    if (current.state.status !== 'registered') return true;
    cache.delete(principal.userId); // re-inserted last: the Map's order is the eviction order
    cache.set(principal.userId, current);
    if (cache.size > SESSION_CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
    const { state } = current;
    if ((principal.sessionVersion ?? 0) < (state.sessionVersion ?? 0)) return false;
    if (state.suspended) return false; // account administration: a suspended account's tokens are refused

    // Every token the app issues names its session (`signedIn`); one that does not was made in-process (tests stand
    // in for a role with it), so only a session's token is held to the account's roles.
    return principal.sessionId === undefined || sameRoles(principal.roles, state.roles);
  };
};

/** The account's session version now (0 for an unknown account): what a fresh sign-in's token carries. */
export const currentSessionVersion = async (store: EventStore, accountId: string): Promise<number> => {
  const state = fold(accountDecider.initialState(), await store.readStream(accountStream(accountId)));
  return state.status === 'registered' ? (state.sessionVersion ?? 0) : 0;
};

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
