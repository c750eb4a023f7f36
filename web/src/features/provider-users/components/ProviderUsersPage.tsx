import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { PROVIDER_USER_UPDATED_MESSAGE, type ProviderUserStatus, type ProviderUserView } from '@acpg/contracts/provider-users';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { useRowAction } from '../../../lib/row-action.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import { useTrackClick } from '../../../lib/track.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { ChoiceField, FilterForm, SearchField } from '../../../components/FilterForm.tsx';
import { NoWrap, StatusBadge } from '../../../components/GridCells.tsx';
import { AlertBar } from '../../../components/AlertBar.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { actOnProviderUser, fetchProviderUsers, PROVIDER_USER_LIST, useProviderChoices, useProviderUsersScope, type FilterKey } from '../api/provider-users.ts';
import { ACTION_LABELS, ConfirmUserAction, type UserAction } from './ConfirmUserAction.tsx';
import { ImportInvitationsDialog } from './ImportInvitationsDialog.tsx';
import { InviteDialog, type ProviderChoice } from './InviteDialog.tsx';
import { AttachPropertiesDialog } from './AttachPropertiesDialog.tsx';
import { ProviderUserDialog } from './ProviderUserDialog.tsx';
import type { AddressFinder } from './PropertyPicker.tsx';

const MESSAGES = [PROVIDER_USER_UPDATED_MESSAGE];

export const STATUS_LABELS: Record<ProviderUserStatus, string> = { invited: 'Invited', active: 'Active', suspended: 'Suspended', revoked: 'Revoked', expired: 'Expired', removed: 'Removed' };
const STATUSES = (Object.keys(STATUS_LABELS) as ProviderUserStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));
const STATUS_COLORS: Record<ProviderUserStatus, 'success' | 'informative' | 'warning' | 'danger'> = { invited: 'informative', active: 'success', suspended: 'warning', revoked: 'danger', expired: 'danger', removed: 'danger' };

const EXPORT_HEADER = ['Email', 'Name', 'Role', 'Status', 'Provider', 'Invited', 'Joined'];
const exportRow = (u: ProviderUserView) => [u.email, u.full_name ?? '', u.role, STATUS_LABELS[u.status], u.provider_name, formatDateUs(u.invited_at), u.accepted_at ? formatDateUs(u.accepted_at) : ''];

/** A Provider Admin's row actions for one of its users (active or suspended): the services screen, on that service. */
function ActForUserLinks({ user }: { user: ProviderUserView }) {
  if (!user.account_id || (user.status !== 'active' && user.status !== 'suspended')) return null;
  const to = (service: 'protect' | 'nhd') => `/acpg-provider-users/${encodeURIComponent(user.account_id ?? '')}/act?${new URLSearchParams({ do: service, name: user.full_name ?? user.email })}`;
  return (
    <>
      <LinkButton size="small" to={to('protect')} aria-label={`Protect a property of ${user.email}`}>
        Protect a property
      </LinkButton>
      <LinkButton size="small" to={to('nhd')} aria-label={`Order NHD report for ${user.email}`}>
        Order NHD report
      </LinkButton>
    </>
  );
}

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', minWidth: 0, overflowWrap: 'anywhere', textAlign: 'start', height: 'auto', paddingInline: 0 },
});

function UserFilters({ applied, onApply, onClear, providers }: { applied: Filters<FilterKey>; onApply: (f: Filters<FilterKey>) => void; onClear: () => void; providers: readonly ProviderChoice[] | null }) {
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  return (
    <FilterForm label="Filter provider users" compact onSubmit={submit} onClear={clear}>
      <SearchField hint="Part of an email or a name" value={draft.q} onChange={(v) => set('q', v)} />
      <ChoiceField label="Status" value={draft.status} options={STATUSES} onChange={(v) => set('status', v)} />
      {providers && <ChoiceField label="Provider" value={draft.provider_id} options={providers.map((p) => ({ value: p.id, label: p.name }))} onChange={(v) => set('provider_id', v)} />}
    </FilterForm>
  );
}

/** A pushed row's filters, checked in the browser (the server answers the search and the expiry). */
const accepts = (row: ProviderUserView, filters: Filters<FilterKey>) => (!filters.status || row.status === filters.status) && (!filters.provider_id || row.provider_id === filters.provider_id);

/**
 * /acpg-provider-users: a Provider Admin's users (their provider, scoped by the server) or, for Super Admins and Admins,
 * every provider's with a provider filter; live; invite (with properties found by the address autocomplete, handed in
 * by the app), import a CSV, attach properties, resend, revoke, suspend, reactivate, remove from the provider, export; a user opens their details
 * and verified properties.
 */
