import { Fragment, type ReactNode } from 'react';
import { Card, Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ClaimView } from '@acpg/contracts/reimbursement';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { LiveNote } from '../../../components/LiveBadge.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { ScreenHeading, ScreenTitle } from '../../../components/ScreenHeading.tsx';
import type { useClaim } from '../api/use-claim.ts';
import { StatusBadge } from './ClaimParts.tsx';
import { claimNumber } from '../claim-text.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  h2: { margin: 0 },
});

export interface ClaimFrameProps {
  /** The h1's id and text. */
  titleId: string;
  title: string;
  view: ReturnType<typeof useClaim>['view'];
  /** What the error says when the server gave no message. */
  unknownError: string;
  /** Where "Back to the claims" goes. */
  back: string;
  className?: string;
  /** Beside the status in the heading's row. */
  headActions?: ReactNode;
  /** The claim's parts, once it is loaded. */
  children: (claim: ClaimView) => ReactNode;
}

/** A claim's page: the h1 with its status, whether it updates live, the parts the page shows and the way back to the list. */
export function ClaimFrame({ titleId, title, view, unknownError, back, className, headActions, children }: ClaimFrameProps) {
  const s = useStyles();
  const claim = view.data;
  if (!claim) {
    return (
      <section className={mergeClasses(s.root, className)} aria-labelledby={titleId}>
        <ScreenTitle id={titleId}>{title}</ScreenTitle>
        {view.status === 'error' ? <ErrorState title="This claim cannot be shown" message={view.error ?? unknownError} onRetry={view.reload} /> : <LoadingBlock label="Loading the claim" lines={6} />}
        <LinkButton to={back}>Back to the claims</LinkButton>
      </section>
    );
  }
  return (
    <section className={mergeClasses(s.root, className)} aria-labelledby={titleId}>
      <ScreenHeading id={titleId} title={`${title} ${claimNumber(claim)}`}>
        <StatusBadge claim={claim} />
        {headActions}
      </ScreenHeading>
      <LiveNote live={view.live} />
      {children(claim)}
      <LinkButton to={back} appearance="subtle">
        Back to the claims
      </LinkButton>
    </section>
  );
}

/** A card of the claim's page: each part under its h2. */
export function ClaimCard({ parts }: { parts: readonly (readonly [title: string, body: ReactNode])[] }) {
  const s = useStyles();
  return (
    <Card className={s.card}>
      {parts.map(([title, body]) => (
        <Fragment key={title}>
          <Title3 as="h2" className={s.h2}>
            {title}
          </Title3>
          {body}
        </Fragment>
      ))}
    </Card>
  );
}
