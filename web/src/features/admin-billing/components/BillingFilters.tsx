import type { ReactNode } from 'react';
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { Filters } from '../../../lib/paged-list.ts';
import { useFilterDraft } from '../../../lib/filter-draft.ts';
import { FilterButtons } from '../../../components/FilterButtons.tsx';

const useStyles = makeStyles({
  filters: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))', alignItems: 'end' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, gridColumn: '1 / -1' },
  input: { minWidth: 0, width: '100%' },
});

export interface Choice {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
}

/** The filters of an admin billing list: a few choices, an optional text field, and a started from/to day range. */
export function BillingFilters<F extends string>({
  label,
  applied,
  choices,
  text,
  onApply,
  onClear,
}: {
  label: string;
  applied: Filters<F>;
  choices: readonly Choice[];
  text?: { key: F; label: string };
  onApply: (filters: Filters<F>) => void;
  onClear: () => void;
}): ReactNode {
  const s = useStyles();
  // The draft is keyed by the choices' names (plain strings); the list reads the same names back.
  const { draft, set, submit, clear, messageFor } = useFilterDraft<string>(applied, (f) => onApply(f as Filters<F>), onClear, (f) =>
    f.from && f.to && f.from > f.to ? { ok: false, field: 'from', message: 'From must not be after To.' } : { ok: true },
  );
  const error = messageFor('from');
  return (
    <form className={s.filters} onSubmit={submit} aria-label={label} noValidate>
      {choices.map((c) => (
        <Field key={c.key} label={c.label}>
          <Select value={draft[c.key] ?? ''} onChange={(_, d) => set(c.key, d.value)}>
            <option value="">Any</option>
            {c.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
      ))}
      {text && (
        <Field label={text.label}>
          <Input className={s.input} value={draft[text.key] ?? ''} onChange={(_, d) => set(text.key, d.value.toUpperCase())} />
        </Field>
      )}
      <Field label="Started from" validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Input className={s.input} type="date" value={draft.from ?? ''} onChange={(_, d) => set('from', d.value)} />
      </Field>
      <Field label="Started to">
        <Input className={s.input} type="date" value={draft.to ?? ''} onChange={(_, d) => set('to', d.value)} />
      </Field>
      <div className={s.actions}>
        <FilterButtons onClear={clear} />
      </div>
    </form>
  );
}
