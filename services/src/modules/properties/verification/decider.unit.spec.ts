import { describe, expect, it } from 'vitest';
import type { PropertySummary } from '@acpg/contracts/properties';
import { metaAt } from '../../../../test/command-meta.ts';
import { decide, evolve, initialState, triesLeft, type VerificationCommand, type VerificationEvent, type VerificationState } from './decider.ts';
import type { AskedQuestion } from './questions.ts';
import { refusalOf } from '../../../../test/refusal.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const given = (...events: VerificationEvent[]): VerificationState => events.reduce(evolve, initialState());
const refusal = (command: VerificationCommand, state: VerificationState) => refusalOf(() => decide(command, state));

const property: PropertySummary = { id: 'ca-scl-00007', address_line: '1234 Oak Street', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95125', apn: '123-45-678' };
const questions: AskedQuestion[] = [
  { id: 'owner_name', prompt: 'Who is the owner of record?', choices: ['Ana Lopez', 'Wei Chen', 'Mary Smith', 'Omar Ali'], answer: 'Wei Chen' },
  { id: 'year_built', prompt: 'In what year was the home built?', choices: ['1961', '1964', '1966', '1971'], answer: '1966' },
];
const right = { owner_name: 'Wei Chen', year_built: '1966' };
const wrong = { owner_name: 'Ana Lopez', year_built: '1966' };

const started: VerificationEvent = {
  type: 'PropertyVerificationStarted',
  data: { verification_id: 'v1', account_id: 'a1', property, questions, started_at: T0, expires_at: at(900) },
};
const rejected = (failures: number, seconds = 1): VerificationEvent => ({
  type: 'PropertyVerificationAnswersRejected',
  data: { verification_id: 'v1', failures, tries_left: 3 - failures, at: at(seconds) },
});
const locked: VerificationEvent = { type: 'PropertyVerificationLocked', data: { verification_id: 'v1', account_id: 'a1', property_id: property.id, at: at(3) } };
const answer = (answers: Record<string, string>, seconds = 10, account = 'a1'): VerificationCommand => ({
  type: 'AnswerVerification',
  data: { account_id: account, answers },
  metadata: metaAt(at(seconds)),
});

describe('property verification decider', () => {
  it('given nothing, when StartVerification, then it starts for 15 minutes with its questions and answers', () => {
    const events = decide({ type: 'StartVerification', data: { verification_id: 'v1', account_id: 'a1', property, questions }, metadata: metaAt(T0) }, given());
    expect(events).toEqual([started]);
    expect(triesLeft(given(...events))).toBe(3);
  });

  it('given a started verification, when StartVerification again, then it is refused', () => {
    expect(refusal({ type: 'StartVerification', data: { verification_id: 'v1', account_id: 'a1', property, questions }, metadata: metaAt(T0) }, given(started)).status).toBe(409);
  });

  it('given nothing, or another account, when answers come, then 404 VERIFICATION_NOT_FOUND', () => {
    expect(refusal(answer(right), given())).toMatchObject({ status: 404, code: 'VERIFICATION_NOT_FOUND' });
    expect(refusal(answer(right, 10, 'a2'), given(started))).toMatchObject({ status: 404, code: 'VERIFICATION_NOT_FOUND' });
  });

  it('given a started verification, when every answer is right, then PropertyVerified with the property and the time', () => {
    expect(decide(answer(right, 899), given(started))).toEqual([
      {
        type: 'PropertyVerified',
        data: {
          verification_id: 'v1', account_id: 'a1', property_id: property.id, address_line: property.address_line, city: 'San Jose',
          county: 'Santa Clara', state: 'CA', zip: '95125', apn: '123-45-678', verified_at: at(899),
        },
      },
    ]);
  });

  it('given a started verification, when one answer is wrong, then the failure is recorded with the tries left', () => {
    expect(decide(answer(wrong), given(started))).toEqual([rejected(1, 10)]);
    expect(triesLeft(given(started, rejected(1)))).toBe(2);
  });

  it('given two wrong submissions, when a third comes, then it locks', () => {
    expect(decide(answer(wrong), given(started, rejected(1), rejected(2)))).toEqual([
      rejected(3, 10),
      { type: 'PropertyVerificationLocked', data: { verification_id: 'v1', account_id: 'a1', property_id: property.id, at: at(10) } },
    ]);
  });

  it('given a locked verification, when even the right answers come, then 410 VERIFICATION_LOCKED', () => {
    expect(refusal(answer(right), given(started, rejected(1), rejected(2), rejected(3), locked))).toMatchObject({ status: 410, code: 'VERIFICATION_LOCKED' });
    expect(triesLeft(given(started, locked))).toBe(0);
  });

  it('given a verified property, when answers come again, then 410 VERIFICATION_COMPLETE (once only)', () => {
    const state = given(started, ...decide(answer(right), given(started)));
    expect(refusal(answer(right, 20), state)).toMatchObject({ status: 410, code: 'VERIFICATION_COMPLETE' });
  });

  it('given 15 minutes passed, when answers come, then 410 VERIFICATION_EXPIRED and nothing is recorded', () => {
    expect(refusal(answer(right, 900), given(started))).toMatchObject({ status: 410, code: 'VERIFICATION_EXPIRED' });
  });

  it('given a started verification, when a question is unanswered, unknown or answered off its choices, then 400 ANSWERS_INCOMPLETE and no try is counted', () => {
    expect(refusal(answer({ owner_name: 'Wei Chen' }), given(started))).toMatchObject({ status: 400, code: 'ANSWERS_INCOMPLETE' });
    expect(refusal(answer({ ...right, pets: 'none' }), given(started))).toMatchObject({ status: 400, code: 'ANSWERS_INCOMPLETE' });
    expect(refusal(answer({ ...right, year_built: '1800' }), given(started)).message).toBe('Pick one of the choices for "In what year was the home built?".');
  });
});
