import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Caption1, Card, Title1, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { session } from '../../../lib/session.ts';
import { useClaim } from '../api/use-claim.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { ClaimDocuments } from './ClaimDocuments.tsx';
import { ClaimFacts, ClaimHistory, ClaimMessages, StatusBadge } from './ClaimParts.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px', width: '100%', minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  columns: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))', alignItems: 'start' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  h2: { margin: 0 },
});

/** /property-reimbursement/:claimId (the claimant, or a Super Admin): the claim, its documents, messages and history, live. */
export default function ClaimPage() {
  const s = useStyles();
  const { claimId = '' } = useParams();
  const { userId, user } = useSnapshot(session);
  const admin = (user?.role ?? []).includes('Super Admin');
  const { view, history } = useClaim(claimId);
  const claim = view.data;
  const back = admin ? '/admin-property-reimbursement' : '/property-reimbursement';

  if (!claim) {
    return (
      <section className={s.root} aria-labelledby="claim-title">
        <Title1 as="h1" id="claim-title" tabIndex={-1}>
          Reimbursement claim
        </Title1>
        {view.status === 'error' ? <ErrorState title="This claim cannot be shown" message={view.error ?? 'It may belong to another account.'} onRetry={view.reload} /> : <LoadingBlock label="Loading the claim" lines={6} />}
        <LinkButton to={back}>Back to the claims</LinkButton>
      </section>
    );
  }
  const owner = claim.account_id === userId;
  return (
    <section className={s.root} aria-labelledby="claim-title">
      <div className={s.head}>
        <Title1 as="h1" id="claim-title" tabIndex={-1}>
          Reimbursement claim
        </Title1>
        <StatusBadge claim={claim} />
        {admin && (
          <LinkButton to={`/admin-property-reimbursement/${claim.claim_id}`} appearance="primary">
            Review this claim
          </LinkButton>
        )}
      </div>
      <div role="status" aria-live="polite">
        <Caption1>{view.live ? 'This page updates live.' : 'Live updates are off: this page checks for changes every few seconds.'}</Caption1>
      </div>
      {owner && claim.status === 'more_info_requested' && (
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>
            Answer the reviewer
          </Title3>
          <AnswerForm claim={claim} onAnswered={view.reload} />
        </Card>
      )}
      <div className={s.columns}>
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>
            Claim
          </Title3>
          <ClaimFacts claim={claim} />
          <Title3 as="h2" className={s.h2}>
            Documents
          </Title3>
          <ClaimDocuments claim={claim} />
        </Card>
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>
            Messages
          </Title3>
          <ClaimMessages claim={claim} viewerId={userId} />
          <Title3 as="h2" className={s.h2}>
            Timeline
          </Title3>
          <ClaimHistory claim={claim} history={history} viewerId={userId} />
        </Card>
      </div>
      <LinkButton to={back} appearance="subtle">
        Back to the claims
      </LinkButton>
    </section>
  );
}
