import { useEffect } from 'react';
import { CLAIM_ROOM, CLAIM_UPDATED_MESSAGE, type ClaimView } from '@acpg/contracts/reimbursements';
import { useLive } from '../../lib/live.ts';
import { useResource } from '../../lib/use-resource.ts';
import { fetchClaim, fetchClaimHistory } from './api/reimbursements.ts';

/** While the live connection is down (or its room refused), the page asks the server this often (ms). */
export const POLL_WHEN_OFFLINE_MS = 3000;
const MESSAGES = [CLAIM_UPDATED_MESSAGE];

/** One claim, live in its room `reimbursement-claim:<id>`, and its audit trail, read again whenever the claim's version moves. */
export function useClaim(claimId: string) {
  const view = useLive<ClaimView, ClaimView>({
    messages: MESSAGES,
    entity: `${CLAIM_ROOM}:${claimId}`,
    read: (signal) => fetchClaim(claimId, signal),
    apply: (current, push) => (push.claim_id === current.claim_id && push.version > current.version ? push : current),
    deps: [claimId],
  });
  const { live, reload, data } = view;
  const settled = data?.status === 'paid' || data?.status === 'rejected';
  useEffect(() => {
    if (live || !data || settled) return;
    const timer = setInterval(reload, POLL_WHEN_OFFLINE_MS);
    return () => clearInterval(timer);
  }, [live, data, settled, reload]);
  const history = useResource((signal) => fetchClaimHistory(claimId, signal), [claimId, data?.version]);
  return { view, history };
}
