import { Badge, Card, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { MEMBERSHIP_UPDATED_MESSAGE, type MembershipStatus, type MembershipView } from '@acpg/contracts/memberships';
import { listGridProps, useLiveList } from '../../../lib/live-list.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportTable } from '../../../lib/export.ts';
import { fetchListRows } from '../../../lib/fetch-every.ts';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { cardText, fetchMemberships, MEMBERSHIP_LIST } from '../api/admin-billing.ts';
import { BillingFilters } from './BillingFilters.tsx';
import { LiveBadge } from '../../../components/LiveBadge.tsx';

const MESSAGES = [MEMBERSHIP_UPDATED_MESSAGE];
const STATUS: Record<MembershipStatus, { text: string; color: 'success' | 'danger' | 'warning' | 'informative' }> = {
  trialing: { text: 'Free trial', color: 'informative' },
  active: { text: 'Active', color: 'success' },
  past_due: { text: 'Past due', color: 'warning' },
  cancelled: { text: 'Canceled', color: 'danger' },
};

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  nowrap: { whiteSpace: 'nowrap' },
});

const renewalText = (m: MembershipView) => {
  if (m.status === 'cancelled') return m.ended_at ? `Ended ${formatDateUs(m.ended_at)}` : 'Ended';
  if (m.cancel_at_period_end) return `Ends ${formatDateUs(m.next_renewal_at)}`;
  const to = m.switch_to_plan_name ? ` as ${m.switch_to_plan_name}` : '';
  return `${formatDateUs(m.next_renewal_at)}${to}`;
};
const EXPORT_HEADER = ['Started', 'Account', 'Plan', 'Status', 'Next renewal', 'Renewal amount (USD)', 'Card'];

/** /admin-memberships (Super Admin): every membership, live; filters and export. */
export default function AdminMembershipsPage() {
  const s = useStyles();
  const list = usePagedList(MEMBERSHIP_LIST);
  // A row on this page takes the newer push (cancelled, renewed, past due); new memberships show on the next read.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchMemberships, toRow: (m: MembershipView) => m });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.account_id) ?? []);

  const columns: GridColumn<MembershipView>[] = [
    { id: 'started_at', header: 'Started', sortable: true, render: (m) => <span className={s.nowrap}>{formatDateUs(m.started_at)}</span> },
    { id: 'account', header: 'Member', render: (m) => <PersonName id={m.account_id} name={nameOf(m.account_id)} /> },
    { id: 'plan_name', header: 'Plan', sortable: true, render: (m) => m.plan_name },
    {
      id: 'status',
      header: 'Status',
      render: (m) => (
        <Badge className={s.nowrap} appearance="tint" color={STATUS[m.status].color}>
          {STATUS[m.status].text}
        </Badge>
      ),
    },
    { id: 'next_renewal_at', header: 'Next renewal', sortable: true, render: renewalText },
    { id: 'renewal', header: 'Renews at', render: (m) => formatCents(m.renewal_amount_cents) },
    { id: 'card', header: 'Card', render: (m) => cardText(m.card_brand, m.card_last4) },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    const all = await fetchListRows(fetchMemberships, list, signal);
    const out = all.map((m) => [m.started_at, m.account_id, m.plan_name, STATUS[m.status].text, renewalText(m), (m.renewal_amount_cents / 100).toFixed(2), `${m.card_brand} ${m.card_last4}`]);
    return (await exportTable(kind, { header: EXPORT_HEADER, rows: out, fileBase: 'memberships' })) ? all.length : 0;
  };
  const filtered = Object.keys(list.filters).length > 0;

  return (
    <section className={s.root} aria-labelledby="memberships-title">
      <div className={s.head}>
        <Title1 as="h1" id="memberships-title" tabIndex={-1}>
          Memberships
        </Title1>
        <LiveBadge live={view.live} />
      </div>
      <Card>
        <BillingFilters
          key={JSON.stringify(list.filters)}
          label="Filter memberships"
          applied={list.filters}
          choices={[
            { key: 'status', label: 'Status', options: Object.entries(STATUS).map(([value, { text }]) => ({ value, label: text })) },
            { key: 'plan_name', label: 'Plan', options: [{ value: 'Monthly', label: 'Monthly' }, { value: 'Yearly', label: 'Yearly' }] },
          ]}
          onApply={(f) => list.applyFilters(f)}
          onClear={list.clearFilters}
        />
      </Card>
      <Card>
        <PagedGrid<MembershipView>
          label="Memberships"
          pagerLabel="Membership pages"
          noun={{ one: 'membership', other: 'memberships' }}
          columns={columns}
          getRowId={(m) => m.id}
          {...listGridProps(list, view)}
          empty={filtered ? 'No memberships match these filters.' : 'No memberships yet.'}
          onExport={onExport}
        />
      </Card>
    </section>
  );
}
