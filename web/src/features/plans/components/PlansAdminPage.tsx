import { useState } from 'react';
import { Badge, Button, Card, Field, MessageBar, MessageBarBody, Select, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { PLAN_UPDATED_MESSAGE, type AdminPlan } from '@acpg/contracts/plans';
import { listGridProps, useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { useRowAction } from '../../../lib/row-action.ts';
import { formatCents } from '../../../lib/money.ts';
import { exportTable } from '../../../lib/export.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { fetchListRows } from '../../../lib/fetch-every.ts';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { fetchAdminPlans, PLAN_LIST, setPlanActive, type PlanFilterKey } from '../api/admin-plans.ts';
import { PlanDialog } from './PlanDialog.tsx';
import { FilterButtons } from '../../../components/FilterButtons.tsx';
import { LiveBadge } from '../../../components/LiveBadge.tsx';

const MESSAGES = [PLAN_UPDATED_MESSAGE];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  // Codes, ids and badges keep one line: the grid's cells otherwise break words anywhere.
  nowrap: { whiteSpace: 'nowrap' },
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))', alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
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

function FilterForm({ applied, onApply, onClear }: { applied: Filters<PlanFilterKey>; onApply: (f: Filters<PlanFilterKey>) => void; onClear: () => void }) {
  const s = useStyles();
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  const select = (key: PlanFilterKey, label: string, options: readonly [string, string][]) => (
    <Field label={label}>
      <Select value={draft[key] ?? ''} onChange={(_, d) => set(key, d.value)}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
  return (
    <form className={s.filters} onSubmit={submit} aria-label="Filter plans" noValidate>
      {select('name', 'Name', [
        ['Monthly', 'Monthly'],
        ['Yearly', 'Yearly'],
      ])}
      {select('kind', 'Kind', [
        ['default', 'Sold at sign-up'],
        ['renewal', 'Renewal price'],
      ])}
      {select('status', 'Status', [
        ['active', 'Active'],
        ['inactive', 'Inactive'],
      ])}
      <div className={s.actions}>
        <FilterButtons onClear={clear} />
      </div>
    </form>
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
    { id: 'id', header: 'Plan id', sortable: true, render: (p) => (
        <Text className={s.nowrap} weight="semibold">
          {p.id}
        </Text>
      ), },
    { id: 'name', header: 'Name', sortable: true, render: (p) => p.name },
    { id: 'kind', header: 'Kind', render: (p) => <span className={s.nowrap}>{kindText(p)}</span> },
    { id: 'amount', header: 'Price per term', sortable: true, render: (p) => formatCents(p.amount) },
    { id: 'fees', header: 'Setup + recording fees', render: (p) => `${formatCents(p.additional_charges['setup fees'])} + ${formatCents(p.additional_charges.recording_fees)}` },
    { id: 'trial', header: 'Free trial', render: trialText },
    {
      id: 'status',
      header: 'Status',
      render: (p) => (
        <Badge className={s.nowrap} appearance="tint" color={p.is_active ? 'success' : 'informative'}>
          {p.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      render: (p) => (
        <div className={s.actions}>
          <Button size="small" onClick={() => setDialog({ editing: p })} aria-label={`Edit ${p.id}`}>
            Edit
          </Button>
          <Button size="small" disabledFocusable={switching === p.id} onClick={() => void toggle(p)} aria-label={`${p.is_active ? 'Deactivate' : 'Activate'} ${p.id}`}>
            {p.is_active ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      ),
    },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    const all = await fetchListRows(fetchAdminPlans, list, signal, (p) => p.id);
    return (await exportTable(kind, { header: EXPORT_HEADER, rows: all.map(exportRow), fileBase: 'plans' })) ? all.length : 0;
  };
  const filtered = Object.keys(list.filters).length > 0;

  return (
    <section className={s.root} aria-labelledby="plans-title">
      <div className={s.head}>
        <Title1 as="h1" id="plans-title" tabIndex={-1}>
          Plans
        </Title1>
        <LiveBadge live={view.live} />
        <span className={s.grow} />
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
      </div>
      <MessageBar intent="info">
        <MessageBarBody>
          A price change applies to new checkouts and to each membership&apos;s next renewal only; charges already made keep their price. Per name, one plan sold at sign-up and one
          renewal price can be active at a time.
        </MessageBarBody>
      </MessageBar>
      <Card>
        <FilterForm key={JSON.stringify(list.filters)} applied={list.filters} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />
      </Card>
      <Card>
        <PagedGrid<AdminPlan>
          label="Plans"
          pagerLabel="Plan pages"
          noun={{ one: 'plan', other: 'plans' }}
          columns={columns}
          getRowId={(p) => p.id}
          {...listGridProps(list, view)}
          empty={
            filtered ? (
              <>
                No plans match these filters.{' '}
                <Button appearance="transparent" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              'No plans yet. Add the Monthly and Yearly plans to sell memberships.'
            )
          }
          onExport={onExport}
        />
      </Card>
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
    </section>
  );
}
