import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Badge, Card, Subtitle1, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Page } from '@acpg/contracts/http';
import type { PaymentView } from '@acpg/contracts/payments';
import { useLive } from '../../../lib/live.ts';
import { session } from '../../../lib/session.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { nextSort, type Order } from '../../../lib/paged-list.ts';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { fetchMyPayments, fetchPlanNames, type PaymentSort } from '../api/payments.ts';
import { PAYMENT_MESSAGES, applyPaymentPush } from '../api/live-payments.ts';
import { PAYMENT_STATUS_COLOR, PAYMENT_STATUS_TEXT, hasReceipt } from './payment-text.ts';
import { ReceiptButton } from './ReceiptButton.tsx';

const PAGE_SIZE = 10;
const SORT = { defaultSort: 'started_at' as PaymentSort, defaultOrder: 'desc' as Order };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  nowrap: { whiteSpace: 'nowrap' },
  note: { display: 'block', color: tokens.colorNeutralForeground2 },
});

/**
 * The signed-in user's payments (checkouts and renewals): date, plan, amount, status and the receipt, server-paged,
 * live on `account:<id>`. Its page and order stay in the component (the page's URL belongs to the screen's own list).
 */
export function PaymentHistory() {
  const s = useStyles();
  const { userId } = useSnapshot(session);
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<{ sort: PaymentSort; order: Order }>({ sort: SORT.defaultSort, order: SORT.defaultOrder });
  const showsNewest = page === 1 && order.sort === 'started_at' && order.order === 'desc';
  const names = useResource(fetchPlanNames, []);

  const view = useLive<Page<PaymentView>, PaymentView>({
    messages: PAYMENT_MESSAGES,
    ...(userId ? { entity: `account:${userId}` } : {}),
    read: (signal) => fetchMyPayments({ page, page_size: PAGE_SIZE, sort: order.sort, order: order.order }, signal),
    apply: (data, push) => (push.account_id === userId ? applyPaymentPush(data, push, showsNewest) : data),
    deps: [page, order.sort, order.order],
  });

  const planName = (p: PaymentView) => (p.nhd_order_id ? 'NHD report' : p.equity_enrollment_id ? 'Equity Protect' : (p.plan_id === null ? '' : (names.data?.[p.plan_id] ?? p.plan_id)));
  const columns: GridColumn<PaymentView>[] = [
    {
      id: 'started_at',
      header: 'Date',
      sortable: true,
      render: (p) => (
        <RouteLink to={`/payment-status?checkout_id=${encodeURIComponent(p.checkout_id)}`}>
          <span className={s.nowrap}>{formatDateUs(p.settled_at ?? p.started_at)}</span>
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
          <span className={s.nowrap}>{formatCents(p.amount_cents)}</span>
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
      render: (p) => (
        <Badge appearance="tint" className={s.nowrap} color={PAYMENT_STATUS_COLOR[p.status]}>
          {PAYMENT_STATUS_TEXT[p.status]}
        </Badge>
      ),
    },
    {
      id: 'receipt',
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
      <Card>
        <PagedGrid<PaymentView>
          label="Your payments"
          pagerLabel="Payment pages"
          noun={{ one: 'payment', other: 'payments' }}
          columns={columns}
          getRowId={(p) => p.checkout_id}
          items={view.data?.items ?? null}
          total={view.data?.total ?? 0}
          status={view.status}
          error={view.error}
          onRetry={view.reload}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          sort={order.sort}
          order={order.order}
          onSort={(id) => {
            setOrder(nextSort(order, id as PaymentSort, SORT));
            setPage(1);
          }}
          empty="You have made no payments yet."
        />
      </Card>
    </section>
  );
}
