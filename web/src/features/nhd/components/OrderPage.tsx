import { useState, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import {
  Badge,
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Textarea,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DocumentPdfRegular } from '@fluentui/react-icons';
import { CancelOrderBody, NHD_ORDER_ROOM, NHD_ORDER_UPDATED_MESSAGE, type NhdOrderView } from '@acpg/contracts/nhd';
import { useLiveEntity } from '../../../lib/live.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { allowed } from '../../../lib/roles.ts';
import { session } from '../../../lib/session.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { LiveNote } from '../../../components/LiveBadge.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { ScreenHeading, ScreenTitle } from '../../../components/ScreenHeading.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { cancelOrder, closeOrder, fetchOrder, fetchOrderReport, retryReport, useOrderHistory } from '../api/nhd.ts';
import { actorText, addressOf, mayCancel, mayClose, mayPay, orderNumber, STATUS_BADGE, statusLabel } from '../order-text.ts';
import { takesOrderSteps } from '../order-viewer.ts';
import { OrderTimeline } from './OrderTimeline.tsx';
import { RecipientLinks } from './RecipientLinks.tsx';

const FINAL = new Set(['closed', 'cancelled', 'refunded']);
const MESSAGES = [NHD_ORDER_UPDATED_MESSAGE];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px', width: '100%' },
  grow: { flexGrow: 1 },
  columns: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))', alignItems: 'start' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0, overflowWrap: 'anywhere' },
  dd: { margin: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  person: { display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  h2: { margin: 0 },
});

