import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { Plan } from '@acpg/contracts/plans';
import { createPlan, savePlan } from '../api/admin-plans.ts';
import { emptyPlanDraft, planBodyOf, planDraftOf, type PlanDraft, type PlanDraftErrors } from '../plan-form.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
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
  const [draft, setDraft] = useState<PlanDraft>(() => (editing ? planDraftOf(editing) : emptyPlanDraft()));
  const [errors, setErrors] = useState<PlanDraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof PlanDraft>(key: K, value: PlanDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const result = planBodyOf(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const { id, ...plan } = result.body;
      const answer = editing ? await savePlan(editing.id, plan) : await createPlan(result.body);
      onSaved(answer.message ?? `Plan ${id} saved.`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The plan could not be saved. Try again.');
    } finally {
      setSaving(false);
    }
  };
  const field = (key: keyof PlanDraft) => (errors[key] ? { validationState: 'error' as const, validationMessage: errors[key] } : {});
  const money = (key: 'amount' | 'setup_fees' | 'recording_fees', label: string, hint?: string) => (
    <Field label={label} required {...(hint ? { hint } : {})} {...field(key)}>
      <Input className={s.input} inputMode="decimal" contentBefore="$" value={draft[key]} onChange={(_, d) => set(key, d.value)} />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !saving && onClose()} modalType="modal">
      <DialogSurface aria-describedby={undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{editing ? `Edit plan ${editing.id}` : 'Add a plan'}</DialogTitle>
            <DialogContent className={s.form}>
              <MessageBar intent="info">
                <MessageBarBody>A new price applies to new checkouts and to each membership&apos;s next renewal. Charges already made keep their price.</MessageBarBody>
              </MessageBar>
              {failure && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{failure}</MessageBarBody>
                </MessageBar>
              )}
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
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabledFocusable={saving} onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabledFocusable={saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                {saving ? 'Saving…' : editing ? 'Save' : 'Add plan'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
