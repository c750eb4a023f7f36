import { useMemo, useState } from 'react';
import { Button, Text, makeStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { PRODUCT_PROMO_TARGETS, PROMO_CODE_UPDATED_MESSAGE, promoTargetName, type PromoCodeView } from '@acpg/contracts/promo-codes';
import { useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { useRowAction } from '../../../lib/row-action.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { exportList } from '../../../lib/fetch-every.ts';
import type { GridColumn } from '../../../components/PagedGrid.tsx';
import { ListGrid, ListScreen } from '../../../components/ListScreen.tsx';
import { ChoiceField, FilterForm, InputField } from '../../../components/FilterForm.tsx';
import { ActiveBadge, EditAndSwitch } from '../../../components/GridCells.tsx';
import { fetchPromoCodes, PROMO_CODE_LIST, rowOf, setPromoCodeActive, type FilterKey, type PromoCodeRow, usePlans } from '../api/promo-codes.ts';
import { PromoCodeDialog } from './PromoCodeDialog.tsx';

/** What a code applies to, in words: a plan id, NHD reports or Equity Protect. */

const MESSAGES = [PROMO_CODE_UPDATED_MESSAGE];

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
});

export const discountText = (v: Pick<PromoCodeView, 'discount_kind' | 'discount_value'>) =>
  v.discount_kind === 'percent' ? `${v.discount_value}% off` : `${formatCents(v.discount_value)} off`;
/** The last day a code works (its end is the start of the next day). */
const lastDay = (validTo: string) => formatDateUs(new Date(Date.parse(validTo) - 1));
export const validityText = (v: Pick<PromoCodeView, 'valid_from' | 'valid_to'>) =>
  v.valid_to ? `${formatDateUs(v.valid_from)} to ${lastDay(v.valid_to)}` : `From ${formatDateUs(v.valid_from)}, no end`;
export const usesText = (v: Pick<PromoCodeView, 'redeemed_count' | 'reserved_count' | 'max_redemptions'>) =>
  `${v.redeemed_count}${v.max_redemptions === null ? '' : ` of ${v.max_redemptions}`}${v.reserved_count > 0 ? ` (${v.reserved_count} paying now)` : ''}`;

const EXPORT_HEADER = ['Code', 'Discount', 'Plans', 'First day', 'Last day', 'Used', 'Paying now', 'Total limit', 'Per-account limit', 'Status', 'Created'];
const exportRow = (v: PromoCodeView) => [
  v.code,
  discountText(v),
  v.plan_ids.map(promoTargetName).join(', '),
  formatDateUs(v.valid_from),
  v.valid_to ? lastDay(v.valid_to) : 'No end',
  v.redeemed_count,
  v.reserved_count,
  v.max_redemptions ?? 'No limit',
  v.max_per_account ?? 'No limit',
  v.status === 'active' ? 'Active' : 'Inactive',
  formatDateUs(v.created_at),
];

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function PromoFilters({ applied, plans, onApply, onClear }: { applied: Filters<FilterKey>; plans: readonly { id: string; name: string }[]; onApply: (f: Filters<FilterKey>) => void; onClear: () => void }) {
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  const targets = [...plans.map((p) => ({ value: p.id, label: `${p.name} (${p.id})` })), ...PRODUCT_PROMO_TARGETS.map((t) => ({ value: t.id, label: t.name }))];
  return (
    <FilterForm label="Filter promo codes" compact onSubmit={submit} onClear={clear}>
      <InputField label="Code starts with" value={draft.code} onChange={(v) => set('code', v.toUpperCase())} />
      <ChoiceField label="Status" value={draft.status} options={STATUSES} onChange={(v) => set('status', v)} />
      <ChoiceField label="Plan" value={draft.plan_id} options={targets} onChange={(v) => set('plan_id', v)} />
    </FilterForm>
  );
}

/** /promocode (Super Admin): promo codes with their uses, live; add, edit, deactivate and activate; export. */
export default function PromoCodesPage() {
  const s = useStyles();
  const track = useTrackClick();
  const list = usePagedList(PROMO_CODE_LIST);
  const [dialog, setDialog] = useState<{ editing: PromoCodeView | null } | null>(null);
  const plans = usePlans();
  const planChoices = useMemo(() => (plans.data?.plans ?? []).filter((p) => p.is_default), [plans.data]);

  // A row on this page takes the newer push (uses counted, status); a code created since the read has the list read again.
  const view = useLiveList({ list, messages: MESSAGES, fetchPage: fetchPromoCodes, toRow: rowOf, readAgainOnNew: true });

  const { busy: switching, run: switchRow } = useRowAction(view.reload);
  const toggle = async (row: PromoCodeView) => {
    const activate = row.status !== 'active';
    track(activate ? 'Activate promo code' : 'Deactivate promo code');
    await switchRow(row.code, () => setPromoCodeActive(row.code, activate), 'The promo code could not be changed.');
  };

  const columns: GridColumn<PromoCodeRow>[] = [
    {
      id: 'code',
      header: 'Code',
      sortable: true,
      render: (v) => (
        <Text className={s.nowrap} weight="semibold">
          {v.code}
        </Text>
      ),
    },
    { id: 'discount', header: 'Discount', render: discountText },
    { id: 'plans', header: 'Applies to', render: (v) => v.plan_ids.map(promoTargetName).join(', ') },
    { id: 'valid_from', header: 'Valid', sortable: true, minWidth: '170px', render: validityText },
    { id: 'redeemed_count', header: 'Used', sortable: true, render: usesText },
    { id: 'per_account', header: 'Per account', render: (v) => (v.max_per_account === null ? 'No limit' : String(v.max_per_account)) },
    { id: 'status', header: 'Status', render: (v) => <ActiveBadge active={v.status === 'active'} /> },
    {
      id: 'actions',
      action: true,
      header: 'Actions',
      render: (v) => <EditAndSwitch name={v.code} active={v.status === 'active'} switching={switching === v.code} onEdit={() => setDialog({ editing: v })} onSwitch={() => void toggle(v)} />,
    },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    return exportList(kind, fetchPromoCodes, list, signal, { header: EXPORT_HEADER, row: exportRow, fileBase: 'promo-codes', key: (p) => p.code });
  };

  return (
    <ListScreen
      titleId="promo-codes-title"
      title="Promo Codes"
      live={view.live}
      actions={
        <Button
          appearance="primary"
          icon={<AddRegular />}
          onClick={() => {
            track('Add promo code');
            setDialog({ editing: null });
          }}
        >
          Add promo code
        </Button>
      }
    >
      <ListGrid
        list={list}
        view={view}
        filters={<PromoFilters key={JSON.stringify(list.filters)} applied={list.filters} plans={planChoices} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />}
        label="Promo codes"
        pagerLabel="Promo code pages"
        noun={{ one: 'promo code', other: 'promo codes' }}
        columns={columns}
        getRowId={(v) => v.code}
        noMatch="No promo codes match these filters."
        offerClear
        empty="No promo codes yet. Add one to offer a discount at checkout."
        onExport={onExport}
      />
      {dialog && (
        <PromoCodeDialog
          editing={dialog.editing}
          plans={plans.data?.plans ?? []}
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
