import {
  CLAIM_STATUS_LABELS,
  CLAIM_WINDOW_DAYS,
  REIMBURSEMENT_EVENT_TYPES,
  reimbursementClaimStream,
  type ClaimDocument,
  type ClaimStatus,
  type ReimbursementClaimApproved,
  type ReimbursementClaimPaid,
  type ReimbursementClaimRejected,
  type ReimbursementClaimReviewStarted,
  type ReimbursementClaimSubmitted,
  type ReimbursementInfoProvided,
  type ReimbursementInfoRequested,
  type ReimbursementPayoutRequested,
} from '@acpg/contracts/reimbursement';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { seenButNotAllowed } from '../../../platform/http/access.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

export const claimStream = reimbursementClaimStream;

export type ClaimEvent =
  | { type: 'ReimbursementClaimSubmitted'; data: ReimbursementClaimSubmitted }
  | { type: 'ReimbursementClaimReviewStarted'; data: ReimbursementClaimReviewStarted }
  | { type: 'ReimbursementInfoRequested'; data: ReimbursementInfoRequested }
  | { type: 'ReimbursementInfoProvided'; data: ReimbursementInfoProvided }
  | { type: 'ReimbursementClaimApproved'; data: ReimbursementClaimApproved }
  | { type: 'ReimbursementClaimRejected'; data: ReimbursementClaimRejected }
  | { type: 'ReimbursementPayoutRequested'; data: ReimbursementPayoutRequested }
  | { type: 'ReimbursementClaimPaid'; data: ReimbursementClaimPaid };

/** Every event's data but the three fields the decider fills: the claim (from the stream), who (metadata) and when. */
type Step<T> = Omit<T, 'claim_id' | 'by' | 'at'>;

export type FileClaim = Command<'FileClaim', Step<ReimbursementClaimSubmitted> & { claim_id: string }>;
export type StartReview = Command<'StartReview', Record<string, never>>;
export type RequestInfo = Command<'RequestInfo', Step<ReimbursementInfoRequested>>;
export type ProvideInfo = Command<'ProvideInfo', Step<ReimbursementInfoProvided>>;
export type ApproveClaim = Command<'ApproveClaim', Step<ReimbursementClaimApproved>>;
export type RejectClaim = Command<'RejectClaim', Step<ReimbursementClaimRejected>>;
export type RequestPayout = Command<'RequestPayout', Pick<ReimbursementPayoutRequested, 'method' | 'reference'>>;
/** The payments module recorded the payout (`PayoutRecorded`, maybe delivered again). */
export type MarkPaid = Command<'MarkPaid', Step<ReimbursementClaimPaid>>;

export type ClaimCommand = FileClaim | StartReview | RequestInfo | ProvideInfo | ApproveClaim | RejectClaim | RequestPayout | MarkPaid;

export type FiledClaim = {
  status: ClaimStatus;
  submitted: ReimbursementClaimSubmitted;
  approved: ReimbursementClaimApproved | null;
  payout: ReimbursementPayoutRequested | null;
  paid: ReimbursementClaimPaid | null;
  /** Every document of the claim: the filed ones, then each answer's. */
  documents: readonly ClaimDocument[];
};
export type ClaimState = { status: 'none' } | FiledClaim;

export const initialClaimState = (): ClaimState => ({ status: 'none' });

