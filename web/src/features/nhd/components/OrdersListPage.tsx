import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { NHD_ORDER_UPDATED_MESSAGE, type NhdOrderView } from '@acpg/contracts/nhd';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { fetchAllOrders, fetchMyOrders, ORDER_LIST, type OrderFilter, useReportTypes } from '../api/nhd.ts';
import { STATUS_BADGE, orderNumber, statusLabel } from '../order-text.ts';
import { OrderFilters } from './OrderFilters.tsx';
import { ReportTypesDialog } from './ReportTypesDialog.tsx';
import { useLiveList } from '../../../lib/live-list.ts';
import { providerRoom, useOwnProvider } from '../../../lib/provider-scope.ts';

const MESSAGES = [NHD_ORDER_UPDATED_MESSAGE];
type Row = NhdOrderView & { id: string };
const rowOf = (v: NhdOrderView): Row => ({ ...v, id: v.order_id });

/** Whether a pushed order belongs in the list as filtered (the server applies the same rules on the next read). */
const matches = (o: NhdOrderView, f: Filters<OrderFilter>) => {
  const words = `${o.order_id} ${o.number ?? ''} ${o.property.address_line} ${o.property.city} ${o.property.zip} ${o.property.apn} ${o.recipients.map((r) => `${r.email} ${r.name}`).join(' ')}`.toLowerCase();
  return (
    (!f.q || words.includes(f.q.toLowerCase())) &&
    (!f.status || o.status === f.status) &&
    (!f.report_type || String(o.report_type.code) === f.report_type) &&
    (!f.county || o.property.county === f.county) &&
    (!f.from || o.placed_at.slice(0, 10) >= f.from) &&
    (!f.to || o.placed_at.slice(0, 10) <= f.to)
  );
};

const EXPORT_HEADER = ['Order', 'Placed', 'Customer', 'Brokerage', 'Property', 'APN', 'County', 'Report type', 'Amount (USD)', 'Status', 'Recipients', 'Last change'];

/**
 * The orders list: /nhd-order-list (the signed-in user's) or /admin-nhd-order-list (Super Admin: everyone's, with the
 * customer and the report types' prices). A Provider Admin's /nhd-order-list also holds its provider's users' orders,
 * with the customer's name and email, followed live on its provider's room. Search, filters, paging and sorting in the
 * URL; live: rows move as the orders do, and a new order appears on top of the first page.
 */
export function OrdersListPage({ admin }: { admin: boolean }) {
  const list = usePagedList(ORDER_LIST);
  const [editingTypes, setEditingTypes] = useState(false);
  const types = useReportTypes(admin);
  const fetchPage = admin ? fetchAllOrders : fetchMyOrders;
  const { providerId } = useOwnProvider();
  const members = !admin && providerId !== null;
  const view = useLiveList({
    list,
    messages: MESSAGES,
    // A customer's orders are pushed to their account's room; a Provider Admin's users' to its provider's room and its
    // own to its account's room (it follows both); Super Admins receive every order's push by role.
    mine: !admin,
    entity: members ? providerRoom(providerId) : undefined,
    fetchPage,
    toRow: rowOf,
    created: { sort: 'placed_at', at: (o) => o.placed_at },
    accepts: matches,
    deps: [admin, providerId],
  });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(admin || members ? (rows?.map((r) => r.account_id) ?? []) : []);

  const columns: GridColumn<Row>[] = [
    {
      id: 'number',
      header: 'Order',
      render: (o) => (
        <RouteLink to={`/nhd-order-list/${o.order_id}`}>
          <NoWrap>{orderNumber(o)}</NoWrap>
        </RouteLink>
      ),
    },
    { id: 'placed_at', header: 'Placed', sortable: true, minWidth: '160px', render: (o) => <NoWrap>{formatDateTime12(o.placed_at)}</NoWrap> },
    ...(admin || members ? [{ id: 'customer', header: 'Customer', render: (o: Row) => <PersonName id={o.account_id} name={nameOf(o.account_id)} /> }] : []),
    ...(admin ? [{ id: 'brokerage', header: 'Brokerage', render: (o: Row) => o.brokerage_name ?? '' }] : []),
    {
      id: 'property',
      header: 'Property',
      minWidth: '220px',
      render: (o) => (
        <RouteLink to={`/nhd-order-list/${o.order_id}`}>
          {o.property.address_line}, {o.property.city}
        </RouteLink>
      ),
    },
    { id: 'county', header: 'County', render: (o) => o.property.county },
    { id: 'report', header: 'Report type', render: (o) => o.report_type.name },
    { id: 'amount_cents', header: 'Amount', sortable: true, render: (o) => formatCents(o.amount_cents) },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      render: (o) => <StatusBadge color={STATUS_BADGE[o.status]}>{statusLabel(o.status)}</StatusBadge>,
    },
    { id: 'updated_at', header: 'Last change', sortable: true, minWidth: '160px', render: (o) => <NoWrap>{formatDateTime12(o.updated_at)}</NoWrap> },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchPage, list, signal, {
      header: EXPORT_HEADER,
      row: (o) => [
        orderNumber(o),
        o.placed_at,
        admin || members ? (nameOf(o.account_id) ?? o.account_id) : 'Me',
        o.brokerage_name ?? '',
        `${o.property.address_line}, ${o.property.city}, CA ${o.property.zip}`,
        o.property.apn,
        o.property.county,
        o.report_type.name,
        (o.amount_cents / 100).toFixed(2),
        statusLabel(o.status),
        o.recipients.map((r) => r.email).join('; '),
        o.updated_at,
      ],
      fileBase: admin ? 'nhd-orders-all' : members ? 'nhd-orders-provider' : 'nhd-orders',
    });

  return (
    <ListScreen
      titleId="orders-title"
      title="NHD Order List"
      live={view.live}
      actions={
        <>
          {admin && <Button onClick={() => setEditingTypes(true)}>Report types and prices</Button>}
          <LinkButton to="/nhd-order" appearance="primary" icon={<AddRegular />}>
            Order a report
          </LinkButton>
        </>
      }
    >
      <ListGrid
        list={list}
        view={view}
        filters={<OrderFilters key={JSON.stringify(list.filters)} admin={admin || members} applied={list.filters} reportTypes={types.data?.items ?? []} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />}
        label="NHD orders"
        pagerLabel="Order pages"
        noun={{ one: 'order', other: 'orders' }}
        columns={columns}
        getRowId={(o) => o.id}
        noMatch="No orders match these filters."
        empty={admin ? 'No NHD orders yet.' : members ? 'Neither you nor your provider’s users have ordered an NHD report yet.' : 'You have not ordered an NHD report yet. Choose “Order a report” to start.'}
        onExport={onExport}
      />
      {editingTypes && (
        <ReportTypesDialog
          onClose={() => {
            setEditingTypes(false);
            types.reload();
          }}
        />
      )}
    </ListScreen>
  );
}

export const MyOrdersPage = () => <OrdersListPage admin={false} />;
export const AdminOrdersPage = () => <OrdersListPage admin />;
