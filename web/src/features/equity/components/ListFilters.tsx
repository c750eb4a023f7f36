import { Checkbox, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { DOCUMENT_TYPES } from '@acpg/contracts/equity';
import { checkFilters, type Filters, type PagedListSpec } from '../../../lib/paged-list.ts';
import { useCounties } from '../../../lib/counties.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { documentTypeLabel } from '../equity-text.ts';
import { FilterButtons } from '../../../components/FilterButtons.tsx';

const useStyles = makeStyles({
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))', alignItems: 'end' },
  search: { gridColumn: 'span 2', '@media (max-width: 480px)': { gridColumn: 'auto' } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, gridColumn: '1 / -1', flexWrap: 'wrap', alignItems: 'center' },
  input: { minWidth: 0, width: '100%' },
});

type F = 'q' | 'status' | 'county' | 'from' | 'to' | 'document_type' | 'cases_only';

/** Search, status, county, (document type, cases only) and from/to days of an Equity Protect list; applied to the URL. */
export function ListFilters<S extends string, K extends F>({
  label,
  spec,
  applied,
  statuses,
  searchHint,
  dayLabel,
  onApply,
  onClear,
}: {
  label: string;
  spec: PagedListSpec<S, K>;
  applied: Filters<K>;
  statuses: readonly { value: string; label: string }[];
  searchHint: string;
  dayLabel: string;
  onApply: (f: Filters<K>) => void;
  onClear: () => void;
}) {
  const s = useStyles();
  // The draft holds every field this form can show; the spec says which of them the list takes.
  const { draft, set, submit, clear, messageFor } = useFilterDraft<F>(applied, (f) => onApply(f as Filters<K>), onClear, (filled) => checkFilters(filled as Filters<K>, spec));
  const counties = useCounties();
  const has = (key: F) => (spec.filters as readonly string[]).includes(key);
  return (
    <form className={s.filters} onSubmit={submit} aria-label={label} role="search" noValidate>
      <Field className={s.search} label="Search" hint={searchHint}>
        <Input className={s.input} type="search" value={draft.q ?? ''} onChange={(_, d) => set('q', d.value)} />
      </Field>
      <Field label="Status">
        <Select value={draft.status ?? ''} onChange={(_, d) => set('status', d.value)}>
          <option value="">Any</option>
          {statuses.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      {has('document_type') && (
        <Field label="Document type">
          <Select value={draft.document_type ?? ''} onChange={(_, d) => set('document_type', d.value)}>
            <option value="">Any</option>
            {DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {documentTypeLabel(t)}
              </option>
            ))}
          </Select>
        </Field>
      )}
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
      <Field label={`${dayLabel} from`} validationMessage={messageFor('from')} validationState={messageFor('from') ? 'error' : 'none'}>
        <Input className={s.input} type="date" value={draft.from ?? ''} onChange={(_, d) => set('from', d.value)} />
      </Field>
      <Field label={`${dayLabel} to`} validationMessage={messageFor('to')} validationState={messageFor('to') ? 'error' : 'none'}>
        <Input className={s.input} type="date" value={draft.to ?? ''} onChange={(_, d) => set('to', d.value)} />
      </Field>
      <div className={s.actions}>
        {has('cases_only') && <Checkbox label="Fraud cases only" checked={draft.cases_only === 'true'} onChange={(_, d) => set('cases_only', d.checked === true ? 'true' : '')} />}
        <FilterButtons onClear={clear} />
      </div>
    </form>
  );
}
