import { useState, type FormEvent } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import type { SavedCard } from '@acpg/contracts/payments';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { toCardDetails } from '../card.ts';
import { createPaymentMethod, usePaymentsConfig } from '../api/payments.ts';
import { saveCard } from '../api/saved-cards.ts';
import { CardFields, useCardInput } from './CardFields.tsx';
import { stripePaymentMethod } from './StripeCardField.tsx';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'flex-end' },
});

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const gateway = usePaymentsConfig();
  const config = gateway.data;
  const input = useCardInput(config);
  const { card, errors, stripe, stripeCard } = input;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    input.submit();
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
      <AlertBar>{error}</AlertBar>
      {gateway.status === 'error' && <AlertBar>The card form could not be loaded: {gateway.error}</AlertBar>}
      {!config && gateway.status === 'loading' && <Spinner size="tiny" label="Loading the card form" labelPosition="after" />}
      <CardFields input={input} busy={busy} />
      <div className={s.actions}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton busy={busy} icon={<LockClosedRegular />}>
          {busy ? 'Saving card…' : submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}

export default SaveCardForm;
