import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import type { PaymentView, RefundedService, RefundServiceChoice } from '@acpg/contracts/payments';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { SubmitButton } from '../../../components/SubmitButton.tsx';
import { formatCents } from '../../../lib/money.ts';
import { cardText, refundPayment, useRefundScope } from '../api/admin-billing.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
});

type Errors = { reason?: string; service?: string; form?: string };

/** What the choices call the thing the question names in full. */
const SHORT: Record<RefundedService['kind'], string> = { membership: 'the membership', equity_protection: 'the protection', nhd_order: 'the order' };

/**
 * Asks why and, when the payment bought something still running (a membership, an Equity Protect protection, an NHD
 * order: the server says which), whether the refund ends it or keeps it: nothing is ended without that choice. Then it
 * refunds the whole payment (once: the server refuses a second refund); the member is emailed either way.
 */
export function RefundDialog({ payment, onClose, onRefunded }: { payment: PaymentView; onClose: () => void; onRefunded: (view: PaymentView) => void }) {
  const s = useStyles();
  const scope = useRefundScope(payment.checkout_id);
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState<RefundServiceChoice | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const firstChoice = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const service = scope.status === 'ready' ? scope.data.service : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (scope.status !== 'ready' || sending) return;
    const refused: Errors = {
      ...(service && !choice ? { service: 'Choose whether the refund ends it or keeps it.' } : {}),
      ...(reason.trim().length < 3 ? { reason: 'Say why (at least 3 characters).' } : {}),
    };
    setErrors(refused);
    if (refused.service) return firstChoice.current?.focus();
    if (refused.reason) return reasonField.current?.focus();
    setSending(true);
    try {
      // Nothing runs on the payment: the refund has nothing to keep, and ends nothing.
      const answer = await refundPayment(payment.checkout_id, reason.trim(), service && choice ? choice : 'end');
      onRefunded(answer.data);
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : 'The refund failed. Nothing was refunded; try again.' });
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
            <DialogContent className={s.content}>
              <p id="refund-text" className={s.text}>
                The whole payment goes back to the {cardText(payment.card_brand, payment.card_last4)}. A refund cannot be
                undone; the reason is kept with your name, and the member is emailed.
              </p>
              {scope.status === 'loading' && <Spinner size="tiny" labelPosition="after" label="Checking what this refund would end…" />}
              {scope.status === 'error' && (
                <>
                  <AlertBar>Could not check what this refund would end: {scope.error}</AlertBar>
                  <Button onClick={scope.reload}>Check again</Button>
                </>
              )}
              {scope.status === 'ready' && !service && <p className={s.text}>Nothing this payment bought is still running, so the refund ends nothing.</p>}
              {service && (
                <Field
                  label={`This payment bought ${service.description}, which is still running. What should the refund do?`}
                  required
                  validationMessage={errors.service}
                  validationState={errors.service ? 'error' : 'none'}
                >
                  <RadioGroup value={choice ?? ''} onChange={(_, d) => setChoice(d.value === 'keep' ? 'keep' : 'end')}>
                    <Radio value="end" input={{ ref: firstChoice }} label={`Refund and end it: ${SHORT[service.kind]} stops today`} />
                    <Radio value="keep" label={`Refund and keep it: ${SHORT[service.kind]} keeps running`} />
                  </RadioGroup>
                </Field>
              )}
              <Field label="Reason" required validationMessage={errors.reason} validationState={errors.reason ? 'error' : 'none'}>
                <Textarea ref={reasonField} value={reason} maxLength={500} onChange={(_, d) => setReason(d.value)} resize="vertical" />
              </Field>
              <AlertBar>{errors.form}</AlertBar>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} disabledFocusable={sending}>
                Keep the payment
              </Button>
              <SubmitButton busy={sending} disabled={scope.status !== 'ready'}>
                Refund
              </SubmitButton>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
