import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { amountDue, type Plan } from '@acpg/contracts/plans';
import type { CheckoutResult, PaymentsConfig } from '@acpg/contracts/payments';
import { formatCents } from '../../../lib/money.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { toCardDetails } from '../card.ts';
import { awaitOutcomeWith, checkoutMachine, isBusy, type Purchase } from '../machines/checkout.machine.ts';
import { confirmCheckout, createPaymentMethod, fetchCheckout, startCheckout, usePaymentsConfig, usePlanToPay } from '../api/payments.ts';
import { SecondStepDialog } from './SecondStepDialog.tsx';
import { CardFields, useCardInput } from './CardFields.tsx';
import { stripePaymentMethod } from './StripeCardField.tsx';
import { confirmSecondStep } from '../second-step.ts';
import { PromoCodeField } from './PromoCodeField.tsx';
import type { PromoQuote } from '@acpg/contracts/promo-codes';

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
});

const payMachine = checkoutMachine.provide({
  actors: {
    createPaymentMethod: fromPromise(({ input }) => createPaymentMethod(input)),
    startCheckout: fromPromise(({ input }) => startCheckout(input)),
    confirmCheckout: fromPromise(({ input }) => confirmCheckout(input.checkoutId, input.approve)),
    fetchCheckout: fromPromise(({ input, signal }) => fetchCheckout(input.checkoutId, signal)),
    awaitOutcome: awaitOutcomeWith(fetchCheckout),
  },
});

const term = (plan: Plan) => (plan.name === 'Yearly' ? 'year' : 'month');

