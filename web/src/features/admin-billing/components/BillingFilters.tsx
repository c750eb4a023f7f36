import type { ReactNode } from 'react';
import type { Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { ChoiceField, FilterForm, InputField, SearchField } from '../../../components/FilterForm.tsx';

export interface Choice {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** The filters of an admin billing list: an optional search, a few choices, an optional text field, and a started from/to day range. */
export function BillingFilters<F extends string>({
  label,
  applied,
  choices,
  text,
  search,
  onApply,
  onClear,
}: {
  label: string;
  applied: Filters<F>;
  choices: readonly Choice[];
  text?: { key: F; label: string };
  /** A search box (the member's name or email), first in the form. */
  search?: { key: F; hint: string };
  onApply: (filters: Filters<F>) => void;
  onClear: () => void;
}): ReactNode {
  // The draft is keyed by the choices' names (plain strings); the list reads the same names back.
  const { draft, set, submit, clear, messageFor } = useFilterDraft<string>(applied, (f) => onApply(f as Filters<F>), onClear, (f) =>
    f.from && f.to && f.from > f.to ? { ok: false, field: 'from', message: 'From must not be after To.' } : { ok: true },
  );
  return (
    <FilterForm label={label} search={search !== undefined} onSubmit={submit} onClear={clear}>
      {search && <SearchField hint={search.hint} value={draft[search.key]} onChange={(v) => set(search.key, v)} />}
      {choices.map((c) => (
        <ChoiceField key={c.key} label={c.label} value={draft[c.key]} options={c.options} onChange={(v) => set(c.key, v)} />
      ))}
      {text && <InputField label={text.label} value={draft[text.key]} onChange={(v) => set(text.key, v.toUpperCase())} />}
      <InputField label="Started from" type="date" value={draft.from} error={messageFor('from')} onChange={(v) => set('from', v)} />
      <InputField label="Started to" type="date" value={draft.to} onChange={(v) => set('to', v)} />
    </FilterForm>
  );
}
