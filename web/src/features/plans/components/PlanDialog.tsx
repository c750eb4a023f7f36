import { Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Switch, makeStyles, tokens } from '@fluentui/react-components';
import type { Plan } from '@acpg/contracts/plans';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useDraftForm } from '../../../lib/draft-form.ts';
import { createPlan, savePlan } from '../api/admin-plans.ts';
import { emptyPlanDraft, planBodyOf, planDraftOf } from '../plan-form.ts';

const useStyles = makeStyles({
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(160px, 100%), 1fr))' },
  input: { minWidth: 0, width: '100%' },
});

export interface PlanDialogProps {
  /** The plan to edit; null: a new plan. */
  editing: Plan | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Adds a plan or changes its prices, fees and trial (its id and name stay). */
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
  const money = (key: 'amount' | 'setup_fees' | 'recording_fees', label: string, hint?: string) => (
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
      <Switch
        checked={draft.is_active}
        onChange={(_, d) => set('is_active', d.checked)}
        label={draft.is_active ? 'Offered (active)' : 'Not offered (inactive)'}
      />
    </FormDialog>
  );
}
