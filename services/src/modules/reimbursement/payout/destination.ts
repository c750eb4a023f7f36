import { NO_PAYOUT_DETAILS, nextPayoutDetails, PAYOUT_DETAILS_EVENTS, PayoutDetails, payoutDestinationText, type PayoutDestination, type PayoutDetailsCopy } from '@acpg/contracts/payout-details';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';
import { readCopy } from '../../../platform/local-copies/read-copy.ts';
import type { Platform } from '../../../platform/module.ts';

/**
 * The reimbursement module's copy of each member's payout details (where an approved claim's money goes), kept from
 * identity's `MemberPayoutDetailsChanged` (masked: never an account number, only its last 4 digits).
 */
export const payoutDetailsCopy = localCopy<PayoutDetailsCopy>({
  module: 'reimbursement',
  of: 'payout_details',
  source: 'identity',
  events: PAYOUT_DETAILS_EVENTS,
  idOf: idField('account_id'),
  next: nextPayoutDetails,
});

/** Where an account's payouts go, from the copy (caught up with the log first); says so when none is on file. */
export const payoutDestinationOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<PayoutDestination> => {
  const doc = await readCopy(platform, payoutDetailsCopy, accountId);
  const details = doc ? PayoutDetails.safeParse(doc.details) : null;
  if (!doc || !details?.success) return { details: null, changed_at: null, summary: NO_PAYOUT_DETAILS };
  return { details: details.data, changed_at: String(doc.changed_at), summary: payoutDestinationText(details.data) };
};
