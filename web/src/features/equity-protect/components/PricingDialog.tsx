import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { EquityPricingBody, type EquityPricing } from '@acpg/contracts/equity-protect';
import type { PlansResponse } from '@acpg/contracts/plans';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { http } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { fetchPricing, savePricing } from '../api/equity.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, calc(100vw - 32px))' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  plans: { display: 'flex', flexDirection: 'column' },
});

type Errors = Partial<Record<'annual_price_cents' | 'included_plan_names' | 'features', string>>;

function PricingForm({ pricing, planNames, onClose }: { pricing: EquityPricing; planNames: readonly string[]; onClose: () => void }) {
  const s = useStyles();
  const [price, setPrice] = useState((pricing.annual_price_cents / 100).toFixed(2));
  const [included, setIncluded] = useState<string[]>(pricing.included_plan_names);
  const [features, setFeatures] = useState(pricing.features.join('\n'));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const dollars = price.trim().replace(/^\$/, '');
    const cents = /^\d+(\.\d{1,2})?$/.test(dollars) ? Math.round(Number(dollars) * 100) : Number.NaN;
    const body = { annual_price_cents: cents, included_plan_names: included, features: features.split('\n').map((f) => f.trim()).filter(Boolean) };
    const parsed = EquityPricingBody.safeParse(body);
    if (!parsed.success || Number.isNaN(cents)) {
      const next: Errors = {};
      if (Number.isNaN(cents)) next.annual_price_cents = 'Enter the price in dollars, like 99.00.';
      for (const issue of parsed.success ? [] : parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await savePricing(parsed.data);
      notify.success(r.message ?? 'Pricing saved.');
      onClose();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'The pricing could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const names = [...new Set([...planNames, ...pricing.included_plan_names])];
  return (
    <>
      <DialogContent className={s.content}>
        <Text>A change reaches enrolments from now on; properties already protected keep what they paid.</Text>
        <Field label="Yearly price per property (USD)" required hint="0.00 makes it free for everyone." validationMessage={errors.annual_price_cents} validationState={errors.annual_price_cents ? 'error' : 'none'}>
          <Input value={price} inputMode="decimal" contentBefore="$" onChange={(_, d) => setPrice(d.value)} />
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
      </DialogContent>
      <DialogActions>
        <Button appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void save()}>
          Save pricing
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

/** Super Admins set Equity Protect's yearly price, the plans that include it and what the public page lists. */
export function PricingDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const pricing = useResource((signal) => fetchPricing(signal), []);
  const plans = useResource((signal) => http.get<PlansResponse>('/plans', { signal }), []);
  const planNames = [...new Set((plans.data?.plans ?? []).map((p) => p.name))];
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Equity Protect pricing</DialogTitle>
          {pricing.status === 'error' ? (
            <DialogContent>
              <ErrorState title="The pricing could not be loaded" message={pricing.error ?? 'Try again.'} onRetry={pricing.reload} />
            </DialogContent>
          ) : !pricing.data || plans.status === 'loading' ? (
            <DialogContent>
              <LoadingBlock label="Loading the pricing" lines={3} />
            </DialogContent>
          ) : (
            <PricingForm pricing={pricing.data} planNames={planNames} onClose={onClose} />
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