function CancelDialog({ order, onClose }: { order: NhdOrderView; onClose: (changed: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = CancelOrderBody.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Say why');
    setBusy(true);
    try {
      const r = await cancelOrder(order.order_id, parsed.data.reason);
      notify.success(r.message ?? 'Order cancelled.');
      onClose(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The order could not be cancelled. Try again.');
    } finally {
      setBusy(false);
    }
  };
  const paid = order.status === 'paid';
  return (
    <SimpleDialog
      alert
      onDismiss={() => onClose(false)}
      title="Cancel this order?"
      actions={
        <>
          <Button appearance="primary" onClick={() => void submit()} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            Cancel the order
          </Button>
          <Button onClick={() => onClose(false)}>Keep the order</Button>
        </>
      }
    >
      <Text as="p">{paid ? `The report has not been made yet. Cancelling refunds ${formatCents(order.amount_cents)} to the card that paid.` : 'Nothing has been charged for this order.'}</Text>
      <Field label="Why are you cancelling?" required validationMessage={error}>
        <Textarea value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" />
      </Field>
    </SimpleDialog>
  );
}

export interface OrderPageParts {
  /** The card form (payments feature), to pay a placed order or pay again after a decline. */
  PaymentForm?: ComponentType<{ nhdOrder: { orderId: string; label: string; amountCents: number }; onPaid: () => void }>;
}

/** /nhd-order-list/:orderId: one order, its live timeline, recipients, report, audit trail and the steps its owner may take. */
export function OrderPage({ PaymentForm }: OrderPageParts) {
  const s = useStyles();
  const { orderId = '' } = useParams();
  const auth = useSnapshot(session);
  const isAdmin = allowed(auth.user?.role, 'nhd.oversee');
  const [cancelling, setCancelling] = useState(false);
  const [paying, setPaying] = useState(false);
  const [opening, setOpening] = useState(false);
  const view = useLiveEntity<NhdOrderView>({
    messages: MESSAGES,
    entity: `${NHD_ORDER_ROOM}:${orderId}`,
    read: (signal) => fetchOrder(orderId, signal),
    same: (shown, push) => push.order_id === shown.order_id,
    settled: (shown) => FINAL.has(shown.status),
    deps: [orderId],
  });
  const order = view.data;
  const { live, reload } = view;
  const history = useOrderHistory(orderId, order?.version);
  const nameOf = useAccountNames([order?.account_id ?? null, ...(order?.timeline.map((t) => t.by) ?? []), ...(history.data?.items.map((h) => h.by) ?? [])].filter((id) => id && id !== 'system' && !id.startsWith('recipient:')));
  // Names are looked up for Super Admins; the owner sees their own steps as "You".
  const name = (id: string) => (id === auth.userId ? 'You' : (nameOf(id) ?? undefined));
  // The owner and the overseers take its steps; a Provider Admin reads its provider's users' orders only.
  const acts = order !== null && takesOrderSteps(order, auth.userId, auth.user?.role);

  if (view.status === 'error' && !order) {
    return (
      <section className={s.root} aria-labelledby="order-title">
        <ScreenTitle id="order-title">NHD order</ScreenTitle>
        <ErrorState title="This order cannot be shown" message={view.error ?? 'It may belong to another account.'} onRetry={reload} />
        <LinkButton to="/nhd-order-list">Back to your orders</LinkButton>
      </section>
    );
  }
  if (!order) return <LoadingBlock label="Loading the order" lines={6} />;

  const openReport = async () => {
    setOpening(true);
    try {
      const blob = await fetchOrderReport(order.order_id);
      const url = URL.createObjectURL(blob);
      const opened = window.open(url, '_blank', 'noopener');
      if (!opened) {
        const a = document.createElement('a');
        a.href = url;
        a.download = `NHD-report-${orderNumber(order)}.pdf`;
        a.click();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'The report could not be opened. Try again.');
    } finally {
      setOpening(false);
    }
  };
  const act = async (run: () => Promise<{ message?: string }>, fallback: string) => {
    try {
      const r = await run();
      notify.success(r.message ?? fallback);
      reload();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'That did not work. Try again.');
    }
  };
  const hasReport = ['report_ready', 'delivered', 'acknowledged', 'closed'].includes(order.status);

  return (
    <section className={s.root} aria-labelledby="order-title">
      <ScreenHeading id="order-title" title={`NHD order ${orderNumber(order)}`}>
        <Badge appearance="filled" color={STATUS_BADGE[order.status]} aria-label={`Status: ${statusLabel(order.status)}`}>
          {statusLabel(order.status)}
        </Badge>
        <span className={s.grow} />
        {hasReport && (
          <Button appearance="primary" icon={opening ? <Spinner size="tiny" /> : <DocumentPdfRegular />} onClick={() => void openReport()} disabledFocusable={opening}>
            Open the report (PDF)
          </Button>
        )}
        {acts && mayPay(order) && PaymentForm && !paying && (
          <Button appearance="primary" onClick={() => setPaying(true)}>
            {order.status === 'failed' ? 'Pay with another card' : `Pay ${formatCents(order.amount_cents)}`}
          </Button>
        )}
        {acts && mayCancel(order) && <Button onClick={() => setCancelling(true)}>Cancel order</Button>}
        {acts && mayClose(order) && <Button onClick={() => void act(() => closeOrder(order.order_id), 'Order closed.')}>Close order</Button>}
        {isAdmin && order.status === 'failed' && order.failure === 'report' && <Button onClick={() => void act(() => retryReport(order.order_id), 'The report is being made again.')}>Generate report again</Button>}
      </ScreenHeading>
      <LiveNote live={live} />
      {order.message && (
        <MessageBar intent={order.status === 'failed' ? 'error' : 'info'}>
          <MessageBarBody>{order.message}</MessageBarBody>
        </MessageBar>
      )}
      {paying && acts && PaymentForm && mayPay(order) && (
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>Payment</Title3>
          <PaymentForm nhdOrder={{ orderId: order.order_id, label: `${order.report_type.name} for ${order.property.address_line}, ${order.property.city}`, amountCents: order.amount_cents }} onPaid={() => (setPaying(false), reload())} />
        </Card>
      )}
      <div className={s.columns}>
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>Order</Title3>
          <dl className={s.facts}>
            <dt>Property</dt>
            <dd className={s.dd}>{addressOf(order.property)}</dd>
            <dt>APN</dt>
            <dd className={s.dd}>
              {order.property.apn} ({order.property.county} County)
            </dd>
            <dt>Report type</dt>
            <dd className={s.dd}>{order.report_type.name}</dd>
            <dt>Amount</dt>
            <dd className={s.dd}>
              {formatCents(order.amount_cents)}
              {order.promo ? ` (promo code ${order.promo.promo_code}, ${formatCents(order.promo.discount_cents)} off)` : ''}
            </dd>
            <dt>Placed</dt>
            <dd className={s.dd}>{formatDateTime12(order.placed_at)}</dd>
            {/* Whose order it is, for whoever is not its owner (a Super Admin, a Provider Admin on its user's order). */}
            {order.account_id !== auth.userId && (
              <>
                <dt>Customer</dt>
                <dd className={s.dd}>{nameOf(order.account_id) ?? order.account_id}</dd>
              </>
            )}
            {order.brokerage_name && (
              <>
                <dt>Brokerage</dt>
                <dd className={s.dd}>{order.brokerage_name}</dd>
              </>
            )}
            <dt>Order number</dt>
            <dd className={s.dd}>{orderNumber(order)}</dd>
          </dl>
          <Title3 as="h2" className={s.h2}>Recipients</Title3>
          <RecipientLinks order={order} mayWithdraw={acts} onChanged={reload} />
          {order.escrow_users.length > 0 && (
            <>
              <Title3 as="h2" className={s.h2}>Escrow</Title3>
              <ul className={s.list}>
                {order.escrow_users.map((e, i) => (
                  <li key={`${e.escrow_number}-${i}`} className={s.person}>
                    <Text weight="semibold">
                      {e.officer}, {e.company}
                    </Text>
                    <Text size={200}>
                      Escrow number {e.escrow_number}
                      {e.email ? ` · ${e.email}` : ''}
                    </Text>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
        <Card className={s.card}>
          <Title3 as="h2" className={s.h2}>Timeline</Title3>
          <OrderTimeline order={order} nameOf={name} />
        </Card>
      </div>
      <Card className={s.card}>
        <Title3 as="h2" className={s.h2}>Audit trail</Title3>
        {history.status === 'error' ? (
          <ErrorState title="The audit trail could not be loaded" message={history.error} onRetry={history.reload} />
        ) : !history.data ? (
          <LoadingBlock label="Loading the audit trail" lines={3} />
        ) : (
          <DataTable
            label="Audit trail of the order"
            regionLabel="Audit trail"
            size="small"
            columns={[
              { id: 'at', header: 'When', minWidth: '150px', render: (h) => <NoWrap>{formatDateTime12(h.at)}</NoWrap> },
              { id: 'by', header: 'Who', render: (h) => actorText(h.by, order, name) },
              { id: 'summary', header: 'What', render: (h) => h.summary },
            ]}
            items={history.data.items}
            getRowId={(h) => String(h.version)}
          />
        )}
      </Card>
      <LinkButton to={isAdmin ? '/admin-nhd-order-list' : '/nhd-order-list'} appearance="subtle">
        Back to the orders
      </LinkButton>
      {cancelling && (
        <CancelDialog
          order={order}
          onClose={(changed) => {
            setCancelling(false);
            if (changed) reload();
          }}
        />
      )}
    </section>
  );
}
