import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import type { PaymentView } from '@acpg/contracts/payments';
import { formatCents } from '../../../lib/money.ts';
import { cardText, refundPayment } from '../api/admin-billing.ts';

/** Asks why, then refunds the whole payment (once: the server refuses a second refund). */
export function RefundDialog({ payment, onClose, onRefunded }: { payment: PaymentView; onClose: () => void; onRefunded: (view: PaymentView) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) return setError('Say why (at least 3 characters).');
    setSending(true);
    setError(null);
    try {
      const answer = await refundPayment(payment.checkout_id, reason.trim());
      onRefunded(answer.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The refund failed. Nothing was refunded; try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !sending && onClose()}>
      <DialogSurface aria-describedby="refund-text">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogBody>
            <DialogTitle>Refund {formatCents(payment.amount_cents)}?</DialogTitle>
            <DialogContent>
              <p id="refund-text">
                The whole payment goes back to the {cardText(payment.card_brand, payment.card_last4)}. A refund cannot be
                undone; the reason is kept with your name.
              </p>
              <Field label="Reason" required validationMessage={error} validationState={error ? 'error' : 'none'}>
                <Textarea value={reason} maxLength={500} onChange={(_, d) => setReason(d.value)} resize="vertical" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabled={sending}>
                Keep the payment
              </Button>
              <Button appearance="primary" type="submit" disabledFocusable={sending}>
                {sending ? 'Refunding…' : 'Refund'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
