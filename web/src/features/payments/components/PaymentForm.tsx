import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Checkbox, Field, Link, MessageBar, MessageBarBody, MessageBarTitle, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { amountDue, FEE_EXPLANATIONS, planTermsOf, type Plan, type PlanTerms } from '@acpg/contracts/plans';
import { TERMS_OF_SERVICE_PATH, type CheckoutResult, type PaymentMethod, type PaymentsConfig } from '@acpg/contracts/payments';
import { formatCents } from '../../../lib/money.ts';
import { autoRenewalDisclosure, firstTermSentence, nextChargeSentence } from '../../../lib/plan-terms.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { toCardDetails } from '../card.ts';
import { awaitOutcomeWith, checkoutMachine, isBusy, type Purchase } from '../machines/checkout.machine.ts';
import type { SignedInStep } from '@acpg/contracts/sign-up-steps';
import { missingStepsOf } from '../../../lib/steps-missing.ts';
import { confirmCheckout, createPaymentMethod, fetchCheckout, fetchLiveCheckout, startCheckout, usePaymentsConfig, usePlanToPay } from '../api/payments.ts';
import { useCardOnFile } from '../api/saved-cards.ts';
import { SecondStepDialog } from './SecondStepDialog.tsx';
import { CardFields, useCardInput } from './CardFields.tsx';
import { stripePaymentMethod } from './StripeCardField.tsx';
import { confirmSecondStep } from '../second-step.ts';
import { PromoCodeField } from './PromoCodeField.tsx';
import type { PromoQuote } from '@acpg/contracts/promo-codes';
import type { CreatePaymentMethodBody } from '@acpg/contracts/payments';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
  summary: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  due: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  fee: { color: tokens.colorNeutralForeground2 },
  disclosure: { color: tokens.colorNeutralForeground1 },
});

/** The card number the form sends for "pay with the saved card": the payment-method step answers the saved card itself. */
const SAVED_CARD_MARK = 'saved-card';
const brandName = (brand: PaymentMethod['brand']) => (brand === 'unknown' ? 'Card' : brand === 'amex' ? 'American Express' : brand[0]!.toUpperCase() + brand.slice(1));

const payMachine = checkoutMachine.provide({
  actors: {
    createPaymentMethod: fromPromise(({ input }) => createPaymentMethod(input)),
    startCheckout: fromPromise(({ input }) => startCheckout(input)),
    confirmCheckout: fromPromise(({ input }) => confirmCheckout(input.checkoutId, input.approve)),
    fetchCheckout: fromPromise(({ input, signal }) => fetchCheckout(input.checkoutId, signal)),
    awaitOutcome: awaitOutcomeWith(fetchCheckout),
  },
});

function PlanSummary({ plan, terms, promo }: { plan: Plan; terms: PlanTerms; promo: PromoQuote | null }) {
  const s = useStyles();
  const setup = plan.additional_charges['setup fees'];
  const recording = plan.additional_charges.recording_fees;
  return (
    <div className={s.summary} aria-label="Order summary" role="group">
      <Text weight="semibold">
        {plan.name} membership: {formatCents(plan.amount)} / {terms.term}
      </Text>
      {setup > 0 && (
        <Text>
          Setup fee: {formatCents(setup)} <span className={s.fee}>({FEE_EXPLANATIONS.setup})</span>
        </Text>
      )}
      {recording > 0 && (
        <Text>
          Recording fee: {formatCents(recording)} <span className={s.fee}>({FEE_EXPLANATIONS.recording})</span>
        </Text>
      )}
      <Text>{firstTermSentence(terms, plan.trial_period.month)}</Text>
      {promo && (
        <Text>
          Promo code {promo.code}: −{formatCents(promo.discount_cents)}
        </Text>
      )}
      <Text className={s.due}>Due today: {formatCents(promo ? promo.amount_due_cents : amountDue(plan))}</Text>
      <Text>{nextChargeSentence(terms)}</Text>
    </div>
  );
}

/** An NHD order as the payment form shows it: what it is and what it costs before any promo code. */
export interface NhdOrderItem {
  orderId: string;
  /** "Standard NHD report for 6718 Mission Way, Pasadena". */
  label: string;
  amountCents: number;
  /** How the summary names the price: "Report price" (default), "Yearly price". */
  priceLabel?: string;
}

