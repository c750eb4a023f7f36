import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { formatCents } from '../../../lib/money.ts';

export interface SecondStepDialogProps {
  open: boolean;
  amountDue: number;
  last4: string | null;
  /** Which answer is on its way, if any. */
  sending: 'approve' | 'refuse' | null;
  error: string | null;
  onApprove: () => void;
  onRefuse: () => void;
}

/**
 * The card's second confirmation step (test card 4000 0027 6000 3184; a bank's "confirm this payment" screen with
 * Stripe). Modal: it must be answered, Escape counts as not approving.
 */
export function SecondStepDialog({ open, amountDue, last4, sending, error, onApprove, onRefuse }: SecondStepDialogProps) {
  const busy = sending != null;
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, d) => {
        if (!d.open && !busy) onRefuse();
      }}
    >
      <DialogSurface aria-describedby="second-step-text">
        <DialogBody>
          <DialogTitle>Confirm this payment</DialogTitle>
          <DialogContent>
            <Text as="p" id="second-step-text">
              Your card issuer asks you to confirm a payment of {formatCents(amountDue)} to ACPG{last4 ? ` with the card ending in ${last4}` : ''}. Nothing is
              charged until you approve it.
            </Text>
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onApprove} disabledFocusable={busy} icon={sending === 'approve' ? <Spinner size="tiny" /> : undefined}>
              {sending === 'approve' ? 'Approving…' : 'Approve payment'}
            </Button>
            <Button onClick={onRefuse} disabledFocusable={busy} icon={sending === 'refuse' ? <Spinner size="tiny" /> : undefined}>
              {sending === 'refuse' ? 'Cancelling…' : 'Do not approve'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
