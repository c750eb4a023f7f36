import { describe, expect, it } from 'vitest';
import { PIN_RULES } from '@acpg/contracts/member-data';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError, RetryLater } from '../../../platform/commands/domain-error.ts';
import { decide, evolve, initialState, type MemberDataCommand, type MemberDataEvent, type MemberDataState } from './decider.ts';

const AT = new Date('2026-11-28T10:00:00.000Z');
const meta = (now = AT): CommandMeta => ({ now, actor: 'acct-1', correlationId: 'c', causationId: null, newId: () => 'id' });
const given = (...events: MemberDataEvent[]): MemberDataState => events.reduce(evolve, initialState());
const beneficiaries = (pin: 'correct' | 'wrong' | 'not_set', now = AT): MemberDataCommand => ({
  type: 'ChangeBeneficiaries',
  data: { account_id: 'acct-1', count: 2, beneficiaries_encrypted: 'enc', pin },
  metadata: meta(now),
});
const pinSet: MemberDataEvent = { type: 'MemberPinChanged', data: { account_id: 'acct-1', pin_hash: 'h', at: AT.toISOString() } };
const wrongTries = (n: number) => {
  let state = given(pinSet);
  for (let i = 0; i < n; i++) for (const e of decide(beneficiaries('wrong'), state)) state = evolve(state, e);
  return state;
};