function PlanSummary({ plan, promo }: { plan: Plan; promo: PromoQuote | null }) {
  const s = useStyles();
  const trial = plan.trial_period.month;
  return (
    <div className={s.summary} aria-label="Order summary" role="group">
      <Text weight="semibold">
        {plan.name} membership: {formatCents(plan.amount)} / {term(plan)}
      </Text>
      {plan.additional_charges['setup fees'] > 0 && <Text>Setup fee: {formatCents(plan.additional_charges['setup fees'])}</Text>}
      {plan.additional_charges.recording_fees > 0 && <Text>Recording fee: {formatCents(plan.additional_charges.recording_fees)}</Text>}
      <Text>{trial > 0 ? `${trial}-month free trial: the first ${term(plan)} is charged when it ends` : `The first ${term(plan)} is charged today`}</Text>
      {promo && (
        <Text>
          Promo code {promo.code}: −{formatCents(promo.discount_cents)}
        </Text>
      )}
      <Text className={s.due}>Due today: {formatCents(promo ? promo.amount_due_cents : amountDue(plan))}</Text>
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

type Item = { kind: 'plan'; plan: Plan } | { kind: 'nhd'; order: NhdOrderItem } | { kind: 'equity'; order: NhdOrderItem };
const purchaseOf = (item: Item): Purchase =>
  item.kind === 'plan' ? { plan_id: item.plan.id } : item.kind === 'nhd' ? { nhd_order_id: item.order.orderId } : { equity_enrollment_id: item.order.orderId };
const listAmount = (item: Item) => (item.kind === 'plan' ? amountDue(item.plan) : item.order.amountCents);

function OrderSummary({ order, promo }: { order: NhdOrderItem; promo: PromoQuote | null }) {
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
    </div>
  );
}

/** The card form of one checkout; a new plan id or order is a new checkout (its own id). */
function CheckoutForm({
  item,
  onPaid,
  onCheckout,
  gateway,
}: {
  item: Item;
  onPaid: (result: CheckoutResult) => void;
  onCheckout?: ((result: CheckoutResult) => void) | undefined;
  gateway: PaymentsConfig;
}) {
  const s = useStyles();
  const track = useTrackClick();
  // Stripe.js's card is kept in the card input, where the machine's createPaymentMethod finds it when Pay is pressed.
  const input = useCardInput(gateway);
  const { card, errors, stripe, stripeCard } = input;
  // While the bank's own window (Stripe.js) is open, our dialog steps aside: a modal would hide the bank's window.
  const [atBank, setAtBank] = useState(false);
  const [machine] = useState(() =>
    gateway.gateway === 'stripe'
      ? payMachine.provide({
          actors: {
            createPaymentMethod: fromPromise(({ input }) => stripePaymentMethod(stripeCard.get(), input.name)),
            confirmCheckout: fromPromise(async ({ input }) => {
              try {
                return await confirmSecondStep(input.checkoutId, input.approve, stripeCard.get()?.stripe ?? null, () => setAtBank(true));
              } finally {
                setAtBank(false);
              }
            }),
          },
        })
      : payMachine,
  );
  const [state, send] = useMachine(machine, { input: { purchase: purchaseOf(item), newId: () => crypto.randomUUID() } });
  const attempts = useRef(0);
  const busy = isBusy(state);
  const [promo, setPromo] = useState<PromoQuote | null>(null);
  const due = promo ? promo.amount_due_cents : listAmount(item);

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
    input.submit();
    if (busy || state.status === 'done') return;
    track('Pay');
    if (Object.keys(errors).length > 0) return;
    if (stripe) {
      // Stripe.js holds the number: each Pay may be another card, so a checkout sent already is asked about (and
      // followed if it arrived) before a new one starts; the machine never charges twice.
      attempts.current += 1;
      send({ type: 'PAY', card: { number: `stripe-${attempts.current}`, exp_month: 1, exp_year: 2000, cvc: '', name: card.name.trim() }, promoCode: promo?.code ?? null });
      return;
    }
    send({ type: 'PAY', card: toCardDetails(card), promoCode: promo?.code ?? null });
  };

  const { error, declined, paymentMethod } = state.context;
  const inDialog = state.matches('awaitingApproval') || state.matches('confirming') || state.matches('refusing');
  const paid = state.status === 'done';
  return (
    <form className={s.form} onSubmit={pay} noValidate aria-label="Payment">
      {item.kind === 'plan' ? <PlanSummary plan={item.plan} promo={promo} /> : <OrderSummary order={item.order} promo={promo} />}
      {error && !inDialog && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {declined && <MessageBarTitle>Payment not made</MessageBarTitle>}
            {error}
          </MessageBarBody>
        </MessageBar>
      )}
      <CardFields input={input} busy={busy} />
      <PromoCodeField target={purchaseOf(item)} applied={promo} onApplied={setPromo} locked={busy || paid || inDialog} />
      <SubmitButton busy={busy} disabled={paid || inDialog} size="large" icon={<LockClosedRegular />}>
        {paid ? 'Paid' : busy ? 'Processing payment…' : `Pay ${formatCents(due)}`}
      </SubmitButton>
      {atBank && (
        <Text role="status">Complete the step your bank asks for in its window.</Text>
      )}
      <SecondStepDialog
        open={inDialog && !atBank}
        amountDue={state.context.checkout?.amount_due ?? due}
        last4={paymentMethod?.last4 ?? null}
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
}

/**
 * Pays for a plan or an NHD order: the amount due, the card fields, Pay (once per checkout however often it is
 * pressed), the card's second step when it asks for one, and a clear message when the card is declined. The card
 * number goes only to the gateway's payment-method route.
 */
export function PaymentForm({ planId, nhdOrder, equityEnrolment, onPaid, onCheckout }: PaymentFormProps) {
  const order = nhdOrder ?? equityEnrolment;
  const plan = usePlanToPay(planId, order?.orderId);
  const gateway = usePaymentsConfig();
  if (plan.status === 'error') return <ErrorState title="The plan could not be loaded" message={plan.error} onRetry={plan.reload} />;
  if (gateway.status === 'error') return <ErrorState title="The card form could not be loaded" message={gateway.error} onRetry={gateway.reload} />;
  if (plan.status === 'loading' || !gateway.data || (!order && !plan.data)) return <LoadingBlock label={order ? 'Loading the card form' : 'Loading the plan'} lines={3} />;
  const item: Item = nhdOrder ? { kind: 'nhd', order: nhdOrder } : equityEnrolment ? { kind: 'equity', order: equityEnrolment } : { kind: 'plan', plan: plan.data as Plan };
  const key = item.kind === 'plan' ? item.plan.id : item.order.orderId;
  return <CheckoutForm key={key} item={item} onPaid={onPaid} onCheckout={onCheckout} gateway={gateway.data} />;
}

export default PaymentForm;
