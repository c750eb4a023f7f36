import { useEffect, useId, useRef, useState } from 'react';
import { Button, Label, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { claimPaymentMethod } from '../api/payments.ts';
import { loadStripeJs, STRIPE_LOAD_FAILED, type StripeCardElement, type StripeJs } from '../stripe-js.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // Looks like a Fluent Input: Stripe.js draws its fields inside.
  box: {
    minHeight: '32px',
    display: 'flex',
    alignItems: 'center',
    padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke },
  },
  invalid: {
    borderTopColor: tokens.colorPaletteRedBorder2,
    borderRightColor: tokens.colorPaletteRedBorder2,
    borderBottomColor: tokens.colorPaletteRedBorder2,
    borderLeftColor: tokens.colorPaletteRedBorder2,
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

/** Stripe.js with its card element, ready to make a payment method. */
export interface StripeCard {
  stripe: StripeJs;
  element: StripeCardElement;
}

/** Where a form keeps Stripe.js's card for its submit (set by `StripeCardField`'s `onReady`). */
export const stripeCardHolder = () => {
  let card: StripeCard | null = null;
  return { get: () => card, set: (ready: StripeCard | null) => void (card = ready) };
};

/** Stripe: Stripe.js holds the card fields; the form checks they are complete and the name on the card. */
export const stripeCardErrors = (nameError: string | undefined, stripeCard: { complete: boolean; error: string | null }): { number?: string; name?: string } => {
  const number = stripeCard.error ?? (stripeCard.complete ? undefined : 'Enter the card number, expiry date and security code');
  return { ...(number ? { number } : {}), ...(nameError ? { name: nameError } : {}) };
};

/** Stripe.js makes the payment method from its own fields; the server makes it the payer's. */
export async function stripePaymentMethod(card: StripeCard | null, name: string) {
  if (!card) throw new Error('The card form is still loading. Try again in a moment.');
  const made = await card.stripe.createPaymentMethod({ type: 'card', card: card.element, billing_details: { name } });
  if (made.error) throw new Error(made.error.message || 'Check the card details and try again.');
  return claimPaymentMethod(made.paymentMethod.id);
}

export interface StripeCardFieldProps {
  publishableKey: string;
  jsUrl: string;
  /** Shown under the field (the card is incomplete, or Stripe's own words about it). */
  validationMessage: string | null;
  onReady: (card: StripeCard | null) => void;
  onChange: (change: { complete: boolean; error: string | null }) => void;
}

/**
 * The card fields when the gateway is Stripe: Stripe.js is loaded here (the first time a card form is shown), and its
 * card element mounted in a box that looks like the form's other inputs. Loading and a failed load are shown in place.
 */
export function StripeCardField({ publishableKey, jsUrl, validationMessage, onReady, onChange }: StripeCardFieldProps) {
  const s = useStyles();
  const labelId = useId();
  const messageId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const handlers = useRef({ onReady, onChange });
  useEffect(() => {
    handlers.current = { onReady, onChange };
  });

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    loadStripeJs(jsUrl)
      .then((Stripe) => {
        if (cancelled || !mountRef.current) return;
        const stripe = Stripe(publishableKey);
        const made = stripe.elements().create('card', { hidePostalCode: true });
        element = made;
        made.on('change', (e) => handlers.current.onChange({ complete: e.complete, error: e.error?.message ?? null }));
        made.mount(mountRef.current);
        handlers.current.onReady({ stripe, element: made });
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      element?.destroy();
      handlers.current.onReady(null);
    };
  }, [jsUrl, publishableKey, attempt]);

  return (
    <div className={s.root}>
      <Label id={labelId} required>
        Card
      </Label>
      {status === 'loading' && <Spinner size="tiny" label="Loading the secure card form" labelPosition="after" />}
      {status === 'error' && (
        <div role="alert">
          <Text className={s.error}>{STRIPE_LOAD_FAILED} </Text>
          <Button
            size="small"
            onClick={() => {
              setStatus('loading');
              setAttempt((a) => a + 1);
            }}
          >
            Try again
          </Button>
        </div>
      )}
      <div
        ref={mountRef}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={validationMessage ? messageId : undefined}
        className={mergeClasses(s.box, validationMessage ? s.invalid : undefined, status !== 'ready' && s.hidden)}
      />
      {validationMessage && (
        <Text id={messageId} size={200} className={s.error}>
          {validationMessage}
        </Text>
      )}
    </div>
  );
}
