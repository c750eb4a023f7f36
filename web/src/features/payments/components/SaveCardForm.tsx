import { useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { SavedCard } from '@acpg/contracts/payments';
import { formatCardNumber, formatExpiry, toCardDetails, validateCard, type CardErrors, type CardInput } from '../card.ts';
import { createPaymentMethod, usePaymentsConfig } from '../api/payments.ts';
import { saveCard } from '../api/saved-cards.ts';
import { StripeCardField, stripeCardErrors, stripeCardHolder, stripePaymentMethod } from './StripeCardField.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  input: { minWidth: 0, width: '100%' },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(140px, 100%), 1fr))' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'flex-end' },
});

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', name: '' };

export interface SaveCardFormProps {
  /** Called once the card is saved for renewals (`POST /payments/saved-cards`). */
  onSaved: (card: SavedCard) => Promise<void> | void;
  onCancel: () => void;
  /** Label of the submit button (default "Save card"). */
  submitLabel?: string;
}

/**
 * A new card for later charges: the card fields (the number goes only to the gateway's payment-method route), then the
 * gateway's setup step. Refusals (a card the gateway will not save) are shown in words; nothing is charged here.
 */
export function SaveCardForm({ onSaved, onCancel, submitLabel = 'Save card' }: SaveCardFormProps) {
  const s = useStyles();
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof CardInput, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // With Stripe, Stripe.js draws and keeps the card fields (loaded only now that the form is shown).
  const gateway = usePaymentsConfig();
  const config = gateway.data;
  const stripe = config?.gateway === 'stripe' && config.publishable_key && config.js_url ? { key: config.publishable_key, jsUrl: config.js_url } : null;
  const [stripeCard] = useState(stripeCardHolder);
  const [stripeState, setStripeState] = useState({ complete: false, error: null as string | null });
  const errors: CardErrors = stripe ? stripeCardErrors(validateCard(card).name, stripeState) : validateCard(card);
  const shown = (field: keyof CardInput) => (submitted || touched[field] ? (errors[field] ?? null) : null);
  const set = (field: keyof CardInput, value: string) => setCard((c) => ({ ...c, [field]: value }));
  const blur = (field: keyof CardInput) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || !config || Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const method = stripe ? await stripePaymentMethod(stripeCard.get(), card.name.trim()) : await createPaymentMethod(toCardDetails(card));
      const saved = await saveCard({ payment_method_id: method.payment_method_id });
      await onSaved(saved);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The card could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label="New card">
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {gateway.status === 'error' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>The card form could not be loaded: {gateway.error}</MessageBarBody>
        </MessageBar>
      )}
      {!config && gateway.status === 'loading' && <Spinner size="tiny" label="Loading the card form" labelPosition="after" />}
      {stripe ? (
        <StripeCardField
          publishableKey={stripe.key}
          jsUrl={stripe.jsUrl}
          validationMessage={shown('number')}
          onReady={stripeCard.set}
          onChange={(change) => {
            setStripeState(change);
            if (change.complete || change.error) blur('number');
          }}
        />
      ) : (
        <>
          <Field label="Card number" required validationMessage={shown('number')}>
            <Input className={s.input} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={card.number} readOnly={busy} onChange={(_, d) => set('number', formatCardNumber(d.value))} onBlur={() => blur('number')} />
          </Field>
          <div className={s.row}>
            <Field label="Expiry date (MM/YY)" required validationMessage={shown('expiry')}>
              <Input className={s.input} inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" value={card.expiry} readOnly={busy} onChange={(_, d) => set('expiry', formatExpiry(d.value))} onBlur={() => blur('expiry')} />
            </Field>
            <Field label="Security code (CVC)" required validationMessage={shown('cvc')}>
              <Input className={s.input} inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={card.cvc} readOnly={busy} onChange={(_, d) => set('cvc', d.value.replace(/\D/g, ''))} onBlur={() => blur('cvc')} />
            </Field>
          </div>
        </>
      )}
      <Field label="Name on card" required validationMessage={shown('name')}>
        <Input className={s.input} autoComplete="cc-name" value={card.name} readOnly={busy} onChange={(_, d) => set('name', d.value)} onBlur={() => blur('name')} />
      </Field>
      <div className={s.actions}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : <LockClosedRegular />}>
          {busy ? 'Saving card…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

export default SaveCardForm;
