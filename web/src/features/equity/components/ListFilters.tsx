import { Checkbox } from '@fluentui/react-components';
import { DOCUMENT_TYPES } from '@acpg/contracts/equity';
import { checkFilters, type Filters, type PagedListSpec } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { documentTypeLabel } from '../equity-text.ts';
import { ChoiceField, CountyField, FilterForm, InputField, SearchField } from '../../../components/FilterForm.tsx';

const DOCUMENT_TYPE_OPTIONS = DOCUMENT_TYPES.map((t) => ({ value: t, label: documentTypeLabel(t) }));

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
  // The draft holds every field this form can show; the spec says which of them the list takes.
  const { draft, set, submit, clear, messageFor } = useFilterDraft<F>(applied, (f) => onApply(f as Filters<K>), onClear, (filled) => checkFilters(filled as Filters<K>, spec));
  const has = (key: F) => (spec.filters as readonly string[]).includes(key);
  return (
    <FilterForm
      label={label}
      search
      onSubmit={submit}
      onClear={clear}
      beforeButtons={has('cases_only') && <Checkbox label="Fraud cases only" checked={draft.cases_only === 'true'} onChange={(_, d) => set('cases_only', d.checked === true ? 'true' : '')} />}
    >
      <SearchField hint={searchHint} value={draft.q} onChange={(v) => set('q', v)} />
      <ChoiceField label="Status" value={draft.status} options={statuses} onChange={(v) => set('status', v)} />
      {has('document_type') && <ChoiceField label="Document type" value={draft.document_type} options={DOCUMENT_TYPE_OPTIONS} onChange={(v) => set('document_type', v)} />}
      <CountyField value={draft.county} onChange={(v) => set('county', v)} />
      <InputField label={`${dayLabel} from`} type="date" value={draft.from} error={messageFor('from')} onChange={(v) => set('from', v)} />
      <InputField label={`${dayLabel} to`} type="date" value={draft.to} error={messageFor('to')} onChange={(v) => set('to', v)} />
    </FilterForm>
  );
}
