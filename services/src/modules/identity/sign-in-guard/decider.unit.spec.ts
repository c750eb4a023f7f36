import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, isPaused, SIGN_IN_FAILURE_RULES, type SignInGuardEvent, type SignInGuardState } from './decider.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const fail = (seconds: number) => decide({ type: 'RecordPasswordFailure', data: { key: 'k1' }, metadata: metaAt(at(seconds)) }, state);
let state: SignInGuardState = initialState();
const apply = (events: SignInGuardEvent[]) => {
  state = events.reduce(evolve, state);
  return events;
};

describe('sign-in guard decider (password failure budget per account)', () => {
  it('given 9 wrong passwords in the window, when the 10th comes, then sign-in is paused for 15 minutes, once', () => {
    state = initialState();
    for (let i = 0; i < SIGN_IN_FAILURE_RULES.maxFailures - 1; i++) expect(apply(fail(i)).map((e) => e.type)).toEqual(['SignInPasswordFailed']);
    expect(isPaused(state, at(9))).toBe(false);
    expect(apply(fail(9))).toEqual([
      { type: 'SignInPasswordFailed', data: { key: 'k1', at: at(9) } },
      { type: 'SignInPasswordPaused', data: { key: 'k1', at: at(9), until: at(9 + 900) } },
    ]);
    expect(isPaused(state, at(10))).toBe(true);
    expect(apply(fail(10))).toEqual([]); // while paused, nothing more is counted (and no second email)
    expect(isPaused(state, at(9 + 900))).toBe(false);
    // After the pause the budget starts over.
    expect(apply(fail(9 + 901)).map((e) => e.type)).toEqual(['SignInPasswordFailed']);
  });

  it('given failures spread wider than the window, then no pause', () => {
    state = initialState();
    for (let i = 0; i < 30; i++) expect(apply(fail(i * 100)).map((e) => e.type)).toEqual(['SignInPasswordFailed']);
    expect(isPaused(state, at(3000))).toBe(false);
  });
});