export function ProviderUsersPage({ AddressAutocomplete }: { AddressAutocomplete: AddressFinder }) {
  const s = useStyles();
  const track = useTrackClick();
  const scope = useProviderUsersScope();
  const ownProvider = scope.data?.provider_id ?? null;
  const overseer = scope.status === 'ready' && ownProvider === null;
  const choices = useProviderChoices(overseer);
  const providers: ProviderChoice[] | null = overseer ? (choices.data?.items ?? []).map((p) => ({ id: p.id, name: p.name })) : null;
  const list = usePagedList(PROVIDER_USER_LIST);
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [confirming, setConfirming] = useState<{ user: ProviderUserView; action: UserAction } | null>(null);
  const [attaching, setAttaching] = useState<ProviderUserView | null>(null);
  const [opened, setOpened] = useState<ProviderUserView | null>(null);

  // Newest invitation first: a pushed new row goes on top of page 1; a Provider Admin follows their provider's room.
  const view = useLiveList({
    list,
    messages: MESSAGES,
    entity: ownProvider ? `provider-users:${ownProvider}` : undefined,
    fetchPage: fetchProviderUsers,
    toRow: (v: ProviderUserView) => v,
    created: { sort: 'invited_at', at: (r) => r.invited_at },
    accepts,
    searchKey: 'q',
    deps: [ownProvider],
  });
  const { busy, run } = useRowAction(view.reload);

  const act = async (user: ProviderUserView, action: UserAction) => {
    setConfirming(null);
    track(`${action[0]?.toUpperCase()}${action.slice(1)} provider user`);
    await run(user.id, () => actOnProviderUser(user.id, action), 'The change was not saved. Try again.');
  };

  const actionsOf = (u: ProviderUserView): UserAction[] =>
    u.status === 'invited' ? ['resend', 'revoke'] : u.status === 'expired' ? ['resend'] : u.status === 'active' ? ['suspend', 'remove'] : u.status === 'suspended' ? ['reactivate', 'remove'] : [];

  const columns: GridColumn<ProviderUserView>[] = [
    {
      id: 'email',
      header: 'User',
      sortable: true,
      render: (u) => (
        <Button appearance="transparent" className={s.who} onClick={() => setOpened(u)} title="Open: details and verified properties">
          <Text weight="semibold">{u.full_name ?? u.email}</Text>
          {u.full_name && <Text size={200}>{u.email}</Text>}
        </Button>
      ),
    },
    { id: 'role', header: 'Role', render: (u) => u.role },
    { id: 'status', header: 'Status', sortable: true, render: (u) => <StatusBadge color={STATUS_COLORS[u.status]}>{STATUS_LABELS[u.status]}</StatusBadge> },
    ...(overseer ? [{ id: 'provider', header: 'Provider', render: (u: ProviderUserView) => u.provider_name }] : []),
    { id: 'invited_at', header: 'Invited', sortable: true, render: (u) => <NoWrap>{formatDateUs(u.invited_at)}</NoWrap> },
    {
      id: 'actions',
      action: true,
      header: 'Actions',
      render: (u) => (
        <div className={s.actions}>
          {u.status === 'invited' && (
            <Button size="small" onClick={() => setAttaching(u)} aria-label={`Attach properties for ${u.email}`}>
              Attach properties
            </Button>
          )}
          {actionsOf(u).map((action) => (
            <Button key={action} size="small" disabledFocusable={busy === u.id} onClick={() => setConfirming({ user: u, action })} aria-label={`${ACTION_LABELS[action]} ${u.email}`}>
              {ACTION_LABELS[action]}
            </Button>
          ))}
          {ownProvider && <ActForUserLinks user={u} />}
        </div>
      ),
    },
  ];

  const onExport = (kind: 'xlsx' | 'csv', signal: AbortSignal) => exportList(kind, fetchProviderUsers, list, signal, { header: EXPORT_HEADER, row: exportRow, fileBase: 'provider-users', key: (u) => u.id });

  return (
    <ListScreen
      titleId="provider-users-title"
      title={scope.data?.provider_name ? `Provider Users of ${scope.data.provider_name}` : 'Provider Users'}
      live={view.live}
      actions={
        <>
          <Button appearance="primary" icon={<AddRegular />} disabled={scope.status !== 'ready'} onClick={() => setInviting(true)}>
            Invite user
          </Button>
          <Button icon={<ArrowUploadRegular />} disabled={scope.status !== 'ready'} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
        </>
      }
    >
      {scope.status === 'error' && <AlertBar>{scope.error}</AlertBar>}
      <ListGrid
        list={list}
        view={view}
        filters={<UserFilters applied={list.filters} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} providers={providers} />}
        label="Provider users"
        pagerLabel="Provider user pages"
        noun={{ one: 'user', other: 'users' }}
        columns={columns}
        getRowId={(u) => u.id}
        noMatch="No provider users match these filters."
        offerClear
        empty="No one has been invited yet. Invite people by email, or import a CSV file of emails and roles (and their properties)."
        onExport={onExport}
      />
      {inviting && (
        <InviteDialog
          providers={providers}
          AddressAutocomplete={AddressAutocomplete}
          onClose={() => setInviting(false)}
          onInvited={() => {
            setInviting(false);
            view.reload();
          }}
        />
      )}
      {importing && (
        <ImportInvitationsDialog
          providers={providers}
          onClose={() => {
            setImporting(false);
            view.reload();
          }}
        />
      )}
      {attaching && (
        <AttachPropertiesDialog
          user={attaching}
          AddressAutocomplete={AddressAutocomplete}
          onClose={() => setAttaching(null)}
          onAttached={() => {
            setAttaching(null);
            view.reload();
          }}
        />
      )}
      {opened && <ProviderUserDialog user={opened} statusLabel={STATUS_LABELS[opened.status]} onClose={() => setOpened(null)} />}
      {confirming && <ConfirmUserAction user={confirming.user} action={confirming.action} onCancel={() => setConfirming(null)} onConfirm={() => void act(confirming.user, confirming.action)} />}
    </ListScreen>
  );
}
