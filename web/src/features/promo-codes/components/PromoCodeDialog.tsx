import { Checkbox, Field, Input, Label, Radio, RadioGroup, Text, makeStyles, useId, tokens } from '@fluentui/react-components';
import type { Plan } from '@acpg/contracts/plans';
import { PRODUCT_PROMO_TARGETS, type PromoCodeView } from '@acpg/contracts/promo-codes';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useDraftForm } from '../../../lib/draft-form.ts';
import { formatCents } from '../../../lib/money.ts';
import { createPromoCode, editPromoCode } from '../api/promo-codes.ts';
import { bodyOf, draftOf, emptyDraft } from '../promo-form.ts';

const useStyles = makeStyles({
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(180px, 100%), 1fr))' },
  input: { minWidth: 0, width: '100%' },
  plans: { display: 'flex', flexDirection: 'column' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

export interface PromoCodeDialogProps {
  /** The code to edit; null: a new code. */
  editing: PromoCodeView | null;
  plans: readonly Plan[];
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Creates a promo code or changes its terms (the code itself never changes). */
export function PromoCodeDialog({ editing, plans, onClose, onSaved }: PromoCodeDialogProps) {
  const s = useStyles();
  const { draft, set, errors, field, failure, saving, submit } = useDraftForm({
    initial: () => (editing ? draftOf(editing) : emptyDraft(new Date())),
    check: bodyOf,
    save: async (body) => {
      const { code, ...terms } = body;
      const answer = editing ? await editPromoCode(editing.code, terms) : await createPromoCode(body);
      onSaved(answer.message ?? `Promo code ${code} saved.`);
    },
    failed: 'The promo code could not be saved. Try again.',
  });
  const plansLabel = useId('plans-label');
  const plansError = useId('plans-error');
  // Plans sold at checkout, and any plan the code already names (even if no longer sold).
  const choices = plans.filter((p) => p.is_default && (p.is_active || draft.plan_ids.includes(p.id)));
  const togglePlan = (id: string, on: boolean) => set('plan_ids', on ? [...draft.plan_ids, id] : draft.plan_ids.filter((p) => p !== id));

  return (
    <FormDialog
      title={editing ? `Edit promo code ${editing.code}` : 'Add a promo code'}
      busy={saving}
      onDismiss={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel={saving ? 'Saving…' : editing ? 'Save' : 'Add promo code'}
      cancelFirst
    >
      <AlertBar>{failure}</AlertBar>
      <Field label="Code" required hint={editing ? 'A code keeps its name.' : 'Letters, digits, hyphens or underscores; customers type it in any case.'} {...field('code')}>
        <Input className={s.input} value={draft.code} readOnly={!!editing} onChange={(_, d) => set('code', d.value.toUpperCase())} autoComplete="off" />
      </Field>
      <Field label="Discount" required>
        <RadioGroup layout="horizontal" value={draft.discount_kind} onChange={(_, d) => set('discount_kind', d.value === 'amount' ? 'amount' : 'percent')}>
          <Radio value="percent" label="Percent off" />
          <Radio value="amount" label="Amount off" />
        </RadioGroup>
      </Field>
      <Field
        label={draft.discount_kind === 'percent' ? 'Percent off (1 to 100)' : 'Amount off (US dollars)'}
        required
        hint={`Taken off what the checkout charges today; a checkout never charges less than ${formatCents(50)}.`}
        {...field('discount_value')}
      >
        <Input className={s.input} inputMode="decimal" value={draft.discount_value} onChange={(_, d) => set('discount_value', d.value)} contentAfter={draft.discount_kind === 'percent' ? '%' : undefined} contentBefore={draft.discount_kind === 'amount' ? '$' : undefined} />
      </Field>
      {/* A group, not a Field: a Field hands its label and state to one control, here there are several. */}
      <div className={s.plans} role="group" aria-labelledby={plansLabel} aria-describedby={errors.plan_ids ? plansError : undefined}>
        <Label id={plansLabel} required>
          What it applies to
        </Label>
        {choices.map((p) => (
          <Checkbox key={p.id} checked={draft.plan_ids.includes(p.id)} onChange={(_, d) => togglePlan(p.id, d.checked === true)} label={`${p.name} (${p.id})${p.is_active ? '' : ', not offered'}`} />
        ))}
        {PRODUCT_PROMO_TARGETS.map((t) => (
          <Checkbox key={t.id} checked={draft.plan_ids.includes(t.id)} onChange={(_, d) => togglePlan(t.id, d.checked === true)} label={`${t.name} (${t.detail})`} />
        ))}
        {errors.plan_ids && (
          <Text id={plansError} role="alert" className={s.error}>
            {errors.plan_ids}
          </Text>
        )}
      </div>
      <div className={s.row}>
        <Field label="First day" required {...field('valid_from')}>
          <Input className={s.input} type="date" max="9999-12-31" value={draft.valid_from} onChange={(_, d) => set('valid_from', d.value)} />
        </Field>
        <Field label="Last day" hint="Empty: no end" {...field('valid_to')}>
          <Input className={s.input} type="date" max="9999-12-31" value={draft.valid_to} onChange={(_, d) => set('valid_to', d.value)} />
        </Field>
      </div>
      <div className={s.row}>
        <Field label="Total uses" hint="Empty: no limit" {...field('max_redemptions')}>
          <Input className={s.input} inputMode="numeric" value={draft.max_redemptions} onChange={(_, d) => set('max_redemptions', d.value)} />
        </Field>
        <Field label="Uses per account" hint="Empty: no limit" {...field('max_per_account')}>
          <Input className={s.input} inputMode="numeric" value={draft.max_per_account} onChange={(_, d) => set('max_per_account', d.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}
