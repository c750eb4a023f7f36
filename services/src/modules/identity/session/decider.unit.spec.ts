import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { refusalOf } from '../../../../test/refusal.ts';
import { decide, evolve, initialState, REFRESH_REUSE_GRACE_SECONDS, type SessionCommand, type SessionEvent, type SessionState } from './decider.ts';

const T0 = '2025-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const DAY = 86_400;
const given = (...events: SessionEvent[]): SessionState => events.reduce(evolve, initialState());
const refusal = (command: SessionCommand, state: SessionState) => {
  const { status, code } = refusalOf(() => decide(command, state));
  return { status, code };
};

const started: SessionEvent = { type: 'SessionStarted', data: { session_id: 's1', account_id: 'a1', token_hash: 't1', started_at: T0, expires_at: at(30 * DAY) } };
const refreshed = (hash: string, seconds: number): SessionEvent => ({
  type: 'SessionRefreshed',
  data: { session_id: 's1', token_hash: hash, refreshed_at: at(seconds), expires_at: at(seconds + 30 * DAY) },
});
const refresh = (presented: string, next: string, seconds: number): SessionCommand => ({
  type: 'RefreshSession',
  data: { presented_hash: presented, new_hash: next, ttl_seconds: 30 * DAY, max_age_seconds: 365 * DAY }, metadata: metaAt(at(seconds)),
});

describe('absolute session lifetime (SESSION_MAX_AGE_DAYS)', () => {
  const within = (presented: string, next: string, seconds: number): SessionCommand => ({
    type: 'RefreshSession',
    data: { presented_hash: presented, new_hash: next, ttl_seconds: 30 * DAY, max_age_seconds: 30 * DAY },
    metadata: metaAt(at(seconds)),
  });

  it('a chain refreshed every day ends 30 days after its sign-in: the refresh token never outlives it', () => {
    let state = given(started);
    let hash = 't1';
    for (let day = 1; day < 30; day++) {
      const events = decide(within(hash, `t${day + 1}`, day * DAY), state);
      expect(events[0]?.type).toBe('SessionRefreshed');
      expect(Date.parse((events[0] as Extract<SessionEvent, { type: 'SessionRefreshed' }>).data.expires_at)).toBeLessThanOrEqual(Date.parse(at(30 * DAY)));
      state = events.reduce(evolve, state);
      hash = `t${day + 1}`;
    }
    expect(refusal(within(hash, 'late', 30 * DAY), state)).toEqual({ status: 401, code: 'SESSION_ENDED' });
  });
});

describe('session (refresh-token family) decider', () => {
  it('given nothing, when StartSession, then the session starts', () => {
    expect(decide({ type: 'StartSession', data: { session_id: 's1', account_id: 'a1', token_hash: 't1', ttl_seconds: 30 * DAY }, metadata: metaAt(T0) }, given())).toEqual([started]);
  });

  it('given nothing, when StartSession carries the browser\'s user agent, then the event records it (snake_case); without one, the field is absent', () => {
    const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
    const start = (data: { user_agent?: string }): SessionCommand => ({
      type: 'StartSession',
      data: { session_id: 's1', account_id: 'a1', token_hash: 't1', ttl_seconds: 30 * DAY, ...data },
      metadata: metaAt(T0),
    });
    expect(decide(start({ user_agent: agent }), given())).toEqual([{ ...started, data: { ...started.data, user_agent: agent } }]);
    expect(Object.keys(decide(start({}), given())[0]?.data ?? {})).not.toContain('user_agent');
  });

  it('given an active session, when the current token is presented, then it rotates', () => {
    expect(decide(refresh('t1', 't2', 60), given(started))).toEqual([refreshed('t2', 60)]);
  });

  it('given a token rotated away from moments ago, when it is presented again (the answer was lost), then it rotates again', () => {
    const state = given(started, refreshed('t2', 60));
    expect(decide(refresh('t1', 't3', 60 + REFRESH_REUSE_GRACE_SECONDS - 1), state)).toEqual([refreshed('t3', 60 + REFRESH_REUSE_GRACE_SECONDS - 1)]);
    // Only the latest one: an older token is reuse even inside the window.
    const twice = given(started, refreshed('t2', 60), refreshed('t3', 61));
    expect(decide(refresh('t1', 't4', 62), twice)).toEqual([{ type: 'SessionReuseDetected', data: { session_id: 's1', at: at(62) } }]);
  });

  it('given a rotated token, when the old one is presented past the grace window, then reuse is detected and the family is revoked', () => {
    const state = given(started, refreshed('t2', 60));
    expect(decide(refresh('t1', 't3', 120), state)).toEqual([{ type: 'SessionReuseDetected', data: { session_id: 's1', at: at(120) } }]);
    const revoked = given(started, refreshed('t2', 60), { type: 'SessionReuseDetected', data: { session_id: 's1', at: at(120) } });
    expect(refusal(refresh('t2', 't3', 130), revoked)).toEqual({ status: 401, code: 'SESSION_ENDED' });
  });

  it('given an active session, when an unknown token is presented, then 401 without revoking', () => {
    expect(refusal(refresh('forged', 't2', 60), given(started))).toEqual({ status: 401, code: 'SESSION_ENDED' });
  });

  it('given nothing, when a refresh comes, then 401', () => {
    expect(refusal(refresh('t1', 't2', 60), given()).code).toBe('SESSION_ENDED');
  });

  it('given an expired session, when the current token is presented, then 401', () => {
    expect(refusal(refresh('t1', 't2', 30 * DAY), given(started)).code).toBe('SESSION_ENDED');
  });

  it('given a refresh, then the expiry slides', () => {
    expect(decide(refresh('t2', 't3', 31 * DAY), given(started, refreshed('t2', 29 * DAY)))).toHaveLength(1);
  });

  it('given an active session, when EndSession with the token, then it ends; again, nothing more', () => {
    const end: SessionCommand = { type: 'EndSession', data: { presented_hash: 't1' }, metadata: metaAt(at(5)) };
    const events = decide(end, given(started));
    expect(events).toEqual([{ type: 'SessionEnded', data: { session_id: 's1', reason: 'sign-out', at: at(5) } }]);
    expect(decide(end, given(started, ...events))).toEqual([]);
    expect(refusal(refresh('t1', 't2', 10), given(started, ...events)).code).toBe('SESSION_ENDED');
  });

  it('given an active session, when EndSession with an unknown token, then nothing is recorded', () => {
    expect(decide({ type: 'EndSession', data: { presented_hash: 'forged' }, metadata: metaAt(at(5)) }, given(started))).toEqual([]);
  });
});
