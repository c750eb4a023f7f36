import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { PAYMENT_UPDATED_MESSAGE, type PaymentStatus, type PaymentView } from '@acpg/contracts/payments';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { cardText, fetchPayments, PAYMENT_LIST, paymentRow, type PaymentRow } from '../api/admin-billing.ts';
import { BillingFilters } from './BillingFilters.tsx';
import { RefundDialog } from './RefundDialog.tsx';

const MESSAGES = [PAYMENT_UPDATED_MESSAGE];
const STATUS: Record<PaymentStatus, { text: string; color: 'success' | 'danger' | 'warning' | 'informative' }> = {
  processing: { text: 'Processing', color: 'informative' },
  requires_action: { text: 'Needs confirmation', color: 'warning' },
  succeeded: { text: 'Paid', color: 'success' },
  failed: { text: 'Failed', color: 'danger' },
  refunded: { text: 'Refunded', color: 'informative' },
};

const kindOf = (p: PaymentView) => (p.nhd_order_id ? 'NHD report' : p.equity_enrollment_id ? 'Equity Protect' : p.renewal ? `Renewal (try ${p.renewal.attempt})` : 'Checkout');
const EXPORT_HEADER = ['Started', 'Account', 'Plan', 'Kind', 'Amount (USD)', 'Promo code', 'Card', 'Status', 'Settled', 'Refund reason'];

/** /admin-payments (Super Admin): every payment, live; filters, export, and the refund of a paid one. */
export default function AdminPaymentsPage() {
  const list = usePagedList(PAYMENT_LIST);
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  // A row on this page takes the newer push (its status moves on); new payments show on the next read.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchPayments, toRow: paymentRow });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.account_id) ?? []);

  const columns: GridColumn<PaymentRow>[] = [
    { id: 'started_at', header: 'Started', sortable: true, minWidth: '170px', render: (p) => <NoWrap>{formatDateTime12(p.started_at)}</NoWrap> },
    { id: 'account', header: 'Account', render: (p) => <PersonName id={p.account_id} name={nameOf(p.account_id)} /> },
    { id: 'plan', header: 'Plan', render: (p) => (p.nhd_order_id || p.equity_enrollment_id ? kindOf(p) : `${p.plan_id} · ${kindOf(p)}`) },
    { id: 'amount_cents', header: 'Amount', sortable: true, render: (p) => `${formatCents(p.amount_cents)}${p.promo ? ` (${p.promo.promo_code})` : ''}` },
    { id: 'card', header: 'Card', render: (p) => cardText(p.card_brand, p.card_last4) },
    { id: 'status', header: 'Status', render: (p) => <StatusBadge color={STATUS[p.status].color}>{STATUS[p.status].text}</StatusBadge> },
    {
      id: 'actions',
      action: true,
      header: 'Actions',
      render: (p) =>
        p.status === 'succeeded' ? (
          <Button size="small" onClick={() => setRefunding(p)} aria-label={`Refund ${formatCents(p.amount_cents)} paid ${formatDateTime12(p.started_at)}`}>
            Refund
          </Button>
        ) : p.refund ? (
          <span title={p.refund.reason}>Refunded {formatDateTime12(p.refund.refunded_at)}</span>
        ) : null,
    },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchPayments, list, signal, {
      header: EXPORT_HEADER,
      row: (p) => [p.started_at, p.account_id, p.plan_id ?? '', kindOf(p), (p.amount_cents / 100).toFixed(2), p.promo?.promo_code ?? '', `${p.card_brand} ${p.card_last4}`, STATUS[p.status].text, p.settled_at ?? '', p.refund?.reason ?? ''],
      fileBase: 'payments',
    });

  return (
    <ListScreen titleId="payments-title" title="Payments" live={view.live}>
      <ListGrid
        list={list}
        view={view}
        filters={
          <BillingFilters
            key={JSON.stringify(list.filters)}
            label="Filter payments"
            applied={list.filters}
            choices={[
              { key: 'status', label: 'Status', options: Object.entries(STATUS).map(([value, { text }]) => ({ value, label: text })) },
              { key: 'kind', label: 'Kind', options: [{ value: 'checkout', label: 'Checkout' }, { value: 'renewal', label: 'Renewal' }, { value: 'nhd_order', label: 'NHD report' }, { value: 'equity_protect', label: 'Equity Protect' }] },
            ]}
            text={{ key: 'promo_code', label: 'Promo code' }}
            onApply={(f) => list.applyFilters(f)}
            onClear={list.clearFilters}
          />
        }
        label="Payments"
        pagerLabel="Payment pages"
        noun={{ one: 'payment', other: 'payments' }}
        columns={columns}
        getRowId={(p) => p.id}
        noMatch="No payments match these filters."
        empty="No payments yet."
        onExport={onExport}
      />
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
    </ListScreen>
  );
}
