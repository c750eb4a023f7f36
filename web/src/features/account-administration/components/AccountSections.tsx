import type { ReactNode } from 'react';
import { Card, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { AdminAccountDetail } from '@acpg/contracts/account-administration';
import { ORDER_STATUS_LABELS } from '@acpg/contracts/nhd';
import { CLAIM_STATUS_LABELS } from '@acpg/contracts/reimbursement';
import { DataTable, type GridColumn } from '../../../components/DataTable.tsx';
import { NoWrap } from '../../../components/GridCells.tsx';
import { formatDateTime12, formatDateUs } from '../../../lib/dates.ts';
import { formatCents } from '../../../lib/money.ts';
import { auditWhat, rolesText, STATUS_TEXT } from '../account-text.ts';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  h2: { margin: 0 },
  facts: { margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  group: { display: 'contents' },
  term: { fontWeight: tokens.fontWeightSemibold },
  detail: { margin: 0, overflowWrap: 'anywhere' },
});

type Detail = AdminAccountDetail;

/** One section of the account's page: its h2, then its table, or a sentence when it has nothing. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const s = useStyles();
  return (
    <Card className={s.card}>
      <Title3 as="h2" className={s.h2}>
        {title}
      </Title3>
      {children}
    </Card>
  );
}

function Rows<T>({ label, none, items, columns, getRowId }: { label: string; none: string; items: readonly T[]; columns: readonly GridColumn<T>[]; getRowId: (item: T) => string }) {
  return items.length === 0 ? <Text>{none}</Text> : <DataTable label={label} columns={columns} items={items} getRowId={getRowId} size="small" />;
}

export function AccountFacts({ detail }: { detail: Detail }) {
  const s = useStyles();
  const a = detail.account;
  const facts: [string, string][] = [
    ['Email', a.email],
    ['Phone', a.phone_masked ?? 'None'],
    ['Roles', rolesText(a.roles)],
    ['Provider', a.provider_id ?? 'None'],
    ['Status', STATUS_TEXT[a.status]],
    ['Signed up', formatDateUs(a.created_at)],
  ];
  return (
    <Section title="Account">
      <dl className={s.facts}>
        {facts.map(([term, value]) => (
          <div key={term} className={s.group}>
            <dt className={s.term}>{term}</dt>
            <dd className={s.detail}>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

type SessionRow = Detail['sessions'][number];
const SESSION_COLUMNS: GridColumn<SessionRow>[] = [
  { id: 'started_at', header: 'Started', render: (r) => <NoWrap>{formatDateTime12(r.started_at)}</NoWrap> },
  { id: 'last_used_at', header: 'Last used', render: (r) => <NoWrap>{formatDateTime12(r.last_used_at)}</NoWrap> },
  { id: 'expires_at', header: 'Runs out', render: (r) => <NoWrap>{formatDateTime12(r.expires_at)}</NoWrap> },
  { id: 'device', header: 'Device', render: (r) => r.device ?? 'Not known' },
];

type MembershipRow = Detail['memberships'][number];
const MEMBERSHIP_STATUS: Record<MembershipRow['status'], string> = { trialing: 'Free trial', active: 'Active', past_due: 'Past due', cancelled: 'Canceled' };
const MEMBERSHIP_COLUMNS: GridColumn<MembershipRow>[] = [
  { id: 'plan', header: 'Plan', render: (r) => r.plan_name },
  { id: 'status', header: 'Status', render: (r) => MEMBERSHIP_STATUS[r.status] },
  { id: 'started_at', header: 'Started', render: (r) => <NoWrap>{formatDateUs(r.started_at)}</NoWrap> },
  { id: 'ended_at', header: 'Ended', render: (r) => (r.ended_at ? formatDateUs(r.ended_at) : 'Not ended') },
];

type OrderRow = Detail['nhd_orders'][number];
const ORDER_COLUMNS: GridColumn<OrderRow>[] = [
  { id: 'number', header: 'Order', render: (r) => <NoWrap>{r.number ?? r.order_id.slice(0, 8)}</NoWrap> },
  { id: 'property', header: 'Property', render: (r) => r.address_line },
  { id: 'report', header: 'Report', render: (r) => r.report_type },
  { id: 'amount', header: 'Amount', render: (r) => formatCents(r.amount_cents) },
  { id: 'status', header: 'Status', render: (r) => ORDER_STATUS_LABELS[r.status] },
  { id: 'placed_at', header: 'Placed', render: (r) => <NoWrap>{formatDateUs(r.placed_at)}</NoWrap> },
];

type ClaimRow = Detail['claims'][number];
const CLAIM_COLUMNS: GridColumn<ClaimRow>[] = [
  { id: 'number', header: 'Claim', render: (r) => <NoWrap>{r.number ?? r.claim_id.slice(0, 8)}</NoWrap> },
  { id: 'property', header: 'Property', render: (r) => r.address_line },
  { id: 'amount', header: 'Amount', render: (r) => formatCents(r.amount_cents) },
  { id: 'status', header: 'Status', render: (r) => CLAIM_STATUS_LABELS[r.status] },
  { id: 'submitted_at', header: 'Filed', render: (r) => <NoWrap>{formatDateUs(r.submitted_at)}</NoWrap> },
];

type AuditRow = Detail['audit'][number];
const AUDIT_COLUMNS: GridColumn<AuditRow>[] = [
  { id: 'at', header: 'When', render: (r) => <NoWrap>{formatDateTime12(r.at)}</NoWrap> },
  { id: 'what', header: 'What', render: auditWhat },
  { id: 'by', header: 'By', render: (r) => r.by_name ?? r.by },
  { id: 'reason', header: 'Reason', render: (r) => r.reason },
];

/** The account's sections under its facts: sessions, memberships, NHD orders, claims and the audit trail. */
export function AccountSections({ detail }: { detail: Detail }) {
  return (
    <>
      <Section title="Sessions">
        <Rows label="Active sessions" none="No active sessions." items={detail.sessions} columns={SESSION_COLUMNS} getRowId={(r) => r.session_id} />
      </Section>
      <Section title="Memberships">
        <Rows label="Memberships" none="No memberships." items={detail.memberships} columns={MEMBERSHIP_COLUMNS} getRowId={(r) => r.membership_id} />
      </Section>
      <Section title="NHD orders">
        <Rows label="NHD orders" none="No NHD orders." items={detail.nhd_orders} columns={ORDER_COLUMNS} getRowId={(r) => r.order_id} />
      </Section>
      <Section title="Claims">
        <Rows label="Claims" none="No claims." items={detail.claims} columns={CLAIM_COLUMNS} getRowId={(r) => r.claim_id} />
      </Section>
      <Section title="Audit trail">
        <Rows label="Audit trail" none="No role changes, suspensions or reactivations yet." items={detail.audit} columns={AUDIT_COLUMNS} getRowId={(r) => `${r.type}-${r.at}`} />
      </Section>
    </>
  );
}
