import { Card, CardFooter, CardHeader, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { FEE_EXPLANATIONS } from '@acpg/contracts/plans';
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
});

/** One plan of the transform: price, each fee and what it is for, trial, due today, the next charge and its date, and Choose. */
function PlanCard({ option }: { option: PlanOption }) {
  const s = useStyles();
  const { entry, term, setupFee, recordingFee, dueToday, terms } = option;
  const titleId = `plan-${entry.id}-title`;
  return (
    <Card className={s.card} aria-labelledby={titleId}>
      <CardHeader header={<Subtitle1 as="h2" id={titleId}>{`${entry.name} membership`}</Subtitle1>} />
      <Text className={s.price}>
        {formatCents(entry.amount)}
        <Text size={400}> / {term}</Text>
      </Text>
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
