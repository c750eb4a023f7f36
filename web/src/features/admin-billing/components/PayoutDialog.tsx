import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { PAYOUT_METHOD_LABELS } from '@acpg/contracts/payments';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import type { PayoutRow } from '../api/admin-billing.ts';
import { payoutClaim, payoutSentence } from '../payment-rows.ts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  facts: { margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  group: { display: 'contents' },
  term: { fontWeight: tokens.fontWeightSemibold },
  detail: { margin: 0, overflowWrap: 'anywhere' },
});

/** A claim payout's detail: where the money went (the payee, how, the reference), for which claim, when and by whom. */
export function PayoutDialog({ payout, nameOf, onClose }: { payout: PayoutRow; nameOf: (id: string) => string | null; onClose: () => void }) {
  const s = useStyles();
  const payee = nameOf(payout.account_id) ?? 'the member';
  const facts: [string, string][] = [
    ['Amount paid out', formatCents(payout.amount_cents)],
    ['Paid to', payee],
    ['Method', PAYOUT_METHOD_LABELS[payout.method]],
    [payout.method === 'check' ? 'Check number' : 'Transfer reference', payout.reference],
    ['Claim', payoutClaim(payout)],
    ['Paid out on', formatDateTime12(payout.paid_at)],
    ['Paid out by', nameOf(payout.paid_by) ?? payout.paid_by],
  ];
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby="payout-text">
        <DialogBody>
          <DialogTitle>Claim payout {payoutClaim(payout)}</DialogTitle>
          <DialogContent className={s.content}>
            <p id="payout-text" className={s.text}>
              {payoutSentence(payout, payee)} This is money paid out to the member, not a charge.
            </p>
            <dl className={s.facts}>
              {facts.map(([term, detail]) => (
                <div key={term} className={s.group}>
                  <dt className={s.term}>{term}</dt>
                  <dd className={s.detail}>{detail}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
