import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useAccountNames } from '../../../lib/account-names.ts';
import { session } from '../../../lib/session.ts';
import { useClaim } from '../api/use-claim.ts';
import { ClaimCoverage } from './ClaimCoverage.tsx';
import { ClaimDocuments, DocumentPreview } from './ClaimDocuments.tsx';
import { ClaimCard, ClaimFrame } from './ClaimFrame.tsx';
import { ClaimFacts, ClaimHistory, ClaimMessages } from './ClaimParts.tsx';
import { ReviewActions } from './ReviewActions.tsx';

const useStyles = makeStyles({
  // The documents beside the claim; on a narrow screen they stack.
  columns: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', alignItems: 'start' },
});

/** /admin-property-reimbursement/:claimId (Super Admin): the review page, with the claimant's coverage and the claim's flags, the documents beside the claim, the steps the status allows and the history, live. */
export default function AdminClaimPage() {
  const s = useStyles();
  const { claimId = '' } = useParams();
  const { userId } = useSnapshot(session);
  const { view, history } = useClaim(claimId);
  const nameOf = useAccountNames(view.data ? [view.data.account_id] : []);

  return (
    <ClaimFrame titleId="review-title" title="Review claim" view={view} unknownError="Try again." back="/admin-property-reimbursement">
      {(claim) => (
        <>
          <ReviewActions claim={claim} onChanged={view.reload} />
          <ClaimCard parts={[['Coverage and flags', <ClaimCoverage claim={claim} />]]} />
          <div className={s.columns}>
            <ClaimCard
              parts={[
                ['Claim', <ClaimFacts claim={claim} claimant={nameOf(claim.account_id) ?? claim.account_id} />],
                ['Messages', <ClaimMessages claim={claim} viewerId={userId} />],
                ['Documents', <ClaimDocuments claim={claim} />],
              ]}
            />
            <ClaimCard parts={[['Document viewer', <DocumentPreview claim={claim} />]]} />
          </div>
          <ClaimCard parts={[['History', <ClaimHistory claim={claim} history={history} viewerId={userId} />]]} />
        </>
      )}
    </ClaimFrame>
  );
}
