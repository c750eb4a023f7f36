import { Title1, makeStyles, tokens } from '@fluentui/react-components';
import { CLAIM_UPDATED_MESSAGE, type ClaimView } from '@acpg/contracts/reimbursement';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid } from '../../../components/ListScreen.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { PersonName } from '../../../components/PersonName.tsx';
import { useAccountNames } from '../../../lib/account-names.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useLiveList } from '../../../lib/live-list.ts';
import { formatCents } from '../../../lib/money.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { ADMIN_CLAIM_LIST, fetchAllClaims, type AdminClaimFilter } from '../api/reimbursement.ts';
import { categoryLabel, STATUS_BADGE, claimNumber, statusLabel } from '../claim-text.ts';
import { AdminClaimFilters } from './AdminClaimFilters.tsx';
import { ClaimLink } from './ClaimLink.tsx';

const MESSAGES = [CLAIM_UPDATED_MESSAGE];
type Row = ClaimView & { id: string };
const rowOf = (v: ClaimView): Row => ({ ...v, id: v.claim_id });
const EXPORT_HEADER = ['Claim', 'Submitted', 'Claimant', 'Property', 'County', 'APN', 'Category', 'Expense date', 'Amount (USD)', 'Approved (USD)', 'Status', 'Reason', 'Payout reference', 'Last change'];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/** Whether a pushed claim belongs in the queue as filtered (the server applies the same rules on the next read). */
const matches = (c: ClaimView, f: Filters<AdminClaimFilter>) =>
  // A search by the claimant's name or email is the server's to answer: a pushed claim waits for the next read.
  !f.q &&
  (!f.status || c.status === f.status) &&
  (!f.county || c.property.county === f.county) &&
  (!f.from || c.submitted_at.slice(0, 10) >= f.from) &&
  (!f.to || c.submitted_at.slice(0, 10) <= f.to) &&
  (!f.min_amount_cents || c.amount_cents >= Number(f.min_amount_cents)) &&
  (!f.max_amount_cents || c.amount_cents <= Number(f.max_amount_cents));

/** /admin-property-reimbursement (Super Admin): every claim, filtered, paged and sorted on the server, live by role, exported. */
export default function AdminClaimsPage() {
  const s = useStyles();
  const list = usePagedList(ADMIN_CLAIM_LIST);
  const view = useLiveList({
    list,
    messages: MESSAGES,
    fetchPage: fetchAllClaims,
    toRow: rowOf,
    created: { sort: 'submitted_at', at: (c) => c.submitted_at },
    accepts: matches,
  });
  const rows = view.data?.items ?? null;
  const nameOf = useAccountNames(rows?.map((r) => r.account_id) ?? []);

  const columns: GridColumn<Row>[] = [
    { id: 'number', header: 'Claim', render: (c) => <NoWrap>{claimNumber(c)}</NoWrap> },
    { id: 'submitted_at', header: 'Submitted', sortable: true, minWidth: '160px', render: (c) => <NoWrap>{formatDateTime12(c.submitted_at)}</NoWrap> },
    { id: 'claimant', header: 'Claimant', render: (c) => <PersonName id={c.account_id} name={nameOf(c.account_id)} /> },
    { id: 'property', header: 'Property', minWidth: '200px', render: (c) => `${c.property.address_line}, ${c.property.city} (${c.property.county})` },
    { id: 'category', header: 'Category', render: (c) => categoryLabel(c.category) },
    { id: 'amount_cents', header: 'Amount', sortable: true, render: (c) => formatCents(c.amount_cents) },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      render: (c) => <StatusBadge color={STATUS_BADGE[c.status]}>{statusLabel(c.status)}</StatusBadge>,
    },
    { id: 'updated_at', header: 'Last change', sortable: true, minWidth: '160px', render: (c) => <NoWrap>{formatDateTime12(c.updated_at)}</NoWrap> },
    {
      id: 'open',
      action: true,
      header: 'Review',
      render: (c) => (
        <ClaimLink to={`/admin-property-reimbursement/${c.claim_id}`} label={`Review the claim of ${nameOf(c.account_id) ?? 'a member'} for ${formatCents(c.amount_cents)}`}>
          Review
        </ClaimLink>
      ),
    },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchAllClaims, list, signal, {
      header: EXPORT_HEADER,
      row: (c) => [
        claimNumber(c),
        c.submitted_at,
        nameOf(c.account_id) ?? c.account_id,
        `${c.property.address_line}, ${c.property.city}`,
        c.property.county,
        c.property.apn,
        categoryLabel(c.category),
        c.expense_date,
        (c.amount_cents / 100).toFixed(2),
        c.approved_amount_cents === null ? '' : (c.approved_amount_cents / 100).toFixed(2),
        statusLabel(c.status),
        c.reason ?? '',
        c.payout?.reference ?? '',
        c.updated_at,
      ],
      fileBase: 'reimbursement-claims-all',
    });

  return (
    <section className={s.root} aria-labelledby="admin-claims-title">
      <div>
        <Title1 as="h1" id="admin-claims-title" tabIndex={-1}>
          Property Reimbursement
        </Title1>
      </div>
      <ListGrid
        list={list}
        view={view}
        filters={<AdminClaimFilters key={JSON.stringify(list.filters)} applied={list.filters} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />}
        label="Reimbursement claims"
        pagerLabel="Claim pages"
        noun={{ one: 'claim', other: 'claims' }}
        columns={columns}
        getRowId={(c) => c.id}
        noMatch="No claims match these filters."
        empty="No claims yet. Claims appear here, live, as members file them."
        onExport={onExport}
      />
    </section>
  );
}