export const evolveClaim = (state: ClaimState, event: ClaimEvent): ClaimState => {
  if (event.type === 'ReimbursementClaimSubmitted') {
    return { status: 'submitted', submitted: event.data, approved: null, payout: null, paid: null, documents: event.data.documents };
  }
  if (state.status === 'none') return state; // an event without its claim: nothing to fold it into
  switch (event.type) {
    case 'ReimbursementClaimReviewStarted':
      return { ...state, status: 'under_review' };
    case 'ReimbursementInfoRequested':
      return { ...state, status: 'more_info_requested' };
    case 'ReimbursementInfoProvided':
      return { ...state, status: 'under_review', documents: [...state.documents, ...event.data.documents] };
    case 'ReimbursementClaimApproved':
      return { ...state, status: 'approved', approved: event.data };
    case 'ReimbursementClaimRejected':
      return { ...state, status: 'rejected' };
    case 'ReimbursementPayoutRequested':
      return { ...state, payout: event.data };
    case 'ReimbursementClaimPaid':
      return { ...state, status: 'paid', paid: event.data };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown reimbursement claim event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const refused = (message: string) => new DomainError('conflict', 'CLAIM_TRANSITION_REFUSED', message);
const notFound = () => new DomainError('not_found', 'CLAIM_NOT_FOUND', 'This claim was not found.');
const STATUS_WORDS: Record<ClaimStatus, string> = { ...CLAIM_STATUS_LABELS, more_info_requested: 'waiting for more information' };
const words = (status: ClaimStatus) => STATUS_WORDS[status].toLowerCase();

const DAY_MS = 86_400_000;
/** Why an expense date cannot be claimed on `now` (null when it can): in the future, or more than a year ago. */
export const expenseDateProblem = (expenseDate: string, now: Date): string | null => {
  const day = Date.parse(`${expenseDate}T00:00:00.000Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  if (Number.isNaN(day)) return 'The expense date is not a date (YYYY-MM-DD).';
  if (day > today) return 'The expense date is in the future. Enter the day you paid the expense.';
  if (day < today - CLAIM_WINDOW_DAYS * DAY_MS) return `The expense is more than ${CLAIM_WINDOW_DAYS} days old, so it cannot be claimed.`;
  return null;
};

const decideFiled = (command: Exclude<ClaimCommand, FileClaim>, claim: FiledClaim): ClaimEvent[] => {
  const step = { claim_id: claim.submitted.claim_id, ...signedBy(command.metadata) };
  switch (command.type) {
    case 'StartReview': {
      if (claim.status !== 'submitted') throw refused(`A review starts on a submitted claim; this one is ${words(claim.status)}.`);
      return [{ type: 'ReimbursementClaimReviewStarted', data: step }];
    }
    case 'RequestInfo': {
      if (claim.status !== 'under_review') throw refused(`More information is asked for while the claim is under review; this one is ${words(claim.status)}.`);
      return [{ type: 'ReimbursementInfoRequested', data: { ...step, ...command.data } }];
    }
    case 'ProvideInfo': {
      // The route answered 404 to anyone who may not see the claim: past it, only a Super Admin can be refused here.
      if (command.metadata.actor !== claim.submitted.account_id) throw seenButNotAllowed('CLAIM_FORBIDDEN', 'Only the claimant answers a request for more information.');
      if (claim.status !== 'more_info_requested') throw refused(`No information was asked for: this claim is ${words(claim.status)}.`);
      return [{ type: 'ReimbursementInfoProvided', data: { ...step, ...command.data } }];
    }
    case 'ApproveClaim': {
      if (claim.status !== 'under_review') throw refused(`A claim is approved while it is under review; this one is ${words(claim.status)}.`);
      if (command.data.approved_amount_cents > claim.submitted.amount_cents) {
        const message = 'The approved amount is more than the amount claimed. Approve at most the amount claimed.';
        throw new DomainError('invalid', 'APPROVED_AMOUNT_TOO_HIGH', message, [{ path: 'approved_amount_cents', message }]);
      }
      return [{ type: 'ReimbursementClaimApproved', data: { ...step, ...command.data } }];
    }
    case 'RejectClaim': {
      if (claim.status !== 'under_review') throw refused(`A claim is rejected while it is under review; this one is ${words(claim.status)}.`);
      return [{ type: 'ReimbursementClaimRejected', data: { ...step, ...command.data } }];
    }
    case 'RequestPayout': {
      if (claim.status !== 'approved' || !claim.approved) throw refused(`Only an approved claim is paid out; this one is ${words(claim.status)}.`);
      if (claim.payout) throw refused(`The payout was asked for already (${claim.payout.method} ${claim.payout.reference}).`);
      const data = { ...step, account_id: claim.submitted.account_id, amount_cents: claim.approved.approved_amount_cents, ...command.data };
      return [{ type: 'ReimbursementPayoutRequested', data }];
    }
    case 'MarkPaid': {
      if (claim.paid) return []; // recorded already (the payout event delivered again)
      if (claim.status !== 'approved' || !claim.payout) throw refused(`A claim is paid once its payout was asked for; this one is ${words(claim.status)}.`);
      return [{ type: 'ReimbursementClaimPaid', data: { ...step, ...command.data } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown reimbursement claim command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const decideClaim = (command: ClaimCommand, state: ClaimState): ClaimEvent[] => {
  if (command.type === 'FileClaim') {
    if (state.status !== 'none') throw new DomainError('conflict', 'CLAIM_MISMATCH', 'This claim was filed already.');
    const problem = expenseDateProblem(command.data.expense_date, command.metadata.now);
    if (problem) throw new DomainError('invalid', 'EXPENSE_DATE_OUT_OF_RANGE', problem, [{ path: 'expense_date', message: problem }]);
    return [{ type: 'ReimbursementClaimSubmitted', data: { ...command.data, ...signedBy(command.metadata) } }];
  }
  if (state.status === 'none') throw notFound();
  return decideFiled(command, state);
};

/** Reads a stored event back (null for other types). */
export const toClaimEvent = ownEvents<ClaimEvent>(REIMBURSEMENT_EVENT_TYPES);

export const claimDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = {
  initialState: initialClaimState,
  evolve: evolveClaim,
  decide: decideClaim,
  fromStored: toClaimEvent,
};

