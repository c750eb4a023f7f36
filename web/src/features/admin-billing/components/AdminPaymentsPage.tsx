import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { PAYMENT_UPDATED_MESSAGE, PAYOUT_RECORDED_MESSAGE, type PaymentView } from '@acpg/contracts/payments';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { fetchPayments, PAYMENT_LIST, paymentRow, type PaymentRow, type PayoutRow } from '../api/admin-billing.ts';
import { amountText, CHARGE_STATUS, EXPORT_HEADER, exportRow, KIND_OPTIONS, matchesPayment, methodText, payoutClaim, rowDate, statusLook, whatText } from '../payment-rows.ts';
import { BillingList, statusChoice, StatusCell, useBillingList } from './BillingList.tsx';
import { PayoutDialog } from './PayoutDialog.tsx';
import { RefundDialog } from './RefundDialog.tsx';

const MESSAGES = [PAYMENT_UPDATED_MESSAGE, PAYOUT_RECORDED_MESSAGE];

/**
 * /admin-payments (Super Admin): every charge and every claim payout (money paid out), live; search by the customer's
 * name or email, filters, export, the refund of a paid charge and a payout's detail.
 */
export default function AdminPaymentsPage() {
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  const [opened, setOpened] = useState<PayoutRow | null>(null);
  // A row on this page takes the newer push (its status moves on); a new charge or payout goes on top of page 1.
  const { list, view, nameOf } = useBillingList({
    spec: PAYMENT_LIST,
    messages: MESSAGES,
    fetchPage: fetchPayments,
    toRow: paymentRow,
    created: { sort: 'started_at', at: rowDate },
    accepts: matchesPayment,
  });

  const columns: GridColumn<PaymentRow>[] = [
    { id: 'started_at', header: 'Date', sortable: true, minWidth: '170px', render: (p) => <NoWrap>{formatDateTime12(rowDate(p))}</NoWrap> },
    { id: 'account', header: 'Account', render: (p) => <PersonName id={p.account_id} name={nameOf(p.account_id)} /> },
    { id: 'plan', header: 'Plan', render: whatText },
    { id: 'amount_cents', header: 'Amount', sortable: true, render: amountText },
    { id: 'card', header: 'Card or method', render: methodText },
    { id: 'status', header: 'Status', render: (p) => <StatusCell look={statusLook(p)} /> },
    {
      id: 'actions',
      action: true,
      header: 'Actions',
      render: (p) =>
        p.entry === 'payout' ? (
          <Button size="small" onClick={() => setOpened(p)} aria-label={`Details of claim payout ${payoutClaim(p)}`}>
            Details
          </Button>
        ) : p.status === 'succeeded' ? (
          <Button size="small" onClick={() => setRefunding(p)} aria-label={`Refund ${formatCents(p.amount_cents)} paid ${formatDateTime12(p.started_at)}`}>
            Refund
          </Button>
        ) : p.refund ? (
          <span title={p.refund.reason}>Refunded {formatDateTime12(p.refund.refunded_at)}</span>
        ) : null,
    },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) => exportList(kind, fetchPayments, list, signal, { header: EXPORT_HEADER, row: exportRow, fileBase: 'payments' });

  return (
    <BillingList
      titleId="payments-title"
      title="Payments"
      noun={{ one: 'payment', other: 'payments' }}
      list={list}
      view={view}
      search={{ key: 'q', hint: 'Customer name or email, or claim number' }}
      choices={[statusChoice(CHARGE_STATUS), { key: 'kind', label: 'Kind', options: KIND_OPTIONS }]}
      text={{ key: 'promo_code', label: 'Promo code' }}
      columns={columns}
      onExport={onExport}
    >
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null);
            notify.success('Refunded. The customer gets the money back on their card.');
            view.reload();
          }}
        />
      )}
      {opened && <PayoutDialog payout={opened} nameOf={nameOf} onClose={() => setOpened(null)} />}
    </BillingList>
  );
}
