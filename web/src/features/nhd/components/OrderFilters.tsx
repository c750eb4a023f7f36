import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { ORDER_STATUSES, type ReportType } from '@acpg/contracts/nhd';
import { checkFilters, type Filters } from '../../../lib/paged-list.ts';
import { useCounties } from '../../../lib/counties.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { ORDER_LIST, type OrderFilter } from '../api/nhd.ts';
import { statusLabel } from '../order-text.ts';
import { FilterButtons } from '../../../components/FilterButtons.tsx';

const useStyles = makeStyles({
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))', alignItems: 'end' },
  search: { gridColumn: 'span 2', '@media (max-width: 480px)': { gridColumn: 'auto' } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, gridColumn: '1 / -1' },
  input: { minWidth: 0, width: '100%' },
});

/** Search, status, report type, county and the placed from/to days of an orders list; applied to the URL. */
export function OrderFilters({ applied, reportTypes, onApply, onClear }: { applied: Filters<OrderFilter>; reportTypes: readonly ReportType[]; onApply: (f: Filters<OrderFilter>) => void; onClear: () => void }) {
  const s = useStyles();
  const { draft, set, submit, clear, messageFor } = useFilterDraft(applied, onApply, onClear, (filled) => checkFilters(filled, ORDER_LIST));
  const counties = useCounties();
  return (
    <form className={s.filters} onSubmit={submit} aria-label="Filter orders" role="search" noValidate>
      <Field className={s.search} label="Search" hint="Address, APN, recipient email or order number">
        <Input className={s.input} type="search" value={draft.q ?? ''} onChange={(_, d) => set('q', d.value)} />
      </Field>
      <Field label="Status">
        <Select value={draft.status ?? ''} onChange={(_, d) => set('status', d.value)}>
          <option value="">Any</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Report type">
        <Select value={draft.report_type ?? ''} onChange={(_, d) => set('report_type', d.value)}>
          <option value="">Any</option>
          {reportTypes.map((t) => (
            <option key={t.code} value={String(t.code)}>
              {t.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="County">
        <Select value={draft.county ?? ''} onChange={(_, d) => set('county', d.value)}>
          <option value="">Any</option>
          {(counties.data?.items ?? []).map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Placed from" validationMessage={messageFor('from')} validationState={messageFor('from') ? 'error' : 'none'}>
        <Input className={s.input} type="date" value={draft.from ?? ''} onChange={(_, d) => set('from', d.value)} />
      </Field>
      <Field label="Placed to" validationMessage={messageFor('to')} validationState={messageFor('to') ? 'error' : 'none'}>
        <Input className={s.input} type="date" value={draft.to ?? ''} onChange={(_, d) => set('to', d.value)} />
      </Field>
      <div className={s.actions}>
        <FilterButtons onClear={clear} />
      </div>
    </form>
  );
}
