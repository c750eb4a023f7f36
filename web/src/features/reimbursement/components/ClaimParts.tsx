import { Badge, Caption1, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissCircleFilled, QuestionCircleFilled } from '@fluentui/react-icons';
import type { ClaimHistoryEntry, ClaimView } from '@acpg/contracts/reimbursement';
import { PAYOUT_METHOD_LABELS } from '@acpg/contracts/payments';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { formatDateTime12, formatDateUs } from '../../../lib/dates.ts';
import { formatCents } from '../../../lib/money.ts';
import type { Resource } from '../../../lib/use-resource.ts';
import { actorText, categoryLabel, propertyText, STATUS_BADGE, statusLabel } from '../claim-text.ts';

const useStyles = makeStyles({
  facts: { display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0, overflowWrap: 'anywhere' },
  term: { color: tokens.colorNeutralForeground2 },
  dd: { margin: 0, whiteSpace: 'pre-line' },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  message: { display: 'flex', flexDirection: 'column', padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
  reviewer: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  claimant: { backgroundColor: tokens.colorNeutralBackground3 },
  step: { display: 'grid', gridTemplateColumns: '24px 1fr', columnGap: tokens.spacingHorizontalM },
  icon: { fontSize: '20px', marginTop: '2px' },
  done: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  asked: { color: tokens.colorPaletteMarigoldForeground1 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
});

export function StatusBadge({ claim }: { claim: ClaimView }) {
  return (
    <Badge appearance="filled" color={STATUS_BADGE[claim.status]} aria-label={`Status: ${statusLabel(claim.status)}`}>
      {statusLabel(claim.status)}
    </Badge>
  );
}

/** What was claimed, and what became of it. */
export function ClaimFacts({ claim, claimant }: { claim: ClaimView; claimant?: string | undefined }) {
  const s = useStyles();
  const row = (term: string, value: string) => (
    <>
      <dt className={s.term}>{term}</dt>
      <dd className={s.dd}>{value}</dd>
    </>
  );
  return (
    <dl className={s.facts}>
      {claimant !== undefined && row('Claimant', claimant)}
      {row('Property', propertyText(claim.property))}
      {row('Category', categoryLabel(claim.category))}
      {row('Amount claimed', formatCents(claim.amount_cents))}
      {claim.approved_amount_cents !== null && row('Approved amount', formatCents(claim.approved_amount_cents))}
      {row('Date of the expense', formatDateUs(claim.expense_date))}
      {row('Description', claim.description)}
      {row('Submitted', formatDateTime12(claim.submitted_at))}
      {claim.reason && row(claim.status === 'rejected' ? 'Why it was rejected' : 'Why it was approved', claim.reason)}
      {claim.payout && row('Payout', `${formatCents(claim.payout.amount_cents)} by ${PAYOUT_METHOD_LABELS[claim.payout.method]}, reference ${claim.payout.reference}${claim.payout.paid_at ? `, paid ${formatDateTime12(claim.payout.paid_at)}` : ', being recorded'}`)}
      {row('Claim number', claim.claim_id)}
    </dl>
  );
}

/** The reviewers' requests and the claimant's answers, oldest first. */
export function ClaimMessages({ claim, viewerId }: { claim: ClaimView; viewerId: string | null }) {
  const s = useStyles();
  if (claim.messages.length === 0) return <Text>No messages yet. If the reviewer needs more information, their request shows here.</Text>;
  return (
    <ol className={s.list} aria-label="Messages">
      {claim.messages.map((m, i) => (
        <li key={`${m.at}-${i}`} className={mergeClasses(s.message, m.from === 'reviewer' ? s.reviewer : s.claimant)}>
          <Text weight="semibold">{m.from === 'reviewer' ? 'ACPG reviewer asked' : m.by === viewerId ? 'You answered' : 'The claimant answered'}</Text>
          <Text>{m.message}</Text>
          <Caption1>{formatDateTime12(m.at)}</Caption1>
        </li>
      ))}
    </ol>
  );
}

const iconOf = (entry: ClaimHistoryEntry, s: ReturnType<typeof useStyles>) =>
  entry.event_type === 'ReimbursementClaimRejected' ? (
    <DismissCircleFilled className={mergeClasses(s.icon, s.bad)} aria-hidden />
  ) : entry.event_type === 'ReimbursementInfoRequested' ? (
    <QuestionCircleFilled className={mergeClasses(s.icon, s.asked)} aria-hidden />
  ) : (
    <CheckmarkCircleFilled className={mergeClasses(s.icon, s.done)} aria-hidden />
  );

/** The timeline and audit trail: every step from the claim's events, with who and when. */
export function ClaimHistory({ claim, history, viewerId }: { claim: ClaimView; history: Resource<{ items: ClaimHistoryEntry[] }> & { reload: () => void }; viewerId: string | null }) {
  const s = useStyles();
  if (history.status === 'error') return <ErrorState title="The history could not be loaded" message={history.error} onRetry={history.reload} />;
  if (!history.data) return <LoadingBlock label="Loading the history" lines={3} />;
  return (
    <ol className={s.list} aria-label="Claim history">
      {history.data.items.map((h) => (
        <li key={h.version} className={s.step}>
          {iconOf(h, s)}
          <span className={s.text}>
            <Text>{h.summary}</Text>
            <Caption1>
              {formatDateTime12(h.at)} · {actorText(h.by, claim.account_id, viewerId)}
            </Caption1>
          </span>
        </li>
      ))}
    </ol>
  );
}
