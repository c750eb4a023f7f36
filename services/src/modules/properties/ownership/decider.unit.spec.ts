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

describe('ownership verification decider: documents reviewed by a Super Admin', () => {
  const submit = (id: string, now: Date = t0): OwnershipCommand => ({
    type: 'SubmitDocument',
    data: { document_id: id, account_id: 'acct-1', property, kind: 'deed', file_key: `properties/documents/${id}`, content_type: 'application/pdf' },
    metadata: meta(now),
  });
  const approve = (id: string): OwnershipCommand => ({ type: 'ApproveDocument', data: { document_id: id, by: 'admin-1' }, metadata: meta() });
  const reject = (id: string, reason = 'The name on the deed is not yours.'): OwnershipCommand => ({ type: 'RejectDocument', data: { document_id: id, by: 'admin-1', reason }, metadata: meta() });

  it('given nothing, when a document is sent, then it waits for review and the pending contract event says method document', () => {
    const [state, events] = run(initialState(), submit('d1'));
    expect(events.map((e) => e.type)).toEqual(['PropertyDocumentSubmitted', 'PropertyVerificationPending']);
    expect(events[1]?.data).toMatchObject({ method: 'document', property_id: property.id });
    expect(state).toMatchObject({ documents: 1, review: { documentId: 'd1', accountId: 'acct-1' }, status: 'none' });
  });

  it('given a letter already mailed, when a document is sent, then no second pending event is recorded', () => {
    const [mailed] = run(initialState(), mailCode('h1'));
    const [, events] = run(mailed, submit('d1'));
    expect(events.map((e) => e.type)).toEqual(['PropertyDocumentSubmitted']);
  });

  it('given a document under review, when it is approved, then the property is verified the same way as by a code, with method document', () => {
    const [waiting] = run(initialState(), submit('d1'));
    const [state, events] = run(waiting, approve('d1'));
    expect(events.map((e) => e.type)).toEqual(['PropertyDocumentApproved', 'PropertyVerified']);
    expect(events[1]?.data).toMatchObject({ verification_id: 'd1', account_id: 'acct-1', property_id: property.id, method: 'document', verified_at: t0.toISOString() });
    expect(state.status).toBe('verified');
    expect(refusal(state, approve('d1'))).toBe('DOCUMENT_ALREADY_REVIEWED');
    expect(refusal(state, submit('d2'))).toBe('PROPERTY_ALREADY_VERIFIED');
  });

  it('given a document under review, when another is sent, then it is refused; a rejection carries the reason and lets the member send another', () => {
    const [waiting] = run(initialState(), submit('d1'));
    expect(refusal(waiting, submit('d2'))).toBe('DOCUMENT_UNDER_REVIEW');
    const [rejected, events] = run(waiting, reject('d1'));
    expect(events).toEqual([
      { type: 'PropertyDocumentRejected', data: { document_id: 'd1', account_id: 'acct-1', property_id: property.id, by: 'admin-1', reason: 'The name on the deed is not yours.', documents_left: 2, at: t0.toISOString() } },
    ]);
    expect(rejected.review).toBeNull();
    expect(refusal(rejected, reject('d1'))).toBe('DOCUMENT_ALREADY_REVIEWED');
    const [, again] = run(rejected, submit('d2'));
    expect(again.map((e) => e.type)).toEqual(['PropertyDocumentSubmitted']);
  });

  it('given the lifetime cap of documents were rejected, when another is sent, then it is refused for good', () => {
    let state = initialState();
    for (let i = 1; i <= 3; i += 1) {
      [state] = run(state, submit(`d${i}`));
      [state] = run(state, reject(`d${i}`));
    }
    expect(refusal(state, submit('d4'))).toBe('TOO_MANY_DOCUMENTS');
  });

  it('given the property was verified by a code while a document waited, when the document is approved, then it is not verified a second time', () => {
    const [waiting] = run(initialState(), submit('d1'));
    const [mailed] = run(waiting, mailCode('h1'));
    const [verified] = run(mailed, enterCode('h1'));
    const [, events] = run(verified, approve('d1'));
    expect(events.map((e) => e.type)).toEqual(['PropertyDocumentApproved']);
  });

  it('refuses approving a document that is not the one waiting', () => {
    const [waiting] = run(initialState(), submit('d1'));
    expect(refusal(waiting, approve('other'))).toBe('DOCUMENT_ALREADY_REVIEWED');
  });
});

