import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { makeStyles, tokens } from '@fluentui/react-components';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { allowed } from '../../../lib/roles.ts';
import { session } from '../../../lib/session.ts';
import { useClaim } from '../api/use-claim.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { ClaimDocuments } from './ClaimDocuments.tsx';
import { ClaimCard, ClaimFrame } from './ClaimFrame.tsx';
import { ClaimFacts, ClaimHistory, ClaimMessages } from './ClaimParts.tsx';
import { PayoutDestinationNote } from './PayoutDestinationNote.tsx';

const useStyles = makeStyles({
  root: { maxWidth: '1100px' },
  columns: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))', alignItems: 'start' },
});

/** /property-reimbursement/:claimId (the claimant, or a Super Admin): the claim, its documents, messages and history, live. */
export default function ClaimPage() {
  const s = useStyles();
  const { claimId = '' } = useParams();
  const { userId, user } = useSnapshot(session);
  const admin = allowed(user?.role, 'claims.review');
  const { view, history } = useClaim(claimId);
  const claim = view.data;

  return (
    <ClaimFrame
      titleId="claim-title"
      title="Reimbursement claim"
      view={view}
      unknownError="It may belong to another account."
      back={admin ? '/admin-property-reimbursement' : '/property-reimbursement'}
      className={s.root}
      headActions={
        admin &&
        claim && (
          <LinkButton to={`/admin-property-reimbursement/${claim.claim_id}`} appearance="primary">
            Review this claim
          </LinkButton>
        )
      }
    >
      {(claim) => (
        <>
          {claim.account_id === userId && claim.status !== 'rejected' && claim.status !== 'paid' && <PayoutDestinationNote />}
          {claim.account_id === userId && claim.status === 'more_info_requested' && <ClaimCard parts={[['Answer the reviewer', <AnswerForm claim={claim} onAnswered={view.reload} />]]} />}
          <div className={s.columns}>
            <ClaimCard
              parts={[
                ['Claim', <ClaimFacts claim={claim} />],
                ['Documents', <ClaimDocuments claim={claim} />],
              ]}
            />
            <ClaimCard
              parts={[
                ['Messages', <ClaimMessages claim={claim} viewerId={userId} />],
                ['Timeline', <ClaimHistory claim={claim} history={history} viewerId={userId} />],
              ]}
            />
          </div>
        </>
      )}
    </ClaimFrame>
  );
}
