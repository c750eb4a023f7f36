import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../../test/command-meta.ts';
import { refusalOf } from '../../../../../test/refusal.ts';
import { decide, evolve, initialState, type ContactChangeCommand, type ContactChangeEvent, type ContactChangeState } from './decider.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const given = (...events: ContactChangeEvent[]): ContactChangeState => events.reduce(evolve, initialState());
const refusal = (command: ContactChangeCommand, state: ContactChangeState) => {
  const { status, code } = refusalOf(() => decide(command, state));
  return [status, code];
};

const data = { change_id: 'c1', account_id: 'a1', channel: 'email' as const, destination_encrypted: 'enc', destination_masked: 'n*w@example.test', code_hash: 'right' };
const requested: ContactChangeEvent = { type: 'ContactChangeRequested', data: { ...data, requested_at: at(0), expires_at: at(600) } };
const rejected = (failures: number): ContactChangeEvent => ({ type: 'ContactChangeCodeRejected', data: { change_id: 'c1', failures, tries_left: 5 - failures, at: at(1) } });
const verify = (hash: string, seconds: number, account = 'a1'): ContactChangeCommand => ({ type: 'VerifyChange', data: { account_id: account, code_hash: hash, claim_id: `claim-${seconds}` }, metadata: metaAt(at(seconds)) });

describe('contact change decider', () => {
  it('given nothing, when RequestChange, then the change is requested with a code valid 10 minutes', () => {
    expect(decide({ type: 'RequestChange', data, metadata: metaAt(T0) }, given())).toEqual([requested]);
  });

  it('refuses a second RequestChange on the same stream', () => {
    expect(refusal({ type: 'RequestChange', data, metadata: metaAt(T0) }, given(requested))).toEqual([409, 'CHANGE_USED']);
  });

  it('when the right code comes in time from its account, then it is used up (claimed) before the change, recorded once applied', () => {
    const accepted = decide(verify('right', 599), given(requested));
    expect(accepted).toEqual([{ type: 'ContactChangeCodeAccepted', data: { change_id: 'c1', claim_id: 'claim-599', at: at(599) } }]);
    const finish = (claim: string): ContactChangeCommand => ({ type: 'FinishChange', data: { claim_id: claim, previous_encrypted: 'old' }, metadata: metaAt(at(600)) });
    expect(decide(finish('claim-599'), given(requested, ...accepted))).toEqual([
      { type: 'ContactChangeVerified', data: { change_id: 'c1', account_id: 'a1', channel: 'email', at: at(600), previous_encrypted: 'old' } },
    ]);
    expect(refusal(finish('another'), given(requested, ...accepted))).toEqual([410, 'CHANGE_USED']);
    expect(refusal(finish('claim-599'), given(requested))).toEqual([410, 'CHANGE_USED']);
  });

  it('while a claim is held, another try is refused (409 OTP_IN_USE) without comparing or counting its code; after it, the same code claims again', () => {
    const claimed = given(requested, ...decide(verify('right', 10), given(requested)));
    expect(refusal(verify('right', 39), claimed)).toEqual([409, 'OTP_IN_USE']);
    expect(refusal(verify('wrong', 39), claimed)).toEqual([409, 'OTP_IN_USE']);
    // The claimer died on the way: past the claim (and even past the code's 10 minutes) the same code finishes the change.
    expect(decide(verify('right', 700), claimed)).toEqual([{ type: 'ContactChangeCodeAccepted', data: { change_id: 'c1', claim_id: 'claim-700', at: at(700) } }]);
  });

  it('a released claim gives the code back; a release by another claim changes nothing', () => {
    const claimed = given(requested, ...decide(verify('right', 10), given(requested)));
    const release = (claim: string): ContactChangeCommand => ({ type: 'ReleaseChange', data: { claim_id: claim }, metadata: metaAt(at(11)) });
    expect(decide(release('another'), claimed)).toEqual([]);
    const released = decide(release('claim-10'), claimed);
    expect(released.map((e) => e.type)).toEqual(['ContactChangeCodeReleased']);
    expect(decide(verify('right', 12), released.reduce(evolve, claimed)).map((e) => e.type)).toEqual(['ContactChangeCodeAccepted']);
  });

  it('counts wrong codes and locks on the 5th', () => {
    expect(decide(verify('wrong', 5), given(requested))).toEqual([{ type: 'ContactChangeCodeRejected', data: { change_id: 'c1', failures: 1, tries_left: 4, at: at(5) } }]);
    expect(decide(verify('wrong', 5), given(requested, rejected(4))).map((e) => e.type)).toEqual(['ContactChangeCodeRejected', 'ContactChangeLocked']);
  });

  it('refuses: unknown (404), another account (404), expired (410), locked (410), done (410)', () => {
    expect(refusal(verify('right', 1), given())).toEqual([404, 'CHANGE_NOT_FOUND']);
    expect(refusal(verify('right', 1, 'a2'), given(requested))).toEqual([404, 'CHANGE_NOT_FOUND']);
    expect(refusal(verify('right', 600), given(requested))).toEqual([410, 'OTP_EXPIRED']);
    expect(refusal(verify('right', 2), given(requested, rejected(5), { type: 'ContactChangeLocked', data: { change_id: 'c1', at: at(1) } }))).toEqual([410, 'CHANGE_LOCKED']);
    const verified: ContactChangeEvent = { type: 'ContactChangeVerified', data: { change_id: 'c1', account_id: 'a1', channel: 'email', at: at(1) } };
    expect(refusal(verify('right', 2), given(requested, verified))).toEqual([410, 'CHANGE_USED']);
  });

  it('the undo link works once, for undo_days after the change, and only for a verified change', () => {
    const DAY = 86_400;
    const verified: ContactChangeEvent = { type: 'ContactChangeVerified', data: { change_id: 'c1', account_id: 'a1', channel: 'email', at: at(10), previous_encrypted: 'old' } };
    const undo = (seconds: number): ContactChangeCommand => ({ type: 'UndoChange', data: { undo_days: 7 }, metadata: metaAt(at(seconds)) });
    expect(refusal(undo(20), given(requested))).toEqual([404, 'UNDO_NOT_FOUND']);
    expect(refusal(undo(20), given())).toEqual([404, 'UNDO_NOT_FOUND']);
    const undone = decide(undo(10 + 7 * DAY - 1), given(requested, verified));
    expect(undone).toEqual([{ type: 'ContactChangeUndone', data: { change_id: 'c1', account_id: 'a1', channel: 'email', at: at(10 + 7 * DAY - 1) } }]);
    expect(refusal(undo(10 + 7 * DAY), given(requested, verified))).toEqual([410, 'UNDO_EXPIRED']);
    expect(refusal(undo(30), given(requested, verified, ...undone))).toEqual([410, 'UNDO_USED']);
    expect(refusal(verify('right', 31), given(requested, verified, ...undone))).toEqual([410, 'CHANGE_USED']);
  });
});