describe('ownership verification decider: the contract events it publishes', () => {
  const submit = (id: string): OwnershipCommand => ({
    type: 'SubmitDocument',
    data: { document_id: id, account_id: 'acct-1', property, kind: 'deed', file_key: `properties/documents/${id}`, content_type: 'application/pdf' },
    metadata: meta(),
  });
  const approve = (id: string): OwnershipCommand => ({ type: 'ApproveDocument', data: { document_id: id, by: 'admin-1' }, metadata: meta() });
  const facts = (verificationId: string) =>
    `"verification_id":"${verificationId}","account_id":"acct-1","property_id":"ca-scl-00007","address_line":"1234 Oak Street","city":"San Jose","county":"Santa Clara","state":"CA","zip":"95125","apn":"123-45-678"`;
  const at = t0.toISOString();
  // Stored and replayed as written: the data's fields and their order are pinned, by letter and by document alike.
  const json = (events: OwnershipEvent[], type: string) => JSON.stringify(events.find((e) => e.type === type)?.data);

  it('given a letter, then pending and verified carry the whole property with method mailed_code', () => {
    const [mailed, pending] = run(initialState(), mailCode('h1'));
    expect(json(pending, 'PropertyVerificationPending')).toBe(`{${facts('v-h1')},"method":"mailed_code","requested_at":"${at}"}`);
    const [, verified] = run(mailed, enterCode('h1'));
    expect(json(verified, 'PropertyVerified')).toBe(`{${facts('v-h1')},"verified_at":"${at}","method":"mailed_code"}`);
  });

  it('given a document, then pending and verified carry the whole property with method document', () => {
    const [waiting, pending] = run(initialState(), submit('d1'));
    expect(json(pending, 'PropertyVerificationPending')).toBe(`{${facts('d1')},"method":"document","requested_at":"${at}"}`);
    const [, verified] = run(waiting, approve('d1'));
    expect(json(verified, 'PropertyVerified')).toBe(`{${facts('d1')},"verified_at":"${at}","method":"document"}`);
  });
});

describe('ownership verification decider: confirmed through a provider', () => {
  const confirm = (now: Date = t0): OwnershipCommand => ({
    type: 'ConfirmByProvider',
    data: { verification_id: 'provider-e1', account_id: 'acct-1', property, provider_name: 'Lennar Homes' },
    metadata: meta(now),
  });

  it('given nothing or a letter on its way, when the member confirms what their provider attached, then the property is verified with method provider and who vouched', () => {
    const [state, events] = run(initialState(), confirm());
    expect(events).toEqual([
      {
        type: 'PropertyVerified',
        data: {
          verification_id: 'provider-e1',
          account_id: 'acct-1',
          property_id: property.id,
          address_line: property.address_line,
          city: property.city,
          county: property.county,
          state: 'CA',
          zip: property.zip,
          apn: property.apn,
          verified_at: t0.toISOString(),
          method: 'provider',
          source: 'confirmed by provider Lennar Homes',
        },
      },
    ]);
    expect(state.status).toBe('verified');
    const [lettered] = run(initialState(), mailCode('h1'));
    expect(run(lettered, confirm())[1].map((e) => e.type)).toEqual(['PropertyVerified']);
  });

  it('given a verified property, when confirmed again (a repeated job), then nothing is recorded', () => {
    const [state] = run(initialState(), confirm());
    expect(decide(confirm(), state)).toEqual([]);
  });
});
