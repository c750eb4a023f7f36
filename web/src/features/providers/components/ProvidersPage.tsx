import { useState } from 'react';
import { Button, Image, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { PROVIDER_UPDATED_MESSAGE, type ProviderView } from '@acpg/contracts/providers';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { useRowAction } from '../../../lib/row-action.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { ChoiceField, FilterForm, SearchField } from '../../../components/FilterForm.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { SimpleDialog } from '../../../components/SimpleDialog.tsx';
import { fetchProviders, PROVIDER_LIST, rowOf, setProviderActive, type FilterKey, type ProviderRow } from '../api/providers.ts';
import { ProviderDetailDialog } from './ProviderDetailDialog.tsx';
import { ProviderDialog, type AddressFinder } from './ProviderDialog.tsx';

const MESSAGES = [PROVIDER_UPDATED_MESSAGE];

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  logo: { width: '32px', height: '32px', objectFit: 'contain', flexShrink: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

function ProviderFilters({ applied, onApply, onClear }: { applied: Filters<FilterKey>; onApply: (f: Filters<FilterKey>) => void; onClear: () => void }) {
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  return (
    <FilterForm label="Filter providers" compact onSubmit={submit} onClear={clear}>
      <SearchField hint="Part of the provider's name" value={draft.q} onChange={(v) => set('q', v)} />
      <ChoiceField label="Status" value={draft.status} options={STATUSES} onChange={(v) => set('status', v)} />
    </FilterForm>
  );
}

/** A row's status filter, checked in the browser on a pushed row (the server answers the search). */
const accepts = (row: ProviderRow, filters: Filters<FilterKey>) => !filters.status || row.status === filters.status;

/** /acpg-provider (Super Admin): providers, live; add, edit, deactivate and reactivate; open one to see and appoint its Provider Admins. */
export function ProvidersPage({ AddressAutocomplete }: { AddressAutocomplete: AddressFinder }) {
  const s = useStyles();
  const track = useTrackClick();
  const list = usePagedList(PROVIDER_LIST);
  const [editing, setEditing] = useState<{ provider: ProviderView | null } | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ProviderView | null>(null);
  // Each dialog gives focus back to the button that opened it (Fluent's restore-focus target).
  const restoreFocus = useRestoreFocusTarget();

  // By name: a provider created since the read has the list read again; a changed row takes the newer push.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchProviders, toRow: rowOf, readAgainOnNew: true, accepts, searchKey: 'q' });
  const { busy: switching, run: switchRow } = useRowAction(view.reload);

  const toggle = async (row: ProviderView) => {
    const activate = row.status !== 'active';
    setConfirming(null);
    track(activate ? 'Reactivate provider' : 'Deactivate provider');
    await switchRow(row.id, () => setProviderActive(row.id, activate), 'The provider could not be changed.');
  };

  const columns: GridColumn<ProviderRow>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      render: (v) => (
        <span className={s.name}>
          {v.logo && <Image className={s.logo} src={v.logo.url} srcSet={v.logo.srcset} sizes="32px" alt="" />}
          <Text weight="semibold">{v.name}</Text>
        </span>
      ),
    },
    { id: 'kind', header: 'Kind', render: (v) => v.kind },
    { id: 'contact', header: 'Contact', render: (v) => `${v.contact.name} (${v.contact.email})` },
    { id: 'admins', header: 'Provider Admins', render: (v) => String(v.admin_count) },
    { id: 'status', header: 'Status', render: (v) => <StatusBadge color={v.status === 'active' ? 'success' : 'informative'}>{v.status === 'active' ? 'Active' : 'Deactivated'}</StatusBadge> },
    { id: 'created_at', header: 'Created', sortable: true, render: (v) => <NoWrap>{formatDateUs(v.created_at)}</NoWrap> },
    {
      id: 'actions',
      action: true,
      header: 'Actions',
      render: (v) => (
        <div className={s.actions}>
          <Button {...restoreFocus} size="small" appearance="primary" onClick={() => setOpened(v.id)} aria-label={`Open ${v.name}`}>
            Open
          </Button>
          <Button {...restoreFocus} size="small" onClick={() => setEditing({ provider: v })} aria-label={`Edit ${v.name}`}>
            Edit
          </Button>
          <Button {...restoreFocus} size="small" disabledFocusable={switching === v.id} onClick={() => (v.status === 'active' ? setConfirming(v) : void toggle(v))} aria-label={`${v.status === 'active' ? 'Deactivate' : 'Reactivate'} ${v.name}`}>
            {v.status === 'active' ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <ListScreen
      titleId="providers-title"
      title="Providers"
      live={view.live}
      actions={
        <Button
          {...restoreFocus}
          appearance="primary"
          icon={<AddRegular />}
          onClick={() => {
            track('Add provider');
            setEditing({ provider: null });
          }}
        >
          Add provider
        </Button>
      }
    >
      <ListGrid
        list={list}
        view={view}
        filters={<ProviderFilters applied={list.filters} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />}
        label="Providers"
        pagerLabel="Provider pages"
        noun={{ one: 'provider', other: 'providers' }}
        columns={columns}
        getRowId={(v) => v.id}
        noMatch="No providers match these filters."
        offerClear
        empty="No providers yet. Add one for a homebuilder, a brokerage or an escrow company."
      />
      {editing && (
        <ProviderDialog
          editing={editing.provider}
          AddressAutocomplete={AddressAutocomplete}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            notify.success(message);
            view.reload();
          }}
        />
      )}
      {opened && <ProviderDetailDialog providerId={opened} onClose={() => setOpened(null)} onChanged={view.reload} />}
      {confirming && (
        <SimpleDialog
          alert
          onDismiss={() => setConfirming(null)}
          title={`Deactivate ${confirming.name}?`}
          actions={
            <>
              <Button onClick={() => setConfirming(null)}>Keep active</Button>
              <Button appearance="primary" onClick={() => void toggle(confirming)}>
                Deactivate
              </Button>
            </>
          }
        >
          No one can be appointed its Provider Admin while it is deactivated. Its Provider Admins and history are kept; you can reactivate it later.
        </SimpleDialog>
      )}
    </ListScreen>
  );
}
