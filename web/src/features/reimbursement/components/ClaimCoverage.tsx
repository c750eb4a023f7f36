import { Fragment } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ClaimView } from '@acpg/contracts/reimbursement';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useClaimCoverage } from '../api/reimbursement.ts';
import { coverageFacts } from '../coverage-text.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0, overflowWrap: 'anywhere' },
  term: { color: tokens.colorNeutralForeground2 },
  dd: { margin: 0 },
  flags: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/** The reviewer's view of a claim's coverage: the flags noted at filing, the claimant's membership and plan, and the year's use. */
export function ClaimCoverage({ claim }: { claim: ClaimView }) {
  const s = useStyles();
  const coverage = useClaimCoverage(claim.claim_id, claim.version);
  if (coverage.status === 'error') return <ErrorState title="The coverage could not be loaded" message={coverage.error} onRetry={coverage.reload} />;
  if (!coverage.data) return <LoadingBlock label="Loading the coverage" lines={4} />;
  const { flags } = coverage.data;
  return (
    <div className={s.root}>
      {flags.length > 0 ? (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Check before approving</MessageBarTitle>
            <ul className={s.flags} aria-label="Review flags">
              {flags.map((f) => (
                <li key={f.code}>{f.message}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <Text>No flags: the claim was filed within the plan&apos;s coverage.</Text>
      )}
      <dl className={s.facts} aria-label="Coverage">
        {coverageFacts(coverage.data).map(([term, value]) => (
          <Fragment key={term}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.dd}>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
