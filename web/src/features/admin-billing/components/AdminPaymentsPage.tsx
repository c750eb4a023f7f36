import { useState } from 'react';
import { Badge, Button, Card, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { PAYMENT_UPDATED_MESSAGE, type PaymentStatus, type PaymentView } from '@acpg/contracts/payments';
import { listGridProps, useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { exportTable } from '../../../lib/export.ts';
import { notify } from '../../../lib/notify.ts';
import { fetchListRows } from '../../../lib/fetch-every.ts';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { cardText, fetchPayments, PAYMENT_LIST, paymentRow, type PaymentRow } from '../api/admin-billing.ts';
import { BillingFilters } from './BillingFilters.tsx';
import { RefundDialog } from './RefundDialog.tsx';
import { LiveBadge } from '../../../components/LiveBadge.tsx';

const MESSAGES = [PAYMENT_UPDATED_MESSAGE];
const STATUS: Record<PaymentStatus, { text: string; color: 'success' | 'danger' | 'warning' | 'informative' }> = {
  processing: { text: 'Processing', color: 'informative' },
  requires_action: { text: 'Needs confirmation', color: 'warning' },
  succeeded: { text: 'Paid', color: 'success' },
  failed: { text: 'Failed', color: 'danger' },
  refunded: { text: 'Refunded', color: 'informative' },
};

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  nowrap: { whiteSpace: 'nowrap' },
});

const kindOf = (p: PaymentView) => (p.nhd_order_id ? 'NHD report' : p.equity_enrollment_id ? 'Equity Protect' : p.renewal ? `Renewal (try ${p.renewal.attempt})` : 'Checkout');
const EXPORT_HEADER = ['Started', 'Account', 'Plan', 'Kind', 'Amount (USD)', 'Promo code', 'Card', 'Status', 'Settled', 'Refund reason'];

/** /admin-payments (Super Admin): every payment, live; filters, export, and the refund of a paid one. */
export default function AdminPaymentsPage() {
  const s = useStyles();
  const list = usePagedList(PAYMENT_LIST);
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  // A row on this page takes the newer push (its status moves on); new payments show on the next read.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchPayments, toRow: paymentRow });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.account_id) ?? []);

  const columns: GridColumn<PaymentRow>[] = [
    { id: 'started_at', header: 'Started', sortable: true, minWidth: '170px', render: (p) => <span className={s.nowrap}>{formatDateTime12(p.started_at)}</span> },
    { id: 'account', header: 'Account', render: (p) => <PersonName id={p.account_id} name={nameOf(p.account_id)} /> },
    { id: 'plan', header: 'Plan', render: (p) => (p.nhd_order_id || p.equity_enrollment_id ? kindOf(p) : `${p.plan_id} · ${kindOf(p)}`) },
    { id: 'amount_cents', header: 'Amount', sortable: true, render: (p) => `${formatCents(p.amount_cents)}${p.promo ? ` (${p.promo.promo_code})` : ''}` },
    { id: 'card', header: 'Card', render: (p) => cardText(p.card_brand, p.card_last4) },
    {
      id: 'status',
      header: 'Status',
      render: (p) => (
        <Badge className={s.nowrap} appearance="tint" color={STATUS[p.status].color}>
          {STATUS[p.status].text}
        </Badge>
      ),
    },
    {
      id: 'actions',
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

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    const all = await fetchListRows(fetchPayments, list, signal);
    const rowsOut = all.map((p) => [p.started_at, p.account_id, p.plan_id ?? '', kindOf(p), (p.amount_cents / 100).toFixed(2), p.promo?.promo_code ?? '', `${p.card_brand} ${p.card_last4}`, STATUS[p.status].text, p.settled_at ?? '', p.refund?.reason ?? '']);
    return (await exportTable(kind, { header: EXPORT_HEADER, rows: rowsOut, fileBase: 'payments' })) ? all.length : 0;
  };
  const filtered = Object.keys(list.filters).length > 0;

  return (
    <section className={s.root} aria-labelledby="payments-title">
      <div className={s.head}>
        <Title1 as="h1" id="payments-title" tabIndex={-1}>
          Payments
        </Title1>
        <LiveBadge live={view.live} />
      </div>
      <Card>
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
      </Card>
      <Card>
        <PagedGrid<PaymentRow>
          label="Payments"
          pagerLabel="Payment pages"
          noun={{ one: 'payment', other: 'payments' }}
          columns={columns}
          getRowId={(p) => p.id}
          {...listGridProps(list, view)}
          empty={filtered ? 'No payments match these filters.' : 'No payments yet.'}
          onExport={onExport}
        />
      </Card>
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
    </section>
  );
}
