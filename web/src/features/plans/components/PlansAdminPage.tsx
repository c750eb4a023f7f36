import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { PLAN_UPDATED_MESSAGE, type AdminPlan } from '@acpg/contracts/plans';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { useRowAction } from '../../../lib/row-action.ts';
import { formatCents } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { ChoiceField, FilterForm } from '../../../components/FilterForm.tsx';
import { ActiveBadge, EditAndSwitch, NoWrap } from '../../../components/GridCells.tsx';
import { fetchAdminPlans, PLAN_LIST, setPlanActive, type PlanFilterKey } from '../api/admin-plans.ts';
import { PlanDialog } from './PlanDialog.tsx';

const MESSAGES = [PLAN_UPDATED_MESSAGE];

const useStyles = makeStyles({
  // Ids keep one line: the grid's cells otherwise break words anywhere.
  nowrap: { whiteSpace: 'nowrap' },
});

const kindText = (p: AdminPlan) => (p.is_default ? 'Sold at sign-up' : 'Renewal price');
const trialText = (p: AdminPlan) => (p.trial_period.month > 0 ? `${p.trial_period.month} month${p.trial_period.month > 1 ? 's' : ''}` : 'None');
const EXPORT_HEADER = ['Plan id', 'Name', 'Kind', 'Price per term', 'Setup fee', 'Recording fee', 'Free trial', 'Status'];
const exportRow = (p: AdminPlan) => [
  p.id,
  p.name,
  kindText(p),
  formatCents(p.amount),
  formatCents(p.additional_charges['setup fees']),
  formatCents(p.additional_charges.recording_fees),
  trialText(p),
  p.is_active ? 'Active' : 'Inactive',
];

const KINDS = [
  { value: 'default', label: 'Sold at sign-up' },
  { value: 'renewal', label: 'Renewal price' },
];
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const NAMES = [
  { value: 'Monthly', label: 'Monthly' },
  { value: 'Yearly', label: 'Yearly' },
];

function PlanFilters({ applied, onApply, onClear }: { applied: Filters<PlanFilterKey>; onApply: (f: Filters<PlanFilterKey>) => void; onClear: () => void }) {
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  return (
    <FilterForm label="Filter plans" compact onSubmit={submit} onClear={clear}>
      <ChoiceField label="Name" value={draft.name} options={NAMES} onChange={(v) => set('name', v)} />
      <ChoiceField label="Kind" value={draft.kind} options={KINDS} onChange={(v) => set('kind', v)} />
      <ChoiceField label="Status" value={draft.status} options={STATUSES} onChange={(v) => set('status', v)} />
    </FilterForm>
  );
}

/** /plans (Super Admin): every plan, active or not, live; add, edit, activate and deactivate; export. */
export default function PlansAdminPage() {
  const s = useStyles();
  const track = useTrackClick();
  const list = usePagedList(PLAN_LIST);
  const [dialog, setDialog] = useState<{ editing: AdminPlan | null } | null>(null);

  // A row on this page takes the newer push; a plan created since the read has the list read again.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchAdminPlans, toRow: (p: AdminPlan) => p, readAgainOnNew: true });

  const { busy: switching, run: switchRow } = useRowAction(view.reload);
  const toggle = async (plan: AdminPlan) => {
    const activate = !plan.is_active;
    track(activate ? 'Activate plan' : 'Deactivate plan');
    await switchRow(plan.id, () => setPlanActive(plan.id, activate), 'The plan could not be changed.');
  };

  const columns: GridColumn<AdminPlan>[] = [
    {
      id: 'id',
      header: 'Plan id',
      sortable: true,
      render: (p) => (
        <Text className={s.nowrap} weight="semibold">
          {p.id}
        </Text>
      ),
    },
    { id: 'name', header: 'Name', sortable: true, render: (p) => p.name },
    { id: 'kind', header: 'Kind', render: (p) => <NoWrap>{kindText(p)}</NoWrap> },
    { id: 'amount', header: 'Price per term', sortable: true, render: (p) => formatCents(p.amount) },
    { id: 'fees', header: 'Setup + recording fees', render: (p) => `${formatCents(p.additional_charges['setup fees'])} + ${formatCents(p.additional_charges.recording_fees)}` },
    { id: 'trial', header: 'Free trial', render: trialText },
    { id: 'status', header: 'Status', render: (p) => <ActiveBadge active={p.is_active} /> },
    {
      id: 'actions',
      action: true,
      header: 'Actions',
      render: (p) => <EditAndSwitch name={p.id} active={p.is_active} switching={switching === p.id} onEdit={() => setDialog({ editing: p })} onSwitch={() => void toggle(p)} />,
    },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    return exportList(kind, fetchAdminPlans, list, signal, { header: EXPORT_HEADER, row: exportRow, fileBase: 'plans', key: (p) => p.id });
  };

  return (
    <ListScreen
      titleId="plans-title"
      title="Plans"
      live={view.live}
      actions={
        <Button
          appearance="primary"
          icon={<AddRegular />}
          onClick={() => {
            track('Add plan');
            setDialog({ editing: null });
          }}
        >
          Add plan
        </Button>
      }
    >
      <MessageBar intent="info">
        <MessageBarBody>
          A price change applies to new checkouts and to each membership&apos;s next renewal only; charges already made keep their price. Per name, one plan sold at sign-up and one
          renewal price can be active at a time.
        </MessageBarBody>
      </MessageBar>
      <ListGrid
        list={list}
        view={view}
        filters={<PlanFilters key={JSON.stringify(list.filters)} applied={list.filters} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />}
        label="Plans"
        pagerLabel="Plan pages"
        noun={{ one: 'plan', other: 'plans' }}
        columns={columns}
        getRowId={(p) => p.id}
        noMatch="No plans match these filters."
        offerClear
        empty="No plans yet. Add the Monthly and Yearly plans to sell memberships."
        onExport={onExport}
      />
      {dialog && (
        <PlanDialog
          editing={dialog.editing}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            notify.success(message);
            view.reload();
          }}
        />
      )}
    </ListScreen>
  );
}
