import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Badge, Caption1, Card, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { PaymentView } from '@acpg/contracts/payments';
import { POLL_WHEN_OFFLINE_MS, useLiveEntity } from '../../../lib/live.ts';
import { waitForOutcome } from '../../../lib/wait-for-outcome.ts';
import { session } from '../../../lib/session.ts';
import { signInPathFor } from '../../../lib/return-path.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { EmptyState, ErrorState, LoadingBlock, LoadingSpinner } from '../../../components/PageState.tsx';
import { fetchCharge, usePlanNames } from '../api/payments.ts';
import { confirmSecondStep } from '../second-step.ts';
import { PAYMENT_MESSAGES, isSettled } from '../api/live-payments.ts';
import { PAYMENT_STATUS_COLOR, PAYMENT_STATUS_TEXT, cardText, hasReceipt } from './payment-text.ts';
import { PaymentStatusMessage } from './PaymentStatusMessage.tsx';
import { ReceiptButton } from './ReceiptButton.tsx';
import { SecondStepDialog } from './SecondStepDialog.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px', width: '100%', marginInline: 'auto' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  details: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  updates: { color: tokens.colorNeutralForeground2, marginBlockStart: `calc(-1 * ${tokens.spacingVerticalM})` },
});

/** While live updates are off, how long one wait for a change lasts before the page reads again and waits anew (ms). */
const OFFLINE_WAIT = { everyMs: POLL_WHEN_OFFLINE_MS, forMs: 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <>
      <dt className={s.term}>{term}</dt>
      <dd className={s.value}>{children}</dd>
    </>
  );
}

/** The signed-in payer's view of one payment, live on `checkout:<id>`, read again on every (re)connect. */
function ChargeStatus({ checkoutId }: { checkoutId: string }) {
  const s = useStyles();
  const view = useLiveEntity<PaymentView>({
    messages: PAYMENT_MESSAGES,
    entity: `checkout:${checkoutId}`,
    read: (signal) => fetchCharge(checkoutId, signal),
    same: (shown, push) => push.checkout_id === shown.checkout_id,
    deps: [checkoutId],
  });
  const names = usePlanNames();
  const charge = view.data;
  const { live, reload } = view;

  // While the socket is down (or not yet up) the page asks the server every few seconds (waitForOutcome) until the
  // payment changes, then shows it; until it settles, so the page moves on.
  useEffect(() => {
    if (!charge || live || isSettled(charge.status)) return;
    const controller = new AbortController();
    waitForOutcome((signal) => fetchCharge(checkoutId, signal), (r) => r.success && r.data.version > charge.version, OFFLINE_WAIT, controller.signal).then(
      () => reload(),
      () => undefined, // left the page, or the payment changed meanwhile: a new wait starts with it
    );
    return () => controller.abort();
  }, [checkoutId, charge, live, reload]);

  const [confirming, setConfirming] = useState(false);
  // While the bank's own window (Stripe.js) is open, our dialog steps aside: a modal would hide the bank's window.
  const [atBank, setAtBank] = useState(false);
  const [sending, setSending] = useState<'approve' | 'refuse' | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const answer = async (approve: boolean) => {
    setSending(approve ? 'approve' : 'refuse');
    setConfirmError(null);
    try {
      await confirmSecondStep(checkoutId, approve, null, () => setAtBank(true)); // with Stripe: the bank's step through Stripe.js first
      setConfirming(false);
      reload(); // the push brings it too; a read makes sure when the socket is down
    } catch (error) {
      setConfirmError(error instanceof Error ? error.message : 'Your answer could not be sent. Try again.');
    } finally {
      setAtBank(false);
      setSending(null);
    }
  };

  if (!charge) {
    if (view.status === 'error') return <ErrorState title="This payment could not be shown" message={view.error ?? 'It may belong to another account.'} onRetry={reload} />;
    return <LoadingBlock label="Loading your payment" lines={4} />;
  }
  const planName = charge.plan_id === null ? '' : (names.data?.[charge.plan_id] ?? charge.plan_id);
  return (
    <>
      <div role="status" aria-live="polite">
        <PaymentStatusMessage charge={charge} onConfirm={() => setConfirming(true)} />
      </div>
      {!isSettled(charge.status) && (
        <Caption1 className={s.updates}>{live ? 'This page updates live.' : 'Live updates are off: this page checks for changes every few seconds.'}</Caption1>
      )}
      <Card aria-label="Payment details">
        <dl className={s.details}>
          <Detail term="Status">
            <Badge appearance="tint" color={PAYMENT_STATUS_COLOR[charge.status]}>
              {PAYMENT_STATUS_TEXT[charge.status]}
            </Badge>
          </Detail>
          <Detail term={charge.nhd_order_id || charge.equity_enrollment_id ? 'For' : 'Plan'}>
            {charge.nhd_order_id ? 'Natural Hazard Disclosure report' : charge.equity_enrollment_id ? 'Equity Protect, one year' : `${planName} membership${charge.renewal ? ' (renewal)' : ''}`}
          </Detail>
          <Detail term="Amount">{formatCents(charge.amount_cents)}</Detail>
          {charge.promo && <Detail term="Promo code">{`${charge.promo.promo_code} (${formatCents(charge.promo.discount_cents)} off)`}</Detail>}
          <Detail term="Card">{cardText(charge)}</Detail>
          <Detail term="Started">{formatDateTime12(charge.started_at)}</Detail>
          {charge.settled_at && <Detail term={charge.status === 'failed' ? 'Failed' : 'Paid'}>{formatDateTime12(charge.settled_at)}</Detail>}
          <Detail term="Reference">{charge.checkout_id}</Detail>
        </dl>
      </Card>
      <div className={s.actions}>
        {hasReceipt(charge.status) && <ReceiptButton checkoutId={charge.checkout_id} appearance="primary" />}
        {charge.status === 'failed' && !charge.renewal && (
          <LinkButton
            to={charge.nhd_order_id ? `/nhd-order-list/${encodeURIComponent(charge.nhd_order_id)}` : charge.equity_enrollment_id ? '/equity-protect-list' : `/checkout?plan=${encodeURIComponent(charge.plan_id ?? '')}`}
            appearance="primary"
          >
            Try again
          </LinkButton>
        )}
        {charge.nhd_order_id ? (
          <LinkButton to={`/nhd-order-list/${encodeURIComponent(charge.nhd_order_id)}`}>Go to your order</LinkButton>
        ) : charge.equity_enrollment_id ? (
          <LinkButton to="/equity-protect-list">Go to Equity Protect</LinkButton>
        ) : (
          <LinkButton to="/subscriptions">Go to your membership</LinkButton>
        )}
      </div>
      <SecondStepDialog
        open={confirming && !atBank && charge.status === 'requires_action'}
        amountDue={charge.amount_cents}
        last4={charge.card_last4}
        sending={sending}
        error={confirmError}
        onApprove={() => void answer(true)}
        onRefuse={() => void answer(false)}
      />
    </>
  );
}

