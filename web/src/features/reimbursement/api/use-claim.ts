import { CLAIM_ROOM, CLAIM_UPDATED_MESSAGE, type ClaimView } from '@acpg/contracts/reimbursement';
import { useLiveEntity } from '../../../lib/live.ts';
import { useWrittenVersion } from '../../../lib/written.ts';
import { fetchClaim, useClaimHistory } from './reimbursement.ts';

const MESSAGES = [CLAIM_UPDATED_MESSAGE];

/**
 * One claim, live in its room `reimbursement-claim:<id>`, and its audit trail, read again whenever the claim's version
 * moves. Opened right after filing it, the read asks for at least the version the filing answered.
 */
export function useClaim(claimId: string) {
  const written = useWrittenVersion();
  const view = useLiveEntity<ClaimView>({
    messages: MESSAGES,
    entity: `${CLAIM_ROOM}:${claimId}`,
    read: (signal) => fetchClaim(claimId, signal, written),
    same: (shown, push) => push.claim_id === shown.claim_id,
    settled: (claim) => claim.status === 'paid' || claim.status === 'rejected',
    deps: [claimId],
  });
  const history = useClaimHistory(claimId, view.data?.version);
  return { view, history };
}
