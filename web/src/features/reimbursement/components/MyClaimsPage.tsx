import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Badge, Button, Card, Field, Select, Text, Title1, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { CLAIM_STATUSES, CLAIM_UPDATED_MESSAGE, ClaimStatus, type ClaimView } from '@acpg/contracts/reimbursement';
import { fetchListRows } from '../../../lib/fetch-every.ts';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { formatDateTime12, formatDateUs } from '../../../lib/dates.ts';
import { exportTable } from '../../../lib/export.ts';
import { listGridProps, useLiveList } from '../../../lib/live-list.ts';
import { formatCents } from '../../../lib/money.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { session } from '../../../lib/session.ts';
import { fetchMyClaims, MY_CLAIM_LIST } from '../api/reimbursement.ts';
import { categoryLabel, STATUS_BADGE, statusLabel } from '../claim-text.ts';
import { ClaimLink } from './ClaimLink.tsx';
import { FileClaimDialog } from './FileClaimDialog.tsx';

const MESSAGES = [CLAIM_UPDATED_MESSAGE];
type Row = ClaimView & { id: string };
const rowOf = (v: ClaimView): Row => ({ ...v, id: v.claim_id });
const EXPORT_HEADER = ['Claim', 'Submitted', 'Property', 'County', 'APN', 'Category', 'Expense date', 'Amount (USD)', 'Approved (USD)', 'Status', 'Last change'];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  filter: { maxWidth: '280px' },
  nowrap: { whiteSpace: 'nowrap' },
});

/**
 * /property-reimbursement: the member's claims (live on their account's room), filtered by status, paged and sorted on
 * the server, exported; "File a claim" opens the filing dialog. A Provider Admin sees their provider's members' claims
 * here once providers exist (the server answers an empty page until then).
 */
export default function MyClaimsPage() {
  const s = useStyles();
  const navigate = useNavigate();
  const list = usePagedList(MY_CLAIM_LIST);
  const { userId, user } = useSnapshot(session);
  const roles = user?.role ?? [];
  const provider = roles.includes('Provider Admin') && !roles.includes('Super Admin');
  const [filing, setFiling] = useState(false);
  // The dialog opens from state, not a DialogTrigger: closing it returns focus to "File a claim".
  const restoreFocus = useRestoreFocusTarget();
  const view = useLiveList({
    list,
    messages: MESSAGES,
    entity: userId ? `account:${userId}` : undefined,
    fetchPage: fetchMyClaims,
    toRow: rowOf,
    created: { sort: 'submitted_at', at: (c) => c.submitted_at },
    accepts: (c, f) => c.account_id === userId && (!f.status || c.status === f.status),
    deps: [userId],
  });

  const columns: GridColumn<Row>[] = [
    { id: 'submitted_at', header: 'Submitted', sortable: true, minWidth: '160px', render: (c) => <span className={s.nowrap}>{formatDateTime12(c.submitted_at)}</span> },
    { id: 'property', header: 'Property', minWidth: '200px', render: (c) => `${c.property.address_line}, ${c.property.city}` },
    { id: 'category', header: 'Category', render: (c) => categoryLabel(c.category) },
    { id: 'amount_cents', header: 'Amount', sortable: true, render: (c) => formatCents(c.amount_cents) },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      render: (c) => (
        <Badge className={s.nowrap} appearance="tint" color={STATUS_BADGE[c.status]}>
          {statusLabel(c.status)}
        </Badge>
      ),
    },
    { id: 'updated_at', header: 'Last change', sortable: true, minWidth: '160px', render: (c) => <span className={s.nowrap}>{formatDateTime12(c.updated_at)}</span> },
    {
      id: 'open',
      header: 'Details',
      render: (c) => {
        const verb = c.status === 'more_info_requested' ? 'Answer' : 'Open';
        return (
          <ClaimLink to={`/property-reimbursement/${c.claim_id}`} label={`${verb} the claim for ${formatCents(c.amount_cents)} of ${formatDateUs(c.expense_date)}`}>
            {verb}
          </ClaimLink>
        );
      },
    },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    const all = await fetchListRows(fetchMyClaims, list, signal);
    const rows = all.map((c) => [
      c.claim_id,
      c.submitted_at,
      `${c.property.address_line}, ${c.property.city}`,
      c.property.county,
      c.property.apn,
      categoryLabel(c.category),
      c.expense_date,
      (c.amount_cents / 100).toFixed(2),
      c.approved_amount_cents === null ? '' : (c.approved_amount_cents / 100).toFixed(2),
      statusLabel(c.status),
      c.updated_at,
    ]);
    return (await exportTable(kind, { header: EXPORT_HEADER, rows, fileBase: 'reimbursement-claims' })) ? all.length : 0;
  };
  const filtered = Object.keys(list.filters).length > 0;
  const empty = filtered
    ? 'No claims match this status.'
    : provider
      ? 'Your provider’s members’ claims will show here. Providers and their members are not set up yet, so there is nothing to show.'
      : 'You have not filed a claim yet. To start, choose “File a claim”, pick one of your verified properties and attach a receipt or an invoice.';

  return (
    <section className={s.root} aria-labelledby="claims-title">
      <div className={s.head}>
        <Title1 as="h1" id="claims-title" tabIndex={-1}>
          Property Reimbursement
        </Title1>
        <span className={s.grow} />
        {!provider && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setFiling(true)} {...restoreFocus}>
            File a claim
          </Button>
        )}
      </div>
      <Text>
        {provider
          ? 'Reimbursement claims filed by your provider’s members, and where each one stands.'
          : 'Claim back expenses on a property you verified: legal fees after title fraud, hazard damage repairs, inspections and emergency repairs. We email you at every step.'}
      </Text>
      <Card>
        <Field className={s.filter} label="Status">
          <Select value={list.filters.status ?? ''} onChange={(_, d) => list.applyFilters(ClaimStatus.safeParse(d.value).success ? { status: d.value } : {})}>
            <option value="">Any</option>
            {CLAIM_STATUSES.map((st) => (
              <option key={st} value={st}>
                {statusLabel(st)}
              </option>
            ))}
          </Select>
        </Field>
      </Card>
      <Card>
        <PagedGrid<Row>
          label="Reimbursement claims"
          pagerLabel="Claim pages"
          noun={{ one: 'claim', other: 'claims' }}
          columns={columns}
          getRowId={(c) => c.id}
          {...listGridProps(list, view)}
          empty={empty}
          onExport={onExport}
        />
      </Card>
      {filing && <FileClaimDialog onClose={() => setFiling(false)} onFiled={(claim) => void navigate(`/property-reimbursement/${claim.claim_id}`)} />}
    </section>
  );
}
