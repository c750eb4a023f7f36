import { useMemo, useState } from 'react';
import { Badge, Button, Card, Field, Input, Select, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { PRODUCT_PROMO_TARGETS, PROMO_CODE_UPDATED_MESSAGE, promoTargetName, type PromoCodeView } from '@acpg/contracts/promo-codes';
import { listGridProps, useLiveList } from '../../../lib/live-list.ts';
import { usePagedList, type Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { useRowAction } from '../../../lib/row-action.ts';
import { formatCents } from '../../../lib/money.ts';
import { formatDateUs } from '../../../lib/dates.ts';
import { exportTable } from '../../../lib/export.ts';
import { notify } from '../../../lib/notify.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { fetchListRows } from '../../../lib/fetch-every.ts';
import { PagedGrid, type GridColumn } from '../../../components/PagedGrid.tsx';
import { fetchPromoCodes, PROMO_CODE_LIST, rowOf, setPromoCodeActive, type FilterKey, type PromoCodeRow, usePlans } from '../api/promo-codes.ts';
import { PromoCodeDialog } from './PromoCodeDialog.tsx';
import { FilterButtons } from '../../../components/FilterButtons.tsx';
import { LiveBadge } from '../../../components/LiveBadge.tsx';

/** What a code applies to, in words: a plan id, NHD reports or Equity Protect. */

const MESSAGES = [PROMO_CODE_UPDATED_MESSAGE];

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))', alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  input: { minWidth: 0, width: '100%' },
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

function FilterForm({ applied, plans, onApply, onClear }: { applied: Filters<FilterKey>; plans: readonly { id: string; name: string }[]; onApply: (f: Filters<FilterKey>) => void; onClear: () => void }) {
  const s = useStyles();
  const { draft, set, submit, clear } = useFilterDraft(applied, onApply, onClear);
  return (
    <form className={s.filters} onSubmit={submit} aria-label="Filter promo codes" noValidate>
      <Field label="Code starts with">
        <Input className={s.input} value={draft.code ?? ''} onChange={(_, d) => set('code', d.value.toUpperCase())} />
      </Field>
      <Field label="Status">
        <Select value={draft.status ?? ''} onChange={(_, d) => set('status', d.value)}>
          <option value="">Any</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </Select>
      </Field>
      <Field label="Plan">
        <Select value={draft.plan_id ?? ''} onChange={(_, d) => set('plan_id', d.value)}>
          <option value="">Any</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.id})
            </option>
          ))}
          {PRODUCT_PROMO_TARGETS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
      <div className={s.actions}>
        <FilterButtons onClear={clear} />
      </div>
    </form>
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
    { id: 'code', header: 'Code', sortable: true, render: (v) => (
        <Text className={s.nowrap} weight="semibold">
          {v.code}
        </Text>
      ), },
    { id: 'discount', header: 'Discount', render: discountText },
    { id: 'plans', header: 'Applies to', render: (v) => v.plan_ids.map(promoTargetName).join(', ') },
    { id: 'valid_from', header: 'Valid', sortable: true, minWidth: '170px', render: validityText },
    { id: 'redeemed_count', header: 'Used', sortable: true, render: usesText },
    { id: 'per_account', header: 'Per account', render: (v) => (v.max_per_account === null ? 'No limit' : String(v.max_per_account)) },
    {
      id: 'status',
      header: 'Status',
      render: (v) => (
        <Badge className={s.nowrap} appearance="tint" color={v.status === 'active' ? 'success' : 'informative'}>
          {v.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      render: (v) => (
        <div className={s.actions}>
          <Button size="small" onClick={() => setDialog({ editing: v })} aria-label={`Edit ${v.code}`}>
            Edit
          </Button>
          <Button size="small" disabledFocusable={switching === v.code} onClick={() => void toggle(v)} aria-label={`${v.status === 'active' ? 'Deactivate' : 'Activate'} ${v.code}`}>
            {v.status === 'active' ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      ),
    },
  ];

  const onExport = async (kind: 'xlsx' | 'csv', signal: AbortSignal) => {
    track(kind === 'xlsx' ? 'Export XLSX' : 'Export CSV');
    const all = await fetchListRows(fetchPromoCodes, list, signal, (p) => p.code);
    return (await exportTable(kind, { header: EXPORT_HEADER, rows: all.map(exportRow), fileBase: 'promo-codes' })) ? all.length : 0;
  };
  const filtered = Object.keys(list.filters).length > 0;

  return (
    <section className={s.root} aria-labelledby="promo-codes-title">
      <div className={s.head}>
        <Title1 as="h1" id="promo-codes-title" tabIndex={-1}>
          Promo Codes
        </Title1>
        <LiveBadge live={view.live} />
        <span className={s.grow} />
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
      </div>
      <Card>
        <FilterForm key={JSON.stringify(list.filters)} applied={list.filters} plans={planChoices} onApply={(f) => list.applyFilters(f)} onClear={list.clearFilters} />
      </Card>
      <Card>
        <PagedGrid<PromoCodeRow>
          label="Promo codes"
          pagerLabel="Promo code pages"
          noun={{ one: 'promo code', other: 'promo codes' }}
          columns={columns}
          getRowId={(v) => v.code}
          {...listGridProps(list, view)}
          empty={
            filtered ? (
              <>
                No promo codes match these filters.{' '}
                <Button appearance="transparent" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              </>
            ) : (
              'No promo codes yet. Add one to offer a discount at checkout.'
            )
          }
          onExport={onExport}
        />
      </Card>
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
    </section>
  );
}
