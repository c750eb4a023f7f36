import { useId } from 'react';
import { Card, Radio, RadioGroup, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { coverageInWords } from '@acpg/contracts/coverage';
import { FEE_EXPLANATIONS } from '@acpg/contracts/plans';
import { formatCents } from '../../../lib/money.ts';
import { firstTermSentence, nextChargeSentence } from '../../../lib/plan-terms.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { planOptions } from '../plan-options.ts';
import { usePlans } from '../api/use-plans.ts';

const useStyles = makeStyles({
  group: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
  // The chosen card's ring is drawn outside its border, so choosing a plan does not shift its content.
  chosen: { border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke1}`, boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorBrandStroke1}, ${tokens.shadow4}` },
  label: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  price: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  // A plain list under the radio's label (no bullets), like a pricing card.
  details: { listStyle: 'none', margin: 0, paddingInlineStart: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, cursor: 'pointer' },
});

export interface PlanPickerProps {
  /** The chosen plan's id (the default plan of its name), or null. */
  value: string | null;
  onChange: (planId: string) => void;
  /** Label of the group, read by screen readers. */
  label?: string;
}

/**
 * Monthly or Yearly, each with its price, every fee and what it is for, the trial, what is due today, and the next
 * charge with its date and the renewal price. Keyboard: arrow keys.
 */
export function PlanPicker({ value, onChange, label = 'Choose a plan' }: PlanPickerProps) {
  const s = useStyles();
  const id = useId();
  const plans = usePlans();
  if (plans.status === 'error') return <ErrorState title="The plans could not be loaded" message={plans.error} onRetry={plans.reload} />;
  if (!plans.data) return <LoadingBlock label="Loading plans" lines={3} />;
  const options = planOptions(plans.data.plans);
  const coverageOf = (planId: string) => plans.data?.plans.find((p) => p.id === planId)?.coverage;
  if (options.length === 0) return <EmptyState>No membership plans are offered right now. Please check back later.</EmptyState>;

  return (
    <RadioGroup className={s.group} aria-label={label} value={value ?? ''} onChange={(_, d) => onChange(d.value)}>
      {options.map(({ entry, term, setupFee, recordingFee, dueToday, terms }) => {
        const detailsId = `${id}-${entry.id}`;
        const covers = coverageOf(entry.id);
        return (
          <Card key={entry.id} className={mergeClasses(s.card, value === entry.id && s.chosen)}>
            <Radio
              value={entry.id}
              disabled={!entry.is_active}
              label={{ className: s.label, children: `${entry.name}: ${formatCents(entry.amount)} a ${term}` }}
              input={{ 'aria-describedby': detailsId }}
            />
            {/* Clicking the card's details chooses it too (the radio stays the keyboard's way). */}
            <ul id={detailsId} className={s.details} onClick={() => entry.is_active && onChange(entry.id)}>
              <li>
                <Text className={s.price}>
                  {formatCents(entry.amount)} / {term}
                </Text>
              </li>
              <li>
                <Text>{setupFee > 0 ? `Setup fee: ${formatCents(setupFee)}. ${FEE_EXPLANATIONS.setup}` : 'No setup fee'}</Text>
              </li>
              {recordingFee > 0 && (
                <li>
                  <Text>{`Recording fee: ${formatCents(recordingFee)}. ${FEE_EXPLANATIONS.recording}`}</Text>
                </li>
              )}
              {covers && (
                <li>
                  <Text>What it covers: {coverageInWords(covers)}</Text>
                </li>
              )}
              {terms && (
                <li>
                  <Text>{firstTermSentence(terms, entry.trial_period)}</Text>
                </li>
              )}
              <li>
                <Text weight="semibold">Due today: {formatCents(dueToday)}</Text>
              </li>
              {terms && (
                <li>
                  <Text>{nextChargeSentence(terms)}</Text>
                </li>
              )}
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
