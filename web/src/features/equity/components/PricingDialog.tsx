import { useId, useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { EquityPricingBody, type EquityPricing } from '@acpg/contracts/equity';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useFocusFirstInvalid, useFocusWhenShown } from '../../../lib/focus.ts';
import { notify } from '../../../lib/notify.ts';
import { savePricing, usePricing, usePlans } from '../api/equity.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  plans: { display: 'flex', flexDirection: 'column' },
});

type Errors = Partial<Record<'annual_price_cents' | 'included_plan_names' | 'features', string>>;

function PricingForm({ id, pricing, planNames, onBusy, onSaved }: { id: string; pricing: EquityPricing; planNames: readonly string[]; onBusy: (busy: boolean) => void; onSaved: () => void }) {
  const s = useStyles();
  const [price, setPrice] = useState((pricing.annual_price_cents / 100).toFixed(2));
  const [included, setIncluded] = useState<string[]>(pricing.included_plan_names);
  const [features, setFeatures] = useState(pricing.features.join('\n'));
  const [errors, setErrors] = useState<Errors>({});
  const priceRef = useFocusWhenShown<HTMLInputElement>();
  const [formRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLFormElement>();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const dollars = price.trim().replace(/^\$/, '');
    const cents = /^\d+(\.\d{1,2})?$/.test(dollars) ? Math.round(Number(dollars) * 100) : Number.NaN;
    const body = { annual_price_cents: cents, included_plan_names: included, features: features.split('\n').map((f) => f.trim()).filter(Boolean) };
    const parsed = EquityPricingBody.safeParse(body);
    if (!parsed.success || Number.isNaN(cents)) {
      const next: Errors = {};
      if (Number.isNaN(cents)) next.annual_price_cents = 'Enter the price in dollars, like 99.00.';
      for (const issue of parsed.success ? [] : parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return focusFirstInvalid();
    }
    setErrors({});
    onBusy(true);
    try {
      const r = await savePricing(parsed.data);
      notify.success(r.message ?? 'Pricing saved.');
      onSaved();
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'The pricing could not be saved. Try again.');
    } finally {
      onBusy(false);
    }
  };
  const names = [...new Set([...planNames, ...pricing.included_plan_names])];
  return (
    <form id={id} className={s.content} ref={formRef} onSubmit={(e) => void save(e)} noValidate>
      <Text>A change reaches enrollments from now on; properties already protected keep what they paid.</Text>
      <Field label="Yearly price per property (USD)" required hint="0.00 makes it free for everyone." validationMessage={errors.annual_price_cents} validationState={errors.annual_price_cents ? 'error' : 'none'}>
        <Input ref={priceRef} value={price} inputMode="decimal" contentBefore="$" onChange={(_, d) => setPrice(d.value)} />
      </Field>
      <div className={s.plans} role="group" aria-label="Included at no extra cost with">
        <Text weight="semibold">Included at no extra cost with</Text>
        {names.map((name) => (
          <Checkbox key={name} label={`${name} membership`} checked={included.includes(name)} onChange={(_, d) => setIncluded((list) => (d.checked === true ? [...list, name] : list.filter((n) => n !== name)))} />
        ))}
        {errors.included_plan_names && <Text role="alert">{errors.included_plan_names}</Text>}
      </div>
      <Field label="What it does (one per line)" required hint="Shown on the public Equity Protect page." validationMessage={errors.features} validationState={errors.features ? 'error' : 'none'}>
        <Textarea value={features} rows={5} onChange={(_, d) => setFeatures(d.value)} />
      </Field>
    </form>
  );
}

/**
 * Super Admins set Equity Protect's yearly price, the plans that include it and what the public page lists.
 * Cancel is there from the first render and stays while the pricing loads: a dialog with nothing to focus gets focus
 * on its surface, and then tabster never activates the dialog's modalizer and hides the open dialog (aria-hidden)
 * instead of the page behind it; a focused button replaced by another sends focus back out of the dialog.
 */
export function PricingDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const pricing = usePricing();
  const plans = usePlans();
  const planNames = [...new Set((plans.data?.plans ?? []).map((p) => p.name))];
  const ready = pricing.status !== 'error' && plans.status !== 'loading' ? pricing.data : null;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Equity Protect pricing</DialogTitle>
          <DialogContent>
            {ready ? (
              <PricingForm id={formId} pricing={ready} planNames={planNames} onBusy={setBusy} onSaved={onClose} />
            ) : pricing.status === 'error' ? (
              <ErrorState title="The pricing could not be loaded" message={pricing.error} onRetry={pricing.reload} />
            ) : (
              <LoadingBlock label="Loading the pricing" lines={3} />
            )}
          </DialogContent>
          <DialogActions>
            {ready && (
              <Button type="submit" form={formId} appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                Save pricing
              </Button>
            )}
            <Button onClick={onClose} disabledFocusable={busy}>
              Cancel
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
