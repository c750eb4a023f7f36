import { useSnapshot } from 'valtio';
import { Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { PaymentView } from '@acpg/contracts/payments';
import { PAYMENT_SORT_FIELDS } from '@acpg/contracts/sort-fields';
import { useLiveList } from '../../../lib/live-list.ts';
import { session } from '../../../lib/session.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { useListInState, type PagedListSpec } from '../../../lib/paged-list.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { fetchMyPayments, type PaymentSort, usePlanNames } from '../api/payments.ts';
import { PAYMENT_MESSAGES } from '../api/live-payments.ts';
import { PAYMENT_STATUS_COLOR, PAYMENT_STATUS_TEXT, hasReceipt } from './payment-text.ts';
import { ReceiptButton } from './ReceiptButton.tsx';

/** Newest first, 10 a page; its page and order stay in the component (the page's URL belongs to the screen's own list). */
const PAYMENT_HISTORY: PagedListSpec<PaymentSort, never> = { sortFields: PAYMENT_SORT_FIELDS, defaultSort: 'started_at', defaultOrder: 'desc', pageSize: 10, filters: [] };
type Row = PaymentView & { id: string };
const paymentRow = (p: PaymentView): Row => ({ ...p, id: p.checkout_id });

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  note: { display: 'block', color: tokens.colorNeutralForeground2 },
});

/**
 * The signed-in user's payments (checkouts and renewals): date, plan, amount, status and the receipt, server-paged,
 * live on `account:<id>`. Its page and order stay in the component (the page's URL belongs to the screen's own list).
 */
export function PaymentHistory() {
  const s = useStyles();
  const { userId } = useSnapshot(session);
  const list = useListInState(PAYMENT_HISTORY);
  const names = usePlanNames();

  const view = useLiveList({
    list,
    messages: PAYMENT_MESSAGES,
    entity: userId ? `account:${userId}` : undefined,
    fetchPage: fetchMyPayments,
    toRow: paymentRow,
    created: { sort: 'started_at', at: (p) => p.started_at },
    accepts: (p) => p.account_id === userId,
  });

  const planName = (p: PaymentView) => (p.nhd_order_id ? 'NHD report' : p.equity_enrollment_id ? 'Equity Protect' : (p.plan_id === null ? '' : (names.data?.[p.plan_id] ?? p.plan_id)));
  const columns: GridColumn<Row>[] = [
    {
      id: 'started_at',
      header: 'Date',
      sortable: true,
      render: (p) => (
        <RouteLink to={`/payment-status?checkout_id=${encodeURIComponent(p.checkout_id)}`}>
          <NoWrap>{formatDateUs(p.settled_at ?? p.started_at)}</NoWrap>
        </RouteLink>
      ),
    },
    {
      id: 'plan',
      header: 'Plan',
      render: (p) => (
        <>
          {planName(p)}
          {p.renewal && (
            <Text size={200} className={s.note}>
              Renewal
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'amount_cents',
      header: 'Amount',
      sortable: true,
      render: (p) => (
        <>
          <NoWrap>{formatCents(p.amount_cents)}</NoWrap>
          {p.promo && (
            <Text size={200} className={s.note}>
              {`${p.promo.promo_code}: ${formatCents(p.promo.discount_cents)} off`}
            </Text>
          )}
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      render: (p) => <StatusBadge color={PAYMENT_STATUS_COLOR[p.status]}>{PAYMENT_STATUS_TEXT[p.status]}</StatusBadge>,
    },
    {
      id: 'receipt',
      action: true,
      header: 'Receipt',
      minWidth: '140px',
      render: (p) =>
        hasReceipt(p.status) ? (
          <ReceiptButton checkoutId={p.checkout_id} appearance="subtle" size="small" aria-label={`Download the receipt of ${formatDateUs(p.settled_at ?? p.started_at)}, ${formatCents(p.amount_cents)}`}>
            Download
          </ReceiptButton>
        ) : (
          <Text className={s.note}>None</Text>
        ),
    },
  ];

  return (
    <section className={s.root} aria-labelledby="payment-history-title">
      <Subtitle1 as="h2" id="payment-history-title">
        Payment history
      </Subtitle1>
      <ListGrid
        list={list}
        view={view}
        label="Your payments"
        pagerLabel="Payment pages"
        noun={{ one: 'payment', other: 'payments' }}
        columns={columns}
        getRowId={(p) => p.checkout_id}
        empty="You have made no payments yet."
      />
    </section>
  );
}