type Item = { kind: 'plan'; plan: Plan; terms: PlanTerms } | { kind: 'nhd'; order: NhdOrderItem } | { kind: 'equity'; order: NhdOrderItem };
const purchaseOf = (item: Item): Purchase =>
  item.kind === 'plan' ? { plan_id: item.plan.id } : item.kind === 'nhd' ? { nhd_order_id: item.order.orderId } : { equity_enrollment_id: item.order.orderId };
const listAmount = (item: Item) => (item.kind === 'plan' ? amountDue(item.plan) : item.order.amountCents);

function OrderSummary({ order, promo, renews }: { order: NhdOrderItem; promo: PromoQuote | null; renews: 'never' | 'year-ends' }) {
  const s = useStyles();
  return (
    <div className={s.summary} aria-label="Order summary" role="group">
      <Text weight="semibold">{order.label}</Text>
      <Text>
        {order.priceLabel ?? 'Report price'}: {formatCents(order.amountCents)}
      </Text>
      {promo && (
        <Text>
          Promo code {promo.code}: −{formatCents(promo.discount_cents)}
        </Text>
      )}
      <Text className={s.due}>Due today: {formatCents(promo ? promo.amount_due_cents : order.amountCents)}</Text>
      <Text>{renews === 'year-ends' ? 'A one-time payment for one year: it does not renew by itself.' : 'A one-time payment: nothing renews.'}</Text>
    </div>
  );
}

