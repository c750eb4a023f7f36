import { useState } from 'react';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { PaymentsConfig } from '@acpg/contracts/payments';
import { formatCardNumber, formatExpiry, validateCard, type CardErrors, type CardInput } from '../card.ts';
import { StripeCardField, stripeCardErrors, stripeCardHolder } from './StripeCardField.tsx';

const useStyles = makeStyles({
  // Fluent's Input keeps a 250px minimum width: two side by side would overflow a phone.
  input: { minWidth: 0, width: '100%' },
  row: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(min(140px, 100%), 1fr))' },
});

const EMPTY: CardInput = { number: '', expiry: '', cvc: '', name: '' };

/**
 * What a card form holds: the fields typed (or, with Stripe, Stripe.js's card and whether it is complete), their
 * errors, and which to show (a field once left, every field once the form was submitted).
 */
export function useCardInput(gateway: PaymentsConfig | null | undefined) {
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof CardInput, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // With Stripe, Stripe.js draws and keeps the card fields (loaded only once the form is shown).
  const stripe = gateway?.gateway === 'stripe' && gateway.publishable_key && gateway.js_url ? { key: gateway.publishable_key, jsUrl: gateway.js_url } : null;
  const [stripeCard] = useState(stripeCardHolder);
  const [stripeState, setStripeState] = useState({ complete: false, error: null as string | null });
  const errors: CardErrors = stripe ? stripeCardErrors(validateCard(card).name, stripeState) : validateCard(card);
  return {
    card,
    errors,
    stripe,
    stripeCard,
    setStripeState,
    submit: () => setSubmitted(true),
    shown: (field: keyof CardInput) => (submitted || touched[field] ? (errors[field] ?? null) : null),
    set: (field: keyof CardInput, value: string) => setCard((c) => ({ ...c, [field]: value })),
    blur: (field: keyof CardInput) => setTouched((t) => ({ ...t, [field]: true })),
  };
}

/** The card's fields: Stripe.js's card field or number, expiry and CVC, then the name on the card; read-only while `busy`. */
export function CardFields({ input, busy }: { input: ReturnType<typeof useCardInput>; busy: boolean }) {
  const s = useStyles();
  const { card, stripe, shown, set, blur } = input;
  return (
    <>
      {stripe ? (
        <StripeCardField
          publishableKey={stripe.key}
          jsUrl={stripe.jsUrl}
          validationMessage={shown('number')}
          onReady={input.stripeCard.set}
          onChange={(change) => {
            input.setStripeState(change);
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
    </>
  );
}
