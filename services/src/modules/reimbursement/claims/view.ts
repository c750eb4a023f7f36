import { ClaimView, type ClaimDocument } from '@acpg/contracts/reimbursement';
import type { Doc } from '../../../platform/documents/port.ts';
import { entityRows } from '../../../platform/entities/entity-rows.ts';
import { toClaimEvent, type ClaimEvent } from '../claim/decider.ts';

export const CLAIMS_COLLECTION = 'reimbursement_claims';

type Row = Omit<ClaimView, 'version' | 'position'> & {
  _id: string;
  /** The admin list's county filter, at the top level. */
  county: string;
  /** Lower-case words the admin list's search matches besides the claimant: the number and the address. */
  search_text: string;
};

const listed = (documents: readonly ClaimDocument[], at: string, by: string) =>
  documents.map((d) => ({ doc_id: d.doc_id, name: d.name, content_type: d.content_type, size: d.size, added_at: at, by }));

const touched = (row: Row, at: string): Row => ({ ...row, updated_at: at });

/** The claim's row after one more event (pure: the projection and a fresh fold of the stream share it). */
export const evolveClaimRow = (doc: Doc | null, event: ClaimEvent): Doc | null => {
  if (event.type === 'ReimbursementClaimSubmitted') {
    const d = event.data;
    const row: Row = {
      _id: d.claim_id,
      claim_id: d.claim_id,
      number: d.number ?? null,
      account_id: d.account_id,
      property: d.property,
      category: d.category,
      amount_cents: d.amount_cents,
      approved_amount_cents: null,
      expense_date: d.expense_date,
      description: d.description,
      status: 'submitted',
      documents: listed(d.documents, d.at, d.by),
      messages: [],
      reason: null,
      payout: null,
      submitted_at: d.at,
      updated_at: d.at,
      county: d.property.county,
      search_text: [d.number ?? '', d.claim_id, d.property.address_line, d.property.city, d.property.apn].join(' ').toLowerCase(),
    };
    return row;
  }
  if (!doc) return null; // an event without its claim
  const row = doc as unknown as Row; // written by this function only
  const d = event.data;
  switch (event.type) {
    case 'ReimbursementClaimReviewStarted':
      return { ...touched(row, d.at), status: 'under_review' };
    case 'ReimbursementInfoRequested':
      return { ...touched(row, d.at), status: 'more_info_requested', messages: [...row.messages, { from: 'reviewer', message: event.data.message, by: d.by, at: d.at }] };
    case 'ReimbursementInfoProvided':
      return {
        ...touched(row, d.at),
        status: 'under_review',
        messages: [...row.messages, { from: 'claimant', message: event.data.message, by: d.by, at: d.at }],
        documents: [...row.documents, ...listed(event.data.documents, d.at, d.by)],
      };
    case 'ReimbursementClaimApproved':
      return { ...touched(row, d.at), status: 'approved', approved_amount_cents: event.data.approved_amount_cents, reason: event.data.reason };
    case 'ReimbursementClaimRejected':
      return { ...touched(row, d.at), status: 'rejected', reason: event.data.reason };
    case 'ReimbursementPayoutRequested':
      return { ...touched(row, d.at), payout: { method: event.data.method, reference: event.data.reference, amount_cents: event.data.amount_cents, at: d.at, paid_at: null } };
    case 'ReimbursementClaimPaid': {
      const e = event.data;
      return { ...touched(row, d.at), status: 'paid', payout: { method: e.method, reference: e.reference, amount_cents: e.amount_cents, at: row.payout?.at ?? d.at, paid_at: d.at } };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown reimbursement claim event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** The claim's rows and views: `toView` for a row of the read model, `fromStream` for the claim folded from its events. */
export const claimRows = entityRows({ toEvent: toClaimEvent, evolve: evolveClaimRow, schema: ClaimView });
export const toClaimView = claimRows.toView;
/** The row straight from the claim's events: a page that asks right after a step sees it before the read model does. */

