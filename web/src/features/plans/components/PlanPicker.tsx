import { useId } from 'react';
import { Card, Radio, RadioGroup, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { amountDue, type Plan } from '@acpg/contracts/plans';
import { formatCents } from '../../../lib/money.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { transformPlans, type MonthlyPlanEntry, type YearlyPlanEntry } from '../plan-transform.ts';
import { usePlans } from '../api/use-plans.ts';

const useStyles = makeStyles({
  group: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  chosen: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  price: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  details: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

const trialText = (months: number) => (months > 0 ? `${months}-month free trial` : 'No free trial');

interface Option {
  entry: MonthlyPlanEntry | YearlyPlanEntry;
  term: 'month' | 'year';
  setupFee: number;
  recordingFee: number;
  renewal: number | null;
  dueToday: number;
}

/** The two choices of spec section 3's transform, with what the picker also shows (setup fee and due today by id). */
function optionsOf(plans: readonly Plan[]): Option[] {
  const data = transformPlans(plans);
  const raw = (id: string) => plans.find((p) => p.id === id);
  const out: Option[] = [];
  if (data.monthly_plans) {
    const m = data.monthly_plans;
    const plan = raw(m.id);
    out.push({ entry: m, term: 'month', setupFee: m.setup_fees, recordingFee: m.additional_charges.recording_fees, renewal: m.monthly_renewal_plans, dueToday: plan ? amountDue(plan) : 0 });
  }
  if (data.yearly_plans) {
    const y = data.yearly_plans;
    const plan = raw(y.id);
    out.push({ entry: y, term: 'year', setupFee: plan?.additional_charges['setup fees'] ?? 0, recordingFee: plan?.additional_charges.recording_fees ?? 0, renewal: y.yearly_renewal_plans, dueToday: plan ? amountDue(plan) : 0 });
  }
  return out;
}

export interface PlanPickerProps {
  /** The chosen plan's id (the default plan of its name), or null. */
  value: string | null;
  onChange: (planId: string) => void;
  /** Label of the group, read by screen readers. */
  label?: string;
}

/** Monthly or Yearly, each with its price, setup fee, trial, renewal price and what is due today. Keyboard: arrow keys. */
export function PlanPicker({ value, onChange, label = 'Choose a plan' }: PlanPickerProps) {
  const s = useStyles();
  const id = useId();
  const plans = usePlans();
  if (plans.status === 'error') return <ErrorState title="The plans could not be loaded" message={plans.error} onRetry={plans.reload} />;
  if (!plans.data) return <LoadingBlock label="Loading plans" lines={3} />;
  const options = optionsOf(plans.data.plans);
  if (options.length === 0) return <EmptyState>No membership plans are offered right now. Please check back later.</EmptyState>;

  return (
    <RadioGroup className={s.group} aria-label={label} value={value ?? ''} onChange={(_, d) => onChange(d.value)}>
      {options.map(({ entry, term, setupFee, recordingFee, renewal, dueToday }) => {
        const detailsId = `${id}-${entry.id}`;
        return (
          <Card key={entry.id} className={mergeClasses(s.card, value === entry.id && s.chosen)}>
            <Radio
              value={entry.id}
              disabled={!entry.is_active}
              label={`${entry.name}: ${formatCents(entry.amount)} a ${term}`}
              input={{ 'aria-describedby': detailsId }}
            />
            <ul id={detailsId} className={s.details}>
              <li>
                <Text className={s.price}>
                  {formatCents(entry.amount)} / {term}
                </Text>
              </li>
              <li>
                <Text>Setup fee: {setupFee > 0 ? formatCents(setupFee) : 'none'}</Text>
              </li>
              {recordingFee > 0 && (
                <li>
                  <Text>Recording fee: {formatCents(recordingFee)}</Text>
                </li>
              )}
              <li>
                <Text>{trialText(entry.trial_period)}</Text>
              </li>
              {renewal != null && (
                <li>
                  <Text>
                    Renews at {formatCents(renewal)} / {term}
                  </Text>
                </li>
              )}
              <li>
                <Text weight="semibold">Due today: {formatCents(dueToday)}</Text>
              </li>
              {!entry.is_active && (
                <li>
                  <Text>Not offered right now</Text>
                </li>
              )}
            </ul>
          </Card>
        );
      })}
    </RadioGroup>
  );
}
