import { Text } from '@fluentui/react-components';
import { ADMIN_ACCOUNT_UPDATED_MESSAGE, type AdminAccountRow } from '@acpg/contracts/account-administration';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import { useTrackClick } from '../../../lib/track.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { ChoiceField, FilterForm, SearchField } from '../../../components/FilterForm.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { ACCOUNT_LIST, fetchAccounts, type FilterKey } from '../api/accounts.ts';
import { accountMatches, EXPORT_HEADER, exportRow, ROLE_OPTIONS, rolesText, STATUS_COLOR, STATUS_OPTIONS, STATUS_TEXT } from '../account-text.ts';

const MESSAGES = [ADMIN_ACCOUNT_UPDATED_MESSAGE];

function AccountFilters({ applied, onApply, onClear }: { applied: Filters<FilterKey>; onApply: (f: Filters<FilterKey>) => void; onClear: () => void }) {
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  return (
    <FilterForm label="Find accounts" onSubmit={submit} onClear={clear}>
      <SearchField hint="Name, email or a whole phone number" value={draft.q} onChange={(v) => set('q', v)} />
      <ChoiceField label="Role" value={draft.role} options={ROLE_OPTIONS} onChange={(v) => set('role', v)} />
      <ChoiceField label="Status" value={draft.status} options={STATUS_OPTIONS} onChange={(v) => set('status', v)} />
    </FilterForm>
  );
}

/** /account-administration (Super Admin): every account, live; search, role and status filters, paging, export. */
export default function AccountsPage() {
  const track = useTrackClick();
  const list = usePagedList(ACCOUNT_LIST);
  // A row on this page takes the newer push (roles, suspension); a new sign-up goes on top of page 1.
  const view = useLiveList({
    list,
    messages: MESSAGES,
    fetchPage: fetchAccounts,
    toRow: (row: AdminAccountRow) => row,
    created: { sort: 'created_at', at: (row) => row.created_at },
    accepts: accountMatches,
  });

  const columns: GridColumn<AdminAccountRow>[] = [
    {
      id: 'full_name',
      header: 'Name',
      sortable: true,
      render: (row) => (
        <RouteLink to={`/account-administration/${encodeURIComponent(row.id)}`}>
          {row.full_name}
        </RouteLink>
      ),
    },
    { id: 'email', header: 'Email', sortable: true, render: (row) => <Text wrap>{row.email}</Text> },
    { id: 'phone', header: 'Phone', render: (row) => <NoWrap>{row.phone_masked ?? 'None'}</NoWrap> },
    { id: 'roles', header: 'Roles', render: (row) => rolesText(row.roles) },
    { id: 'status', header: 'Status', render: (row) => <StatusBadge color={STATUS_COLOR[row.status]}>{STATUS_TEXT[row.status]}</StatusBadge> },
    { id: 'created_at', header: 'Signed up', sortable: true, render: (row) => <NoWrap>{formatDateUs(row.created_at)}</NoWrap> },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    return exportList(kind, fetchAccounts, list, signal, { header: EXPORT_HEADER, row: exportRow, fileBase: 'accounts', key: (row) => row.id });
  };

  return (
    <ListScreen titleId="accounts-title" title="Accounts" live={view.live}>
      <ListGrid
        list={list}
        view={view}
        filters={<AccountFilters key={JSON.stringify(list.filters)} applied={list.filters} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />}
        label="Accounts"
        pagerLabel="Account pages"
        noun={{ one: 'account', other: 'accounts' }}
        columns={columns}
        getRowId={(row) => row.id}
        noMatch="No accounts match this search."
        offerClear
        empty="No accounts yet."
        onExport={onExport}
      />
    </ListScreen>
  );
}
