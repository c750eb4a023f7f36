import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Caption1, Card, Title1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { session } from '../../../lib/session.ts';
import { useClaim } from '../api/use-claim.ts';
import { ClaimDocuments, DocumentPreview } from './ClaimDocuments.tsx';
import { ClaimFacts, ClaimHistory, ClaimMessages, StatusBadge } from './ClaimParts.tsx';
import { ReviewActions } from './ReviewActions.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // The documents beside the claim; on a narrow screen they stack.
  columns: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', alignItems: 'start' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  h2: { margin: 0 },
});

/** /admin-property-reimbursement/:claimId (Super Admin): the review page, with the documents beside the claim, the steps the status allows and the history, live. */
export default function AdminClaimPage() {
  const s = useStyles();
  const { claimId = '' } = useParams();
  const { userId } = useSnapshot(session);
  const { view, history } = useClaim(claimId);
  const claim = view.data;
  const nameOf = useAccountNames(claim ? [claim.account_id] : []);

  if (!claim) {
    return (
      <section className={s.root} aria-labelledby="review-title">
        <Title1 as="h1" id="review-title" tabIndex={-1}>
          Review claim
        </Title1>
        {view.status === 'error' ? <ErrorState title="This claim cannot be shown" message={view.error ?? 'Try again.'} onRetry={view.reload} /> : <LoadingBlock label="Loading the claim" lines={6} />}
        <LinkButton to="/admin-property-reimbursement">Back to the claims</LinkButton>
      </section>
    );
  }
  return (
    <section className={s.root} aria-labelledby="review-title">
      <div className={s.head}>
        <Title1 as="h1" id="review-title" tabIndex={-1}>
          Review claim
        </Title1>
        <StatusBadge claim={claim} />
      </div>
      <div role="status" aria-live="polite">
        <Caption1>{view.live ? 'This page updates live.' : 'Live updates are off: this page checks for changes every few seconds.'}</Caption1>
      </div>
      <ReviewActions claim={claim} onChanged={view.reload} />
      <div className={s.columns}>
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>
            Claim
          </Title3>
          <ClaimFacts claim={claim} claimant={nameOf(claim.account_id) ?? claim.account_id} />
          <Title3 as="h2" className={s.h2}>
            Messages
          </Title3>
          <ClaimMessages claim={claim} viewerId={userId} />
          <Title3 as="h2" className={s.h2}>
            Documents
          </Title3>
          <ClaimDocuments claim={claim} />
        </Card>
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>
            Document viewer
          </Title3>
          <DocumentPreview claim={claim} />
        </Card>
      </div>
      <Card className={s.card}>
        <Title3 as="h2" className={s.h2}>
          History
        </Title3>
        <ClaimHistory claim={claim} history={history} viewerId={userId} />
      </Card>
      <LinkButton to="/admin-property-reimbursement" appearance="subtle">
        Back to the claims
      </LinkButton>
    </section>
  );
}
