import { Checkbox, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CLAIM_CATEGORIES, CLAIM_CATEGORY_LABELS } from '@acpg/contracts/coverage';
import type { Plan } from '@acpg/contracts/plans';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useDraftForm } from '../../../lib/draft-form.ts';
import { createPlan, savePlan } from '../api/admin-plans.ts';
import { emptyPlanDraft, planBodyOf, planDraftOf } from '../plan-form.ts';

const useStyles = makeStyles({
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(160px, 100%), 1fr))' },
  input: { minWidth: 0, width: '100%' },
  covers: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface PlanDialogProps {
  /** The plan to edit; null: a new plan. */
  editing: Plan | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Adds a plan or changes its prices, fees, trial and coverage terms (its id and name stay). */
export function PlanDialog({ editing, onClose, onSaved }: PlanDialogProps) {
  const s = useStyles();
  const { draft, set, field, failure, saving, submit } = useDraftForm({
    initial: () => (editing ? planDraftOf(editing) : emptyPlanDraft()),
    check: planBodyOf,
    save: async (body) => {
      const { id, ...plan } = body;
      const answer = editing ? await savePlan(editing.id, plan) : await createPlan(body);
      onSaved(answer.message ?? `Plan ${id} saved.`);
    },
    failed: 'The plan could not be saved. Try again.',
  });
  const money = (key: 'amount' | 'setup_fees' | 'recording_fees' | 'per_claim_limit' | 'annual_limit', label: string, hint?: string) => (
    <Field label={label} required {...(hint ? { hint } : {})} {...field(key)}>
      <Input className={s.input} inputMode="decimal" contentBefore="$" value={draft[key]} onChange={(_, d) => set(key, d.value)} />
    </Field>
  );

  return (
    <FormDialog
      title={editing ? `Edit plan ${editing.id}` : 'Add a plan'}
      busy={saving}
      onDismiss={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={saving ? 'Saving…' : editing ? 'Save' : 'Add plan'}
      cancelFirst
    >
      <MessageBar intent="info">
        <MessageBarBody>A new price applies to new checkouts and to each membership&apos;s next renewal. Charges already made keep their price.</MessageBarBody>
      </MessageBar>
      <AlertBar>{failure}</AlertBar>
      <Field label="Plan id" required hint={editing ? 'A plan keeps its id.' : 'Lower-case letters, digits and hyphens, like monthly-2027.'} {...field('id')}>
        <Input className={s.input} value={draft.id} readOnly={!!editing} onChange={(_, d) => set('id', d.value.toLowerCase())} autoComplete="off" />
      </Field>
      <div className={s.row}>
        <Field label="Name" required hint={editing ? 'A plan keeps its name.' : undefined}>
          <RadioGroup layout="horizontal" value={draft.name} disabled={!!editing} onChange={(_, d) => set('name', d.value === 'Yearly' ? 'Yearly' : 'Monthly')}>
            <Radio value="Monthly" label="Monthly" />
            <Radio value="Yearly" label="Yearly" />
          </RadioGroup>
        </Field>
        <Field label="Kind" required>
          <RadioGroup layout="horizontal" value={draft.kind} onChange={(_, d) => set('kind', d.value === 'renewal' ? 'renewal' : 'default')}>
            <Radio value="default" label="Sold at sign-up" />
            <Radio value="renewal" label="Renewal price" />
          </RadioGroup>
        </Field>
      </div>
      <div className={s.row}>
        {money('amount', 'Price per term')}
        {money('setup_fees', 'Setup fee', 'Charged once, at sign-up')}
        {money('recording_fees', 'Recording fee', 'Charged once, at sign-up')}
      </div>
      <Field label="Free trial (months)" required {...field('trial_months')}>
        <Input className={s.input} inputMode="numeric" value={draft.trial_months} onChange={(_, d) => set('trial_months', d.value)} />
      </Field>
      <div className={s.covers} role="group" aria-label="What the plan covers">
        <Text weight="semibold">What the plan covers</Text>
        {CLAIM_CATEGORIES.map((c) => (
          <Checkbox
            key={c}
            label={CLAIM_CATEGORY_LABELS[c]}
            checked={draft.covered_categories.includes(c)}
            onChange={(_, d) => set('covered_categories', d.checked === true ? [...draft.covered_categories, c] : draft.covered_categories.filter((k) => k !== c))}
          />
        ))}
        {draft.covered_categories.length === 0 || field('covered_categories').validationMessage ? (
          <Text role="alert" className={s.error}>
            {field('covered_categories').validationMessage ?? 'Choose at least one kind of expense the plan covers.'}
          </Text>
        ) : null}
      </div>
      <div className={s.row}>
        <Field label="Waiting period (days)" required hint="Expenses from this many days after the membership starts are covered" {...field('waiting_period_days')}>
          <Input className={s.input} inputMode="numeric" value={draft.waiting_period_days} onChange={(_, d) => set('waiting_period_days', d.value)} />
        </Field>
        {money('per_claim_limit', 'Limit per claim')}
        {money('annual_limit', 'Limit per year', 'All claims of one membership year')}
      </div>
      <Switch
        checked={draft.is_active}
        onChange={(_, d) => set('is_active', d.checked)}
        label={draft.is_active ? 'Offered (active)' : 'Not offered (inactive)'}
      />
    </FormDialog>
  );
}