describe('member data decider', () => {
  it('changes the beneficiaries with the right PIN and resets the wrong-try count', () => {
    const events = decide(beneficiaries('correct'), wrongTries(2));
    expect(events).toEqual([{ type: 'MemberBeneficiariesChanged', data: { account_id: 'acct-1', count: 2, beneficiaries_encrypted: 'enc', at: AT.toISOString() } }]);
    expect(evolve(wrongTries(2), events[0]!).pinFailures).toBe(0);
  });

  it('refuses a change of beneficiaries without a PIN set', () => {
    expect(() => decide(beneficiaries('not_set'), initialState())).toThrow('Set your security PIN first');
  });

  it('counts a wrong PIN instead of changing anything, and locks on the last allowed try', () => {
    expect(decide(beneficiaries('wrong'), given(pinSet))).toEqual([{ type: 'MemberPinRejected', data: { account_id: 'acct-1', failures: 1, tries_left: PIN_RULES.maxWrongTries - 1, at: AT.toISOString() } }]);
    const last = decide(beneficiaries('wrong'), wrongTries(PIN_RULES.maxWrongTries - 1));
    expect(last.map((e) => e.type)).toEqual(['MemberPinRejected', 'MemberPinLocked']);
    expect(last[1]?.data).toMatchObject({ until: new Date(AT.getTime() + PIN_RULES.lockSeconds * 1000).toISOString() });
  });

  it('refuses even the right PIN while locked, and takes it once the lock ends', () => {
    const locked = wrongTries(PIN_RULES.maxWrongTries);
    expect(() => decide(beneficiaries('correct'), locked)).toThrow(RetryLater);
    const changePin: MemberDataCommand = { type: 'ChangePin', data: { account_id: 'acct-1', pin_hash: 'h2', pin: 'correct' }, metadata: meta() };
    expect(() => decide(changePin, locked)).toThrow(RetryLater);
    const after = new Date(AT.getTime() + PIN_RULES.lockSeconds * 1000);
    expect(decide(beneficiaries('correct', after), locked).map((e) => e.type)).toEqual(['MemberBeneficiariesChanged']);
  });

  it('sets a first PIN without a current one; a wrong current PIN changes nothing', () => {
    const first: MemberDataCommand = { type: 'ChangePin', data: { account_id: 'acct-1', pin_hash: 'h1', pin: 'not_set' }, metadata: meta() };
    expect(decide(first, initialState()).map((e) => e.type)).toEqual(['MemberPinChanged']);
    const wrong: MemberDataCommand = { type: 'ChangePin', data: { account_id: 'acct-1', pin_hash: '', pin: 'wrong' }, metadata: meta() };
    expect(decide(wrong, given(pinSet)).map((e) => e.type)).toEqual(['MemberPinRejected']);
  });

  it('keeps a face photo when only the signature changes', () => {
    const at = AT.toISOString();
    const state = given(
      { type: 'MemberFaceSignatureChanged', data: { account_id: 'acct-1', face_file: 'f1', signature_file: 's1', at } },
      { type: 'MemberFaceSignatureChanged', data: { account_id: 'acct-1', face_file: null, signature_file: 's2', at } },
    );
    expect([state.face?.file, state.signature?.file]).toEqual(['f1', 's2']);
    expect(() => decide({ type: 'ChangeFaceSignature', data: { account_id: 'acct-1', face_file: null, signature_file: null }, metadata: meta() }, state)).toThrow(DomainError);
  });

  describe('payout details', () => {
    const deposit = { method: 'direct_deposit' as const, account_holder: 'Jane Doe', bank_name: null, account_type: 'checking' as const, account_last4: '6789' };
    const address = { line1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' };
    const payout = (pin: 'correct' | 'wrong' | 'not_set', request: { method: 'check' } | typeof deposit = deposit, mailing_address: typeof address | null = address): MemberDataCommand => ({
      type: 'ChangePayoutDetails',
      data: { account_id: 'acct-1', request, bank_encrypted: request.method === 'direct_deposit' ? 'bank-enc' : null, mailing_address, pin },
      metadata: meta(),
    });

    it('asks the PIN like the beneficiaries: refused without one, counted when wrong, refused while locked', () => {
      expect(() => decide(payout('not_set'), initialState())).toThrow('it is asked before payout details change');
      expect(decide(payout('wrong'), given(pinSet)).map((e) => e.type)).toEqual(['MemberPinRejected']);
      // Wrong PINs on beneficiaries and on payout details count together.
      expect(decide(payout('wrong'), wrongTries(PIN_RULES.maxWrongTries - 1)).map((e) => e.type)).toEqual(['MemberPinRejected', 'MemberPinLocked']);
      expect(() => decide(payout('correct'), wrongTries(PIN_RULES.maxWrongTries))).toThrow(RetryLater);
    });

    it('records direct deposit masked, and a check with the mailing address on file', () => {
      expect(decide(payout('correct'), wrongTries(2))).toEqual([
        { type: 'MemberBankAccountStored', data: { account_id: 'acct-1', bank_encrypted: 'bank-enc', at: AT.toISOString() } },
        { type: 'MemberPayoutDetailsChanged', data: { account_id: 'acct-1', details: deposit, reason: 'changed', at: AT.toISOString() } },
      ]);
      const [check] = decide(payout('correct', { method: 'check' }), given(pinSet));
      expect(check?.data).toMatchObject({ details: { method: 'check', mailing_address: address } });
      expect(evolve(wrongTries(2), check!).pinFailures).toBe(0);
    });

    it('refuses a check with no mailing address before the PIN is counted', () => {
      expect(() => decide(payout('wrong', { method: 'check' }, null), given(pinSet))).toThrow(expect.objectContaining({ code: 'MAILING_ADDRESS_REQUIRED' }));
    });

    it('readdresses a check when the mailing address changes, and nothing else', () => {
      const moved = { ...address, line1: '9 Elm St' };
      const change: MemberDataCommand = { type: 'ChangeMailingAddress', data: { account_id: 'acct-1', address_encrypted: 'enc', address: moved }, metadata: meta() };
      expect(decide(change, given(pinSet)).map((e) => e.type)).toEqual(['MemberMailingAddressChanged']);
      const byCheck = given(pinSet, ...decide(payout('correct', { method: 'check' }), given(pinSet)));
      const events = decide(change, byCheck);
      expect(events.map((e) => e.type)).toEqual(['MemberMailingAddressChanged', 'MemberPayoutDetailsChanged']);
      expect(events[1]?.data).toMatchObject({ details: { method: 'check', mailing_address: moved }, reason: 'mailing_address_changed' });
      const byDeposit = given(pinSet, ...decide(payout('correct'), given(pinSet)));
      expect(decide(change, byDeposit).map((e) => e.type)).toEqual(['MemberMailingAddressChanged']);
    });

    const reveal = (reason = 'Paying claim C-1'): MemberDataCommand => ({ type: 'RevealPayoutDetails', data: { account_id: 'acct-1', by: 'admin-1', reason }, metadata: meta() });

    it('records a reveal of the bank numbers of a direct deposit, and refuses one with no direct deposit', () => {
      expect(() => decide(reveal(), given(pinSet))).toThrow(expect.objectContaining({ code: 'NO_DIRECT_DEPOSIT' }));
      const byDeposit = given(pinSet, ...decide(payout('correct'), given(pinSet)));
      expect(byDeposit.bank?.encrypted).toBe('bank-enc');
      expect(decide(reveal(), byDeposit)).toEqual([{ type: 'MemberPayoutDetailsRevealed', data: { account_id: 'acct-1', by: 'admin-1', reason: 'Paying claim C-1', at: AT.toISOString() } }]);
      expect(() => decide(reveal('  '), byDeposit)).toThrow(DomainError);
      // A switch to a check drops the numbers: nothing to reveal.
      const byCheck = given(pinSet, ...decide(payout('correct'), given(pinSet)), ...decide(payout('correct', { method: 'check' }), given(pinSet)));
      expect(byCheck.bank).toBeNull();
      expect(() => decide(reveal(), byCheck)).toThrow(expect.objectContaining({ code: 'NO_DIRECT_DEPOSIT' }));
      // A direct deposit saved before the numbers were kept: none to reveal.
      const masked = given(pinSet, { type: 'MemberPayoutDetailsChanged', data: { account_id: 'acct-1', details: deposit, reason: 'changed', at: AT.toISOString() } });
      expect(() => decide(reveal(), masked)).toThrow(expect.objectContaining({ code: 'BANK_DETAILS_NOT_KEPT' }));
    });

    it('refuses a direct deposit without its numbers', () => {
      const bad: MemberDataCommand = { type: 'ChangePayoutDetails', data: { account_id: 'acct-1', request: deposit, bank_encrypted: null, mailing_address: null, pin: 'correct' }, metadata: meta() };
      expect(() => decide(bad, given(pinSet))).toThrow(expect.objectContaining({ code: 'INVALID_COMMAND' }));
    });
  });
});
