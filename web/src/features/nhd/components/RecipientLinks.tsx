import { useEffect, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { LinkDismissRegular } from '@fluentui/react-icons';
import type { NhdOrderView } from '@acpg/contracts/nhd';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { revokeReceiptLinks } from '../api/nhd.ts';
import { roleLabel } from '../order-text.ts';

type Recipient = NhdOrderView['recipients'][number];

const useStyles = makeStyles({
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  person: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', overflowWrap: 'anywhere' },
  status: { outlineOffset: '2px' },
});

/** A link that still opens the report: emailed and not withdrawn. */
const standing = (r: Recipient) => r.sent_at !== null && r.revoked_at === null;

const statusOf = (r: Recipient) =>
  r.revoked_at
    ? `Link withdrawn ${formatDateTime12(r.revoked_at)}`
    : r.acknowledged_at
      ? `Confirmed receipt ${formatDateTime12(r.acknowledged_at)}`
      : r.sent_at
        ? `Emailed ${formatDateTime12(r.sent_at)}; not confirmed yet`
        : 'Not emailed yet';

function WithdrawDialog({ order, recipient, onClose }: { order: NhdOrderView; recipient: Recipient | null; onClose: (withdrawn: boolean) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await revokeReceiptLinks(order.order_id, recipient?.recipient_id ?? null);
      notify.success(r.message ?? 'The link was withdrawn.');
      onClose(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The link could not be withdrawn. Try again.');
      setBusy(false);
    }
  };
  return (
    <SimpleDialog
      alert
      onDismiss={() => onClose(false)}
      title={recipient ? `Withdraw the link sent to ${recipient.name}?` : 'Withdraw every link of this order?'}
      actions={
        <>
          <Button onClick={() => onClose(false)}>{recipient ? 'Keep the link' : 'Keep the links'}</Button>
          <Button appearance="primary" onClick={() => void submit()} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {recipient ? 'Withdraw the link' : 'Withdraw every link'}
          </Button>
        </>
      }
    >
      <Text as="p">
        {recipient
          ? `The link emailed to ${recipient.email} stops working at once: it no longer shows or downloads the report, or confirms receipt.`
          : 'Every report link emailed for this order stops working at once: none shows or downloads the report, or confirms receipt.'}{' '}
        This cannot be undone.
      </Text>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </SimpleDialog>
  );
}

/**
 * The order's recipients, each with what became of their emailed link, and the owner's (or a Super Admin's) control
 * to withdraw one link or every link (`POST /nhd/orders/:id/receipt-links/revoke`); a viewer who may not (a Provider
 * Admin on its user's order) sees the statuses only. A withdrawn link's button gives way to its status, which takes the focus.
 */
export function RecipientLinks({ order, mayWithdraw, onChanged }: { order: NhdOrderView; mayWithdraw: boolean; onChanged: () => void }) {
  const s = useStyles();
  const restoreFocus = useRestoreFocusTarget();
  // undefined: no dialog; null: every link; a recipient: that one.
  const [asking, setAsking] = useState<Recipient | null | undefined>(undefined);
  // The recipient whose status takes the focus once the order shows their link withdrawn.
  const focusOn = useRef<string | null>(null);
  const statuses = useRef(new Map<string, HTMLElement>());
  const open = order.recipients.filter(standing);

  useEffect(() => {
    const id = focusOn.current;
    if (id && order.recipients.find((x) => x.recipient_id === id)?.revoked_at) {
      focusOn.current = null;
      statuses.current.get(id)?.focus();
    }
  }, [order]);

  return (
    <>
      <ul className={s.list}>
        {order.recipients.map((r) => (
          <li key={r.recipient_id} className={s.person}>
            <Text weight="semibold">
              {r.name} · {roleLabel(r.role)}
            </Text>
            <Text size={200}>{r.email}</Text>
            <Text
              size={200}
              className={s.status}
              tabIndex={-1}
              ref={(el: HTMLElement | null) => {
                if (el) statuses.current.set(r.recipient_id, el);
                else statuses.current.delete(r.recipient_id);
              }}
            >
              {statusOf(r)}
            </Text>
            {mayWithdraw && standing(r) && (
              <Button size="small" appearance="subtle" icon={<LinkDismissRegular />} onClick={() => setAsking(r)} {...restoreFocus}>
                Withdraw link
              </Button>
            )}
          </li>
        ))}
      </ul>
      {mayWithdraw && open.length > 1 && (
        <div>
          <Button icon={<LinkDismissRegular />} onClick={() => setAsking(null)} {...restoreFocus}>
            Withdraw every link
          </Button>
        </div>
      )}
      {asking !== undefined && (
        <WithdrawDialog
          order={order}
          recipient={asking}
          onClose={(withdrawn) => {
            const first = asking?.recipient_id ?? open[0]?.recipient_id ?? null;
            setAsking(undefined);
            if (withdrawn) {
              focusOn.current = first;
              onChanged();
            }
          }}
        />
      )}
    </>
  );
}