/** The card form of one checkout; a new plan id or order is a new checkout (its own id). */
function CheckoutForm({
  item,
  onPaid,
  onCheckout,
  onStepsMissing,
  gateway,
  savedCard,
}: {
  item: Item;
  onPaid: (result: CheckoutResult) => void;
  onCheckout?: ((result: CheckoutResult) => void) | undefined;
  onStepsMissing?: ((missing: SignedInStep[]) => void) | undefined;
  gateway: PaymentsConfig;
  /** The card on file (kept for renewals or used for the last payment), offered first; null when there is none. */
  savedCard: PaymentMethod | null;
}) {
  const s = useStyles();
  const track = useTrackClick();
  // Stripe.js's card is kept in the card input, where the machine's createPaymentMethod finds it when Pay is pressed.
  const input = useCardInput(gateway);
  const { card, errors, stripe, stripeCard } = input;
  // While the bank's own window (Stripe.js) is open, our dialog steps aside: a modal would hide the bank's window.
  const [atBank, setAtBank] = useState(false);
  // "Pay with the saved card" sends a marker instead of a card: the payment-method step answers the saved card itself.
  // The card on file is read before this form is drawn and stays the same for its life (the form is keyed by item).
  // A purchase refused for sign-up steps (409 SIGN_UP_STEPS_MISSING) is handed to the page, which asks those steps.
  const [stepsMissing, setStepsMissing] = useState<SignedInStep[] | null>(null);
  useEffect(() => {
    if (stepsMissing) onStepsMissing?.(stepsMissing);
  }, [stepsMissing, onStepsMissing]);
  const stepsAware = <T,>(started: Promise<T>) =>
    started.catch((error: unknown) => {
      setStepsMissing(missingStepsOf(error));
      throw error;
    });
  const orSaved = (create: (card: CreatePaymentMethodBody) => Promise<PaymentMethod>) => (card: CreatePaymentMethodBody) =>
    card.number === SAVED_CARD_MARK && savedCard ? Promise.resolve(savedCard) : create(card);
  const [machine] = useState(() =>
    gateway.gateway === 'stripe'
      ? payMachine.provide({
          actors: {
            startCheckout: fromPromise(({ input }) => stepsAware(startCheckout(input))),
            createPaymentMethod: fromPromise(({ input }) => orSaved((card) => stripePaymentMethod(stripeCard.get(), card.name))(input)),
            confirmCheckout: fromPromise(async ({ input }) => {
              try {
                return await confirmSecondStep(input.checkoutId, input.approve, stripeCard.get()?.stripe ?? null, () => setAtBank(true));
              } finally {
                setAtBank(false);
              }
            }),
          },
        })
      : payMachine.provide({ actors: { startCheckout: fromPromise(({ input }) => stepsAware(startCheckout(input))), createPaymentMethod: fromPromise(({ input }) => orSaved(createPaymentMethod)(input)) } }),
  );
  const [useSaved, setUseSaved] = useState(savedCard !== null);
  const [consent, setConsent] = useState(false);
  const [consentShown, setConsentShown] = useState(false);
  const consentRef = useRef<HTMLInputElement>(null);
  const [state, send] = useMachine(machine, { input: { purchase: purchaseOf(item), newId: () => crypto.randomUUID() } });
  const attempts = useRef(0);
  const busy = isBusy(state);
  const [promo, setPromo] = useState<PromoQuote | null>(null);
  const due = promo ? promo.amount_due_cents : listAmount(item);

  // A page reloaded while a payment of this purchase waits (at the card's second step, or for the gateway) continues
  // that checkout instead of starting another one, which the server would refuse until it expires.
  useEffect(() => {
    const controller = new AbortController();
    fetchLiveCheckout(purchaseOf(item), controller.signal)
      .then((live) => {
        if (live && !controller.signal.aborted) send({ type: 'RESUME', checkout: live });
      })
      .catch(() => undefined); // nothing to resume: the form starts a new checkout
    return () => controller.abort();
    // Once per form: the form is keyed by its purchase.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The payer's hand-off happens once, when the machine reaches `paid`.
  const paidOnce = useRef(false);
  const onPaidRef = useRef(onPaid);
  useEffect(() => {
    onPaidRef.current = onPaid;
  });
  useEffect(() => {
    if (state.status === 'done' && state.output && !paidOnce.current) {
      paidOnce.current = true;
      onPaidRef.current(state.output);
    }
  }, [state.status, state.output]);

  // A page that follows the payment elsewhere (/payment-status) takes it over once the server has it and it has not failed.
  const handedOff = useRef(false);
  const onCheckoutRef = useRef(onCheckout);
  useEffect(() => {
    onCheckoutRef.current = onCheckout;
  });
  const answer = state.context.checkout;
  useEffect(() => {
    if (!answer || answer.status === 'failed' || handedOff.current || !onCheckoutRef.current) return;
    handedOff.current = true;
    onCheckoutRef.current(answer);
  }, [answer]);

  const pay = (e: FormEvent) => {
    e.preventDefault();
    if (!useSaved) input.submit();
    if (busy || state.status === 'done') return;
    track('Pay');
    setConsentShown(true);
    const cardReady = useSaved || Object.keys(errors).length === 0;
    if (!consent) {
      // The first thing to fix gets focus: the card's fields when they are wrong, else the consent box.
      if (cardReady) consentRef.current?.focus();
      return;
    }
    if (!cardReady) return;
    const promoCode = promo?.code ?? null;
    if (useSaved && savedCard) {
      send({ type: 'PAY', card: { number: SAVED_CARD_MARK, exp_month: 1, exp_year: 2000, cvc: '', name: savedCard.payment_method_id }, promoCode, consent: true });
      return;
    }
    if (stripe) {
      // Stripe.js holds the number: each Pay may be another card, so a checkout sent already is asked about (and
      // followed if it arrived) before a new one starts; the machine never charges twice.
      attempts.current += 1;
      send({ type: 'PAY', card: { number: `stripe-${attempts.current}`, exp_month: 1, exp_year: 2000, cvc: '', name: card.name.trim() }, promoCode, consent: true });
      return;
    }
    send({ type: 'PAY', card: toCardDetails(card), promoCode, consent: true });
  };

  const { error, declined, paymentMethod } = state.context;
  const inDialog = state.matches('awaitingApproval') || state.matches('confirming') || state.matches('refusing');
  const paid = state.status === 'done';
  return (
    <form className={s.form} onSubmit={pay} noValidate aria-label="Payment">
      {item.kind === 'plan' ? <PlanSummary plan={item.plan} terms={item.terms} promo={promo} /> : <OrderSummary order={item.order} promo={promo} renews={item.kind === 'equity' ? 'year-ends' : 'never'} />}
      {error && !inDialog && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {declined && <MessageBarTitle>Payment not made</MessageBarTitle>}
            {error}
          </MessageBarBody>
        </MessageBar>
      )}
      {savedCard && (
        <RadioGroup aria-label="Card to pay with" value={useSaved ? 'saved' : 'new'} onChange={(_, d) => setUseSaved(d.value === 'saved')} disabled={busy || paid || inDialog}>
          <Radio value="saved" label={`Pay with ${brandName(savedCard.brand)} •••• ${savedCard.last4}`} />
          <Radio value="new" label="Use a new card" />
        </RadioGroup>
      )}
      {!useSaved && <CardFields input={input} busy={busy} />}
      <PromoCodeField target={purchaseOf(item)} applied={promo} onApplied={setPromo} locked={busy || paid || inDialog} />
      {item.kind === 'plan' && <Text className={s.disclosure}>{autoRenewalDisclosure(item.plan.name, item.terms)}</Text>}
      <Field
        validationMessage={consentShown && !consent ? 'Check the box to agree to the Terms of Service before you pay.' : null}
        validationState={consentShown && !consent ? 'error' : 'none'}
      >
        <Checkbox
          ref={consentRef}
          checked={consent}
          disabled={busy || paid || inDialog}
          onChange={(_, d) => setConsent(d.checked === true)}
          label={
            <>
              I agree to the{' '}
              <Link href={TERMS_OF_SERVICE_PATH} target="_blank" rel="noopener">
                Terms of Service (opens in a new tab)
              </Link>
              {item.kind === 'plan' ? ', including the automatic renewal described above.' : '.'}
            </>
          }
        />
      </Field>
      <SubmitButton busy={busy} disabled={paid || inDialog} size="large" icon={<LockClosedRegular />}>
        {paid ? 'Paid' : busy ? 'Processing payment…' : `Pay ${formatCents(due)}`}
      </SubmitButton>
      {atBank && (
        <Text role="status">Complete the step your bank asks for in its window.</Text>
      )}
      <SecondStepDialog
        open={inDialog && !atBank}
        amountDue={state.context.checkout?.amount_due ?? due}
        last4={paymentMethod?.last4 ?? state.context.checkout?.card_last4 ?? null}
        sending={state.matches('confirming') ? 'approve' : state.matches('refusing') ? 'refuse' : null}
        error={inDialog ? error : null}
        onApprove={() => send({ type: 'APPROVE' })}
        onRefuse={() => send({ type: 'REFUSE' })}
      />
    </form>
  );
}

export interface PaymentFormProps {
  /** The plan to pay for (a default plan's id from GET /plans) ... */
  planId?: string;
  /** ... or a placed NHD order ... */
  nhdOrder?: NhdOrderItem;
  /** ... or an Equity Protect enrolment awaiting payment (`orderId` is the enrolment id); one of the three. */
  equityEnrolment?: NhdOrderItem;
  /** Called once, with the checkout, when the payment succeeded. */
  onPaid: (result: CheckoutResult) => void;
  /**
   * Called once as soon as the server answers the checkout with anything but `failed` (processing, needs the card's
   * confirmation, succeeded): a page that shows the payment's progress itself (/payment-status) takes over there.
   */
  onCheckout?: (result: CheckoutResult) => void;
  /** Called when the server refuses the purchase until sign-up steps are done (409 SIGN_UP_STEPS_MISSING): those steps. */
  onStepsMissing?: (missing: SignedInStep[]) => void;
}

/**
 * Pays for a plan or an NHD order: the amount due, the card fields, Pay (once per checkout however often it is
 * pressed), the card's second step when it asks for one, and a clear message when the card is declined. The card
 * number goes only to the gateway's payment-method route.
 */
export function PaymentForm({ planId, nhdOrder, equityEnrolment, onPaid, onCheckout, onStepsMissing }: PaymentFormProps) {
  const order = nhdOrder ?? equityEnrolment;
  const plan = usePlanToPay(planId, order?.orderId);
  const gateway = usePaymentsConfig();
  const onFile = useCardOnFile();
  if (plan.status === 'error') return <ErrorState title="The plan could not be loaded" message={plan.error} onRetry={plan.reload} />;
  if (gateway.status === 'error') return <ErrorState title="The card form could not be loaded" message={gateway.error} onRetry={gateway.reload} />;
  // The card on file is a convenience: if it cannot be read, the form offers a new card.
  if (plan.status === 'loading' || !gateway.data || (!order && !plan.data) || onFile.status === 'loading') {
    return <LoadingBlock label={order ? 'Loading the card form' : 'Loading the plan'} lines={3} />;
  }
  const toPay = plan.data;
  const item: Item = nhdOrder
    ? { kind: 'nhd', order: nhdOrder }
    : equityEnrolment
      ? { kind: 'equity', order: equityEnrolment }
      : { kind: 'plan', plan: toPay!.plan, terms: planTermsOf(toPay!.plan, toPay!.renewal_cents, new Date()) };
  const key = item.kind === 'plan' ? item.plan.id : item.order.orderId;
  return <CheckoutForm key={key} item={item} onPaid={onPaid} onCheckout={onCheckout} onStepsMissing={onStepsMissing} gateway={gateway.data} savedCard={onFile.data?.card ?? null} />;
}

export default PaymentForm;