/**
 * /payment-status?checkout_id=<id> (public): a signed-out visitor is asked to sign in and comes back here; the payer
 * sees processing, needs confirmation (with the confirm step), paid or failed with what to do, live.
 */
export default function PaymentStatusPage() {
  const s = useStyles();
  const [params] = useSearchParams();
  const snap = useSnapshot(session);
  const checkoutId = params.get('checkout_id') ?? '';
  const signedIn = snap.user != null && snap.user.role.length > 0 && snap.accessToken != null;
  const here = `/payment-status?checkout_id=${encodeURIComponent(checkoutId)}`;

  let body: ReactNode;
  if (!UUID.test(checkoutId)) {
    body = (
      <EmptyState>
        This link does not name a payment. Your payments are listed under Payment history on your <LinkButton to="/subscriptions" appearance="transparent">Membership page</LinkButton>.
      </EmptyState>
    );
  } else if (snap.restoring && snap.user) {
    body = <LoadingSpinner label="Restoring your session" />;
  } else if (!signedIn) {
    body = (
      <Card>
        <Text>Sign in to see this payment. You come back to this page afterwards.</Text>
        <div className={s.actions}>
          <LinkButton to={signInPathFor(here)} appearance="primary">
            Sign in
          </LinkButton>
        </div>
      </Card>
    );
  } else {
    body = <ChargeStatus key={checkoutId} checkoutId={checkoutId} />;
  }

  return (
    <section className={s.root} aria-labelledby="payment-status-title">
      <div className={s.head}>
        <Title1 as="h1" id="payment-status-title" tabIndex={-1}>
          Payment status
        </Title1>
      </div>
      {body}
    </section>
  );
}
