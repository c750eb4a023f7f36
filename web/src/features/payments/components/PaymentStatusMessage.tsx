import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { PaymentView } from '@acpg/contracts/payments';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';

const useStyles = makeStyles({
  processing: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** What the payment's state means and what to do next. Announced politely as it changes. */
export function PaymentStatusMessage({ charge, onConfirm }: { charge: PaymentView; onConfirm: () => void }) {
  const s = useStyles();
  switch (charge.status) {
    case 'processing':
      return (
        <MessageBar intent="info">
          <MessageBarBody className={s.processing}>
            <Spinner size="tiny" aria-hidden />
            <span>
              <MessageBarTitle>We are processing your payment.</MessageBarTitle>
              This page changes by itself when your bank answers: there is no need to pay again.
            </span>
          </MessageBarBody>
        </MessageBar>
      );
    case 'requires_action':
      return (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>Your card asks you to confirm this payment.</MessageBarTitle>
            Nothing is charged until you confirm it.
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={onConfirm}>
              Confirm payment
            </Button>
          </MessageBarActions>
        </MessageBar>
      );
    case 'succeeded':
      return (
        <MessageBar intent="success">
          <MessageBarBody>
            <MessageBarTitle>Payment received.</MessageBarTitle>
            {charge.renewal ? 'Your membership is renewed.' : 'Your membership is being set up and shows on your Membership page in a moment.'} A receipt is on its
            way to your email.
          </MessageBarBody>
        </MessageBar>
      );
    case 'failed':
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Payment not made.</MessageBarTitle>
            {charge.message ?? 'The payment did not go through, and nothing was charged. You can try again with another card.'}
            {charge.renewal ? ' Update your card on your Membership page.' : ''}
          </MessageBarBody>
        </MessageBar>
      );
    case 'refunded':
      return (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>This payment was refunded.</MessageBarTitle>
            {charge.refund ? `${formatCents(charge.refund.amount_cents)} went back to your card on ${formatDateTime12(charge.refund.refunded_at)}.` : 'The amount went back to your card.'}
          </MessageBarBody>
        </MessageBar>
      );
  }
}
