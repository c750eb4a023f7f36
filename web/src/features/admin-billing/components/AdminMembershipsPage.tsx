import { MEMBERSHIP_UPDATED_MESSAGE, type MembershipStatus, type MembershipView } from '@acpg/contracts/memberships';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { cardText, fetchMemberships, MEMBERSHIP_LIST } from '../api/admin-billing.ts';
import { BillingFilters } from './BillingFilters.tsx';

const MESSAGES = [MEMBERSHIP_UPDATED_MESSAGE];
const STATUS: Record<MembershipStatus, { text: string; color: 'success' | 'danger' | 'warning' | 'informative' }> = {
  trialing: { text: 'Free trial', color: 'informative' },
  active: { text: 'Active', color: 'success' },
  past_due: { text: 'Past due', color: 'warning' },
  cancelled: { text: 'Canceled', color: 'danger' },
};

const renewalText = (m: MembershipView) => {
  if (m.status === 'cancelled') return m.ended_at ? `Ended ${formatDateUs(m.ended_at)}` : 'Ended';
  if (m.cancel_at_period_end) return `Ends ${formatDateUs(m.next_renewal_at)}`;
  const to = m.switch_to_plan_name ? ` as ${m.switch_to_plan_name}` : '';
  return `${formatDateUs(m.next_renewal_at)}${to}`;
};
const EXPORT_HEADER = ['Started', 'Account', 'Plan', 'Status', 'Next renewal', 'Renewal amount (USD)', 'Card'];

/** /admin-memberships (Super Admin): every membership, live; filters and export. */
export default function AdminMembershipsPage() {
  const list = usePagedList(MEMBERSHIP_LIST);
  // A row on this page takes the newer push (cancelled, renewed, past due); new memberships show on the next read.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchMemberships, toRow: (m: MembershipView) => m });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.account_id) ?? []);

  const columns: GridColumn<MembershipView>[] = [
    { id: 'started_at', header: 'Started', sortable: true, render: (m) => <NoWrap>{formatDateUs(m.started_at)}</NoWrap> },
    { id: 'account', header: 'Member', render: (m) => <PersonName id={m.account_id} name={nameOf(m.account_id)} /> },
    { id: 'plan_name', header: 'Plan', sortable: true, render: (m) => m.plan_name },
    { id: 'status', header: 'Status', render: (m) => <StatusBadge color={STATUS[m.status].color}>{STATUS[m.status].text}</StatusBadge> },
    { id: 'next_renewal_at', header: 'Next renewal', sortable: true, render: renewalText },
    { id: 'renewal', header: 'Renews at', render: (m) => formatCents(m.renewal_amount_cents) },
    { id: 'card', header: 'Card', render: (m) => cardText(m.card_brand, m.card_last4) },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchMemberships, list, signal, {
      header: EXPORT_HEADER,
      row: (m) => [m.started_at, m.account_id, m.plan_name, STATUS[m.status].text, renewalText(m), (m.renewal_amount_cents / 100).toFixed(2), `${m.card_brand} ${m.card_last4}`],
      fileBase: 'memberships',
    });

  return (
    <ListScreen titleId="memberships-title" title="Memberships" live={view.live}>
      <ListGrid
        list={list}
        view={view}
        filters={
          <BillingFilters
            key={JSON.stringify(list.filters)}
            label="Filter memberships"
            applied={list.filters}
            search={{ key: 'q', hint: 'Member name or email' }}
            choices={[
              { key: 'status', label: 'Status', options: Object.entries(STATUS).map(([value, { text }]) => ({ value, label: text })) },
              { key: 'plan_name', label: 'Plan', options: [{ value: 'Monthly', label: 'Monthly' }, { value: 'Yearly', label: 'Yearly' }] },
            ]}
            onApply={(f) => list.applyFilters(f)}
            onClear={list.clearFilters}
          />
        }
        label="Memberships"
        pagerLabel="Membership pages"
        noun={{ one: 'membership', other: 'memberships' }}
        columns={columns}
        getRowId={(m) => m.id}
        noMatch="No memberships match these filters."
        empty="No memberships yet."
        onExport={onExport}
      />
    </ListScreen>
  );
}
