import { MEMBERSHIP_UPDATED_MESSAGE, type MembershipStatus, type MembershipView } from '@acpg/contracts/memberships';
import type { Filters } from '../../../lib/paged-list.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { cardText, fetchMemberships, MEMBERSHIP_LIST, type MembershipFilter } from '../api/admin-billing.ts';
import type { StatusLook } from '../payment-rows.ts';
import { BillingList, statusChoice, StatusCell, useBillingList } from './BillingList.tsx';

const MESSAGES = [MEMBERSHIP_UPDATED_MESSAGE];
const STATUS: Record<MembershipStatus, StatusLook> = {
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
/** Whether a pushed membership belongs in the list as filtered (the search is the server's alone). */
const matches = (m: MembershipView, f: Filters<MembershipFilter>) =>
  (!f.status || m.status === f.status) &&
  (!f.plan_name || m.plan_name === f.plan_name) &&
  (!f.from || m.started_at.slice(0, 10) >= f.from) &&
  (!f.to || m.started_at.slice(0, 10) <= f.to);
const EXPORT_HEADER = ['Started', 'Account', 'Plan', 'Status', 'Next renewal', 'Renewal amount (USD)', 'Card'];

/** /admin-memberships (Super Admin): every membership, live; search by the member's name or email, filters and export. */
export default function AdminMembershipsPage() {
  // A row on this page takes the newer push (cancelled, renewed, past due); a new membership goes on top of page 1.
  const { list, view, nameOf } = useBillingList({
    spec: MEMBERSHIP_LIST,
    messages: MESSAGES,
    fetchPage: fetchMemberships,
    toRow: (m: MembershipView) => m,
    created: { sort: 'started_at', at: (m) => m.started_at },
    accepts: matches,
  });

  const columns: GridColumn<MembershipView>[] = [
    { id: 'started_at', header: 'Started', sortable: true, render: (m) => <NoWrap>{formatDateUs(m.started_at)}</NoWrap> },
    { id: 'account', header: 'Member', render: (m) => <PersonName id={m.account_id} name={nameOf(m.account_id)} /> },
    { id: 'plan_name', header: 'Plan', sortable: true, render: (m) => m.plan_name },
    { id: 'status', header: 'Status', render: (m) => <StatusCell look={STATUS[m.status]} /> },
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
    <BillingList
      titleId="memberships-title"
      title="Memberships"
      noun={{ one: 'membership', other: 'memberships' }}
      list={list}
      view={view}
      search={{ key: 'q', hint: 'Member name or email' }}
      choices={[statusChoice(STATUS), { key: 'plan_name', label: 'Plan', options: [{ value: 'Monthly', label: 'Monthly' }, { value: 'Yearly', label: 'Yearly' }] }]}
      columns={columns}
      onExport={onExport}
    />
  );
}
