import { Card, CardFooter, CardHeader, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { FEE_EXPLANATIONS } from '@acpg/contracts/plans';
import { CLAIM_CATEGORY_LABELS, type PlanCoverage } from '@acpg/contracts/coverage';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { formatCents } from '../../../lib/money.ts';
import { firstTermSentence, nextChargeSentence } from '../../../lib/plan-terms.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { planOptions, type PlanOption } from '../plan-options.ts';
import { usePlans } from '../api/use-plans.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { maxWidth: '720px' },
  plans: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(280px, 100%), 1fr))', alignItems: 'stretch' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  price: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  details: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1 },
  footer: { marginTop: 'auto' },
  covers: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  coversList: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  coversItem: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  check: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, marginBlockStart: '3px' },
  flush: { margin: 0 },
});

const dollars = (cents: number) => formatCents(cents).replace(/\.00$/, '');

/** What a membership pays for, from the plan's coverage terms: the kinds of expense, the limits, and from when. */
function Covers({ coverage, titleId }: { coverage: PlanCoverage; titleId: string }) {
  const s = useStyles();
  const wait = coverage.waiting_period_days;
  return (
    <div className={s.covers}>
      <Text weight="semibold" as="h3" className={s.flush} id={`${titleId}-covers`}>
        What it covers
      </Text>
      <ul className={s.coversList} aria-labelledby={`${titleId}-covers`}>
        {coverage.covered_categories.map((c) => (
          <li key={c} className={s.coversItem}>
            <CheckmarkRegular className={s.check} aria-hidden />
            {CLAIM_CATEGORY_LABELS[c]}
          </li>
        ))}
      </ul>
      <Text size={200}>
        {`Reimbursed up to ${dollars(coverage.per_claim_limit_cents)} a claim and ${dollars(coverage.annual_limit_cents)} a year, ` +
          (wait > 0 ? `for expenses from ${wait} days after your membership starts.` : 'from the day your membership starts.')}
      </Text>
    </div>
  );
}

/** One plan of the transform: price, each fee and what it is for, trial, due today, the next charge and its date, and Choose. */
function PlanCard({ option }: { option: PlanOption }) {
  const s = useStyles();
  const { entry, term, setupFee, recordingFee, dueToday, terms, coverage } = option;
  const titleId = `plan-${entry.id}-title`;
  return (
    <Card className={s.card} aria-labelledby={titleId}>
      <CardHeader header={<Subtitle1 as="h2" id={titleId} className={s.flush}>{`${entry.name} membership`}</Subtitle1>} />
      <Text className={s.price}>
        {formatCents(entry.amount)}
        <Text size={400}> / {term}</Text>
      </Text>
      {coverage && <Covers coverage={coverage} titleId={titleId} />}
      <ul className={s.details}>
        <li>{setupFee > 0 ? `Setup fee: ${formatCents(setupFee)}. ${FEE_EXPLANATIONS.setup}` : 'No setup fee'}</li>
        {recordingFee > 0 && <li>{`Recording fee: ${formatCents(recordingFee)}. ${FEE_EXPLANATIONS.recording}`}</li>}
        {terms && <li>{firstTermSentence(terms, entry.trial_period)}</li>}
        <li>
          <Text weight="semibold">Due today: {formatCents(dueToday)}</Text>
        </li>
        {terms && <li>{nextChargeSentence(terms)}</li>}
      </ul>
      <CardFooter className={s.footer}>
        {entry.is_active ? (
          <LinkButton to={`/checkout?plan=${encodeURIComponent(entry.id)}`} appearance="primary">
            {`Choose ${entry.name}`}
          </LinkButton>
        ) : (
          <Text>Not offered right now</Text>
        )}
      </CardFooter>
    </Card>
  );
}

/** /subscription-plan (public): the plans through the spec's transform, each with Choose → /checkout?plan=<id>. */
export default function SubscriptionPlanPage() {
  const s = useStyles();
  const plans = usePlans();
  let body;
  if (plans.status === 'error') body = <ErrorState title="The plans could not be loaded" message={plans.error} onRetry={plans.reload} />;
  else if (!plans.data) body = <LoadingBlock label="Loading plans" lines={4} />;
  else {
    const options = planOptions(plans.data.plans);
    body =
      options.length === 0 ? (
        <EmptyState>No membership plans are offered right now. Please check back later.</EmptyState>
      ) : (
        <div className={s.plans}>
          {options.map((option) => (
            <PlanCard key={option.entry.id} option={option} />
          ))}
        </div>
      );
  }
  return (
    <section className={s.root} aria-labelledby="subscription-plan-title">
      <ScreenHeading id="subscription-plan-title" title="Membership plans" />
      <Text className={s.intro}>Choose Monthly or Yearly. Prices are in US dollars; fees are charged once, when you join. Your membership renews automatically at the price shown until you cancel; cancel any time and it ends with the term you paid for.</Text>
      {body}
    </section>
  );
}
