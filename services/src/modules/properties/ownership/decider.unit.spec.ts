import { describe, expect, it } from 'vitest';
import { VERIFICATION_RULES, type PropertySummary } from '@acpg/contracts/properties';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { CODE_VALID_SECONDS, decide, evolve, initialState, type OwnershipCommand, type OwnershipEvent, type OwnershipState } from './decider.ts';

const property: PropertySummary = { id: 'ca-scl-00007', address_line: '1234 Oak Street', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95125', apn: '123-45-678' };
const t0 = new Date('2026-03-01T10:00:00.000Z');
const meta = (now: Date = t0) => ({ now, actor: 'acct-1', correlationId: 'c', causationId: 'c', newId: () => 'id' });
const mailCode = (hash: string, id = `v-${hash}`, now: Date = t0): OwnershipCommand => ({
  type: 'MailCode',
  data: { verification_id: id, account_id: 'acct-1', property, code_hash: hash },
  metadata: meta(now),
});
const enterCode = (hash: string, now: Date = t0): OwnershipCommand => ({ type: 'EnterCode', data: { account_id: 'acct-1', code_hash: hash }, metadata: meta(now) });
const run = (state: OwnershipState, command: OwnershipCommand): [OwnershipState, OwnershipEvent[]] => {
  const events = decide(command, state);
  return [events.reduce(evolve, state), events];
};
const refusal = (state: OwnershipState, command: OwnershipCommand): string => {
  try {
    decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('not refused');
};

describe('ownership verification decider', () => {
  it('given nothing, when a code is mailed, then the letter (its HMAC) and the pending contract event are recorded; a second letter records only itself', () => {
    const [state, events] = run(initialState(), mailCode('h1'));
    expect(events.map((e) => e.type)).toEqual(['PropertyCodeMailed', 'PropertyVerificationPending']);
    expect(events[0]?.data).toMatchObject({ code_hash: 'h1', letter_number: 1, expires_at: new Date(t0.getTime() + CODE_VALID_SECONDS * 1000).toISOString() });
    expect(state).toMatchObject({ status: 'letter_sent', letters: 1 });
    const [, again] = run(state, mailCode('h2'));
    expect(again.map((e) => e.type)).toEqual(['PropertyCodeMailed']);
  });

  it('given a letter, when its code is entered, then the property is verified by mailed code', () => {
    const [state] = run(initialState(), mailCode('h1'));
    const [after, events] = run(state, enterCode('h1'));
    expect(events).toEqual([{ type: 'PropertyVerified', data: expect.objectContaining({ verification_id: 'v-h1', account_id: 'acct-1', property_id: property.id, method: 'mailed_code', verified_at: t0.toISOString() }) }]);
    expect(after.status).toBe('verified');
    expect(refusal(after, enterCode('h1'))).toBe('VERIFICATION_COMPLETE');
    expect(refusal(after, mailCode('h3'))).toBe('PROPERTY_ALREADY_VERIFIED');
  });

  it('given two letters, when the first letter’s code is entered, then it is a wrong code (the newest replaces it)', () => {
    let [state] = run(initialState(), mailCode('h1'));
    [state] = run(state, mailCode('h2'));
    const [, events] = run(state, enterCode('h1'));
    expect(events).toEqual([{ type: 'PropertyCodeRejected', data: expect.objectContaining({ failures: 1, tries_left: VERIFICATION_RULES.maxWrongCodes - 1 }) }]);
  });

  it(`locks for good at the ${VERIFICATION_RULES.maxWrongCodes}th wrong code, across letters`, () => {
    let [state] = run(initialState(), mailCode('h1'));
    for (let i = 1; i < VERIFICATION_RULES.maxWrongCodes; i++) [state] = run(state, enterCode('wrong'));
    [state] = run(state, mailCode('h2'));
    const [locked, events] = run(state, enterCode('wrong'));
    expect(events.map((e) => e.type)).toEqual(['PropertyCodeRejected', 'PropertyVerificationLocked']);
    expect(refusal(locked, enterCode('h2'))).toBe('VERIFICATION_LOCKED');
    expect(refusal(locked, mailCode('h3'))).toBe('VERIFICATION_LOCKED');
  });

  it(`mails at most ${VERIFICATION_RULES.maxLetters} letters, whatever the time between them`, () => {
    let state = initialState();
    for (let i = 0; i < VERIFICATION_RULES.maxLetters; i++) [state] = run(state, mailCode(`h${i}`, `v${i}`, new Date(t0.getTime() + i * 400 * 86_400_000)));
    expect(refusal(state, mailCode('hx', 'vx', new Date(t0.getTime() + 5000 * 86_400_000)))).toBe('TOO_MANY_LETTERS');
  });

  it('refuses a code before any letter and an expired code without counting a try', () => {
    expect(refusal(initialState(), enterCode('h1'))).toBe('NO_LETTER_SENT');
    const [state] = run(initialState(), mailCode('h1'));
    const late = new Date(t0.getTime() + CODE_VALID_SECONDS * 1000);
    expect(refusal(state, enterCode('h1', late))).toBe('CODE_EXPIRED');
    expect(refusal(state, enterCode('wrong', late))).toBe('CODE_EXPIRED');
    expect(state.failures).toBe(0);
  });
});
