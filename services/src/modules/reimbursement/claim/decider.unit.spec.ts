import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { decideClaim, evolveClaim, expenseDateProblem, initialClaimState, type ClaimCommand, type ClaimEvent, type ClaimState } from './decider.ts';
import { CLAIM_PATH_TO_PAID, claimDocument, filedClaimData } from '../../../../test/reimbursement.ts';

const CLAIM = '5b1e7c7a-2d1f-4c3e-8a9b-0c1d2e3f4a5b';
const OWNER = 'acct-1';
const ADMIN = 'admin-1';
let clock = Date.parse('2026-11-24T10:00:00.000Z');
const meta = (actor: string | null): CommandMeta => ({ now: new Date((clock += 1000)), actor, correlationId: 'c', causationId: null, newId: () => 'id' });

const doc = (id: string) => claimDocument(CLAIM, id);
const filed = filedClaimData(CLAIM, { account_id: OWNER });

type Cmd = { [K in ClaimCommand['type']]: { type: K; data: Extract<ClaimCommand, { type: K }>['data']; actor: string | null } }[ClaimCommand['type']];

/** Runs commands from `from`, folding what each decides; answers the final state and every event. */
const run = (commands: readonly Cmd[], from: ClaimState = initialClaimState()) => {
  let state = from;
  const events: ClaimEvent[] = [];
  for (const c of commands) {
    const decided = decideClaim({ type: c.type, data: c.data, metadata: meta(c.actor) } as ClaimCommand, state);
    for (const e of decided) state = evolveClaim(state, e);
    events.push(...decided);
  }
  return { state, events };
};
const refusal = (commands: readonly Cmd[], last: Cmd) => {
  const { state } = run(commands);
  try {
    decideClaim({ type: last.type, data: last.data, metadata: meta(last.actor) } as ClaimCommand, state);
  } catch (error) {
    if (error instanceof DomainError) return { status: DOMAIN_ERROR_STATUS[error.kind], code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${last.type} was not refused`);
};

const FILE: Cmd = { type: 'FileClaim', data: filed, actor: OWNER };
const REVIEW: Cmd = { type: 'StartReview', data: {}, actor: ADMIN };
const ASK: Cmd = { type: 'RequestInfo', data: { message: 'Send the invoice, please.' }, actor: ADMIN };
const ANSWER: Cmd = { type: 'ProvideInfo', data: { message: 'Here it is.', documents: [doc('d2')] }, actor: OWNER };
const APPROVE: Cmd = { type: 'ApproveClaim', data: { reason: 'Covered by the plan', approved_amount_cents: 40_000 }, actor: ADMIN };
const REJECT: Cmd = { type: 'RejectClaim', data: { reason: 'Not covered' }, actor: ADMIN };
const PAYOUT: Cmd = { type: 'RequestPayout', data: { method: 'ach', reference: 'ACH-1001' }, actor: ADMIN };
const PAID: Cmd = { type: 'MarkPaid', data: { payout_id: 'p1', amount_cents: 40_000, method: 'ach', reference: 'ACH-1001' }, actor: 'system' };

describe('the reimbursement claim decider', () => {
  it('walks submitted → under review → more info → answered → approved → payout → paid, each step saying who and when', () => {
    const { state, events } = run([FILE, REVIEW, ASK, ANSWER, APPROVE, PAYOUT, PAID]);
    expect(events.map((e) => e.type)).toEqual(CLAIM_PATH_TO_PAID);
    expect(state.status).toBe('paid');
    expect(events.map((e) => e.data.by)).toEqual([OWNER, ADMIN, ADMIN, OWNER, ADMIN, ADMIN, 'system']);
    for (const e of events) expect(e.data).toMatchObject({ claim_id: CLAIM, at: expect.stringMatching(/^2026-11-24T/) });
    expect(events[5]?.data).toMatchObject({ account_id: OWNER, amount_cents: 40_000, method: 'ach', reference: 'ACH-1001' });
    expect(state.status !== 'none' && state.documents.map((d) => d.doc_id)).toEqual(['d1', 'd2']);
  });

  it('folds each event into its status', () => {
    const statuses = [FILE, REVIEW, ASK, ANSWER, APPROVE, PAYOUT, PAID].map((_, i, all) => run(all.slice(0, i + 1)).state.status);
    expect(statuses).toEqual(['submitted', 'under_review', 'more_info_requested', 'under_review', 'approved', 'approved', 'paid']);
    expect(run([FILE, REVIEW, REJECT]).state.status).toBe('rejected');
    const approved = run([FILE, REVIEW, APPROVE, PAYOUT]).state;
    expect(approved.status !== 'none' && approved.payout?.reference).toBe('ACH-1001');
  });

  it('records a payout delivered twice once', () => {
    const { events } = run([FILE, REVIEW, APPROVE, PAYOUT, PAID, PAID]);
    expect(events.filter((e) => e.type === 'ReimbursementClaimPaid')).toHaveLength(1);
  });

  it('approves the amount claimed at most', () => {
    expect(run([FILE, REVIEW, { ...APPROVE, data: { reason: 'All of it', approved_amount_cents: 45_000 } }]).state.status).toBe('approved');
    expect(refusal([FILE, REVIEW], { ...APPROVE, data: { reason: 'More', approved_amount_cents: 45_001 } })).toMatchObject({ status: 400, code: 'APPROVED_AMOUNT_TOO_HIGH' });
  });

  it('refuses every step its status does not allow, in words', () => {
    expect(refusal([FILE], FILE)).toMatchObject({ status: 409, code: 'CLAIM_MISMATCH' });
    for (const command of [REVIEW, ASK, ANSWER, APPROVE, REJECT, PAYOUT, PAID]) expect(refusal([], command)).toMatchObject({ status: 404, code: 'CLAIM_NOT_FOUND' });
    const transition = { status: 409, code: 'CLAIM_TRANSITION_REFUSED' };
    expect(refusal([FILE, REVIEW], REVIEW)).toMatchObject({ ...transition, message: 'A review starts on a submitted claim; this one is under review.' });
    expect(refusal([FILE], ASK)).toMatchObject({ ...transition, message: 'More information is asked for while the claim is under review; this one is submitted.' });
    expect(refusal([FILE, REVIEW], ANSWER)).toMatchObject({ ...transition, message: 'No information was asked for: this claim is under review.' });
    expect(refusal([FILE, REVIEW, ASK], APPROVE)).toMatchObject({ ...transition, message: 'A claim is approved while it is under review; this one is waiting for more information.' });
    expect(refusal([FILE], REJECT)).toMatchObject({ ...transition, message: 'A claim is rejected while it is under review; this one is submitted.' });
    expect(refusal([FILE, REVIEW, REJECT], APPROVE)).toMatchObject(transition);
    expect(refusal([FILE, REVIEW, APPROVE], REJECT)).toMatchObject(transition);
    expect(refusal([FILE, REVIEW, REJECT], PAYOUT)).toMatchObject({ ...transition, message: 'Only an approved claim is paid out; this one is rejected.' });
    expect(refusal([FILE, REVIEW, APPROVE, PAYOUT], PAYOUT)).toMatchObject({ ...transition, message: 'The payout was asked for already (ach ACH-1001).' });
    expect(refusal([FILE, REVIEW, APPROVE], PAID)).toMatchObject({ ...transition, message: 'A claim is paid once its payout was asked for; this one is approved.' });
    expect(refusal([FILE, REVIEW, APPROVE, PAYOUT, PAID], PAYOUT)).toMatchObject({ ...transition, message: 'Only an approved claim is paid out; this one is paid.' });
    expect(refusal([FILE, REVIEW, APPROVE, PAYOUT, PAID], REVIEW)).toMatchObject(transition);
  });

  it('lets only the claimant answer', () => {
    expect(refusal([FILE, REVIEW, ASK], { ...ANSWER, actor: 'someone-else' })).toMatchObject({ status: 403, code: 'CLAIM_FORBIDDEN' });
    expect(refusal([FILE, REVIEW, ASK], { ...ANSWER, actor: null })).toMatchObject({ status: 403 });
  });

  it('files expenses of the last year only, never a future one', () => {
    const now = new Date('2026-11-24T23:59:00.000Z');
    expect(expenseDateProblem('2026-11-24', now)).toBeNull();
    expect(expenseDateProblem('2025-11-24', now)).toBeNull();
    expect(expenseDateProblem('2025-11-23', now)).toMatch(/more than 365 days old/);
    expect(expenseDateProblem('2026-11-25', now)).toMatch(/in the future/);
    expect(refusal([], { ...FILE, data: { ...filed, expense_date: '2099-01-01' } })).toMatchObject({ status: 400, code: 'EXPENSE_DATE_OUT_OF_RANGE' });
    expect(refusal([], { ...FILE, data: { ...filed, expense_date: '2020-01-01' } })).toMatchObject({ status: 400, code: 'EXPENSE_DATE_OUT_OF_RANGE' });
  });

  it('ignores events of a claim folded without their start', () => {
    const state = evolveClaim(initialClaimState(), { type: 'ReimbursementClaimReviewStarted', data: { claim_id: CLAIM, by: 'x', at: 'y' } });
    expect(state.status).toBe('none');
  });
});
