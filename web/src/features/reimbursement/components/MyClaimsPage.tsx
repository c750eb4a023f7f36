import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, Text, makeStyles, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { CLAIM_STATUSES, CLAIM_UPDATED_MESSAGE, ClaimStatus, type ClaimView } from '@acpg/contracts/reimbursement';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { ChoiceField } from '../../../components/FilterForm.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { formatDateTime12, formatDateUs } from '../../../lib/dates.ts';
import { useLiveList } from '../../../lib/live-list.ts';
import { formatCents } from '../../../lib/money.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { providerRoom, useOwnProvider } from '../../../lib/provider-scope.ts';
import { useAccountNames } from '../../../lib/account-names.ts';
import { PersonName } from '../../../components/PersonName.tsx';
import { session } from '../../../lib/session.ts';
import { writtenState } from '../../../lib/written.ts';
import { fetchMyClaims, MY_CLAIM_LIST } from '../api/reimbursement.ts';
import { categoryLabel, STATUS_BADGE, claimNumber, statusLabel } from '../claim-text.ts';
import { ClaimLink } from './ClaimLink.tsx';
import { FileClaimDialog } from './FileClaimDialog.tsx';
import { PayoutDestinationNote } from './PayoutDestinationNote.tsx';

const MESSAGES = [CLAIM_UPDATED_MESSAGE];
type Row = ClaimView & { id: string };
const rowOf = (v: ClaimView): Row => ({ ...v, id: v.claim_id });
const EXPORT_HEADER = ['Claim', 'Submitted', 'Member', 'Property', 'County', 'APN', 'Category', 'Expense date', 'Amount (USD)', 'Approved (USD)', 'Status', 'Last change'];

const STATUS_OPTIONS = CLAIM_STATUSES.map((st) => ({ value: st, label: statusLabel(st) }));

const useStyles = makeStyles({
  root: { minWidth: 0 },
  filter: { maxWidth: '280px' },
});

/**
 * /property-reimbursement: the member's claims (live on their account's room), filtered by status, paged and sorted on
 * the server, exported; "File a claim" opens the filing dialog. A Provider Admin sees their provider's users' claims
 * here, with the member's name and email, live on its provider's room (and opens them read-only).
 */
export default function MyClaimsPage() {
  const s = useStyles();
  const navigate = useNavigate();
  const list = usePagedList(MY_CLAIM_LIST);
  const { userId } = useSnapshot(session);
  const { providerId, providerAdmin: provider } = useOwnProvider();
  const [filing, setFiling] = useState(false);
  // The dialog opens from state, not a DialogTrigger: closing it returns focus to "File a claim".
  const restoreFocus = useRestoreFocusTarget();
  const view = useLiveList({
    list,
    messages: MESSAGES,
    // A member's claims are pushed to their account's room, a Provider Admin's users' to its provider's room (and its
    // own to its account's room: it follows both).
    mine: true,
    entity: provider ? providerRoom(providerId) : undefined,
    fetchPage: fetchMyClaims,
    toRow: rowOf,
    created: { sort: 'submitted_at', at: (c) => c.submitted_at },
    accepts: (c, f) => (provider || c.account_id === userId) && (!f.status || c.status === f.status),
    deps: [provider, providerId],
  });
  const nameOf = useAccountNames(provider ? (view.data?.items.map((c) => c.account_id) ?? []) : []);

  const columns: GridColumn<Row>[] = [
    { id: 'number', header: 'Claim', render: (c) => <NoWrap>{claimNumber(c)}</NoWrap> },
    { id: 'submitted_at', header: 'Submitted', sortable: true, minWidth: '160px', render: (c) => <NoWrap>{formatDateTime12(c.submitted_at)}</NoWrap> },
    ...(provider ? [{ id: 'member', header: 'Member', render: (c: Row) => <PersonName id={c.account_id} name={nameOf(c.account_id)} /> }] : []),
    { id: 'property', header: 'Property', minWidth: '200px', render: (c) => `${c.property.address_line}, ${c.property.city}` },
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
      header: 'Details',
      render: (c) => {
        const verb = c.status === 'more_info_requested' && !provider ? 'Answer' : 'Open';
        return (
          <ClaimLink to={`/property-reimbursement/${c.claim_id}`} label={`${verb} the claim for ${formatCents(c.amount_cents)} of ${formatDateUs(c.expense_date)}`}>
            {verb}
          </ClaimLink>
        );
      },
    },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) =>
    exportList(kind, fetchMyClaims, list, signal, {
      header: provider ? EXPORT_HEADER : EXPORT_HEADER.filter((h) => h !== 'Member'),
      row: (c) => [
        claimNumber(c),
        c.submitted_at,
        ...(provider ? [nameOf(c.account_id) ?? c.account_id] : []),
        `${c.property.address_line}, ${c.property.city}`,
        c.property.county,
        c.property.apn,
        categoryLabel(c.category),
        c.expense_date,
        (c.amount_cents / 100).toFixed(2),
        c.approved_amount_cents === null ? '' : (c.approved_amount_cents / 100).toFixed(2),
        statusLabel(c.status),
        c.updated_at,
      ],
      fileBase: 'reimbursement-claims',
    });

  return (
    <ListScreen
      titleId="claims-title"
      title="Property Reimbursement"
      className={s.root}
      actions={
        !provider && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setFiling(true)} {...restoreFocus}>
            File a claim
          </Button>
        )
      }
    >
      <Text>
        {provider
          ? 'Reimbursement claims filed by your provider’s users, and where each one stands.'
          : 'Claim back expenses on a property you verified: legal fees after title fraud, hazard damage repairs, inspections and emergency repairs. We email you at every step.'}
      </Text>
      {!provider && <PayoutDestinationNote />}
      <ListGrid
        list={list}
        view={view}
        filters={
          <ChoiceField
            className={s.filter}
            label="Status"
            value={list.filters.status}
            options={STATUS_OPTIONS}
            onChange={(v) => list.applyFilters(ClaimStatus.safeParse(v).success ? { status: v } : {})}
          />
        }
        label="Reimbursement claims"
        pagerLabel="Claim pages"
        noun={{ one: 'claim', other: 'claims' }}
        columns={columns}
        getRowId={(c) => c.id}
        noMatch="No claims match this status."
        empty={
          provider
            ? 'None of your provider’s users has filed a claim yet. Their claims show here as soon as they do.'
            : 'You have not filed a claim yet. To start, choose “File a claim”, pick one of your verified properties and attach a receipt or an invoice.'
        }
        onExport={onExport}
      />
      {filing && <FileClaimDialog onClose={() => setFiling(false)} onFiled={(claim) => void navigate(`/property-reimbursement/${claim.claim_id}`, { state: writtenState(claim) })} />}
    </ListScreen>
  );
}
